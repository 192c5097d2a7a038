/// Secrets in URL paths: Telegram bot tokens (`/bot123456:AA…/sendMessage`), Slack webhooks
/// (`/services/T…/B…/<token>`), Discord webhooks (`/api/webhooks/<id>/<token>`) and any segment
/// of a known token shape (`SecretValues`).
///
/// In a profile path, `${env:NAME}` is a template placeholder like `{name}`, so the secret part
/// of a segment becomes one, in place: `/bot${env:TELEGRAM_BOT_TOKEN}/sendMessage`.
extension SecretScanner {
    /// The secret part of `segments[index]`: the literal text before it and the variable suffix.
    static func pathSecret(in segments: [Substring], at index: Int) -> (kept: Substring, suffix: String)? {
        let segment = segments[index]
        guard !segment.isEmpty else { return nil }
        if BaseLocation.isBotToken(String(segment)) { return (segment.prefix(3), "BOT_TOKEN") }
        if index >= 3, segments[index - 3] == "services", segments[index - 2].hasPrefix("T"),
            segments[index - 1].hasPrefix("B")
        {
            return (segment.prefix(0), "WEBHOOK_TOKEN")
        }
        if index >= 2, segments[index - 2] == "webhooks", !segments[index - 1].isEmpty,
            segments[index - 1].allSatisfy(\.isNumber)
        {
            return (segment.prefix(0), "WEBHOOK_TOKEN")
        }
        if SecretValues.containsKnownToken(CurlEncoding.unescape(String(segment))) {
            return (segment.prefix(0), "PATH_TOKEN")
        }
        return nil
    }

    /// The path with each secret segment part replaced by `replacement(value, suffix)`.
    static func replacingSecrets(inPath path: String, _ replacement: (String, String) -> String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        var result: [String] = []
        for index in segments.indices {
            if let secret = pathSecret(in: segments, at: index) {
                let value = CurlEncoding.unescape(String(segments[index].dropFirst(secret.kept.count)))
                result.append(secret.kept + replacement(value, secret.suffix))
            } else {
                result.append(String(segments[index]))
            }
        }
        return result.joined(separator: "/")
    }

    /// The path with its secrets behind `${env:…}` placeholders, their variables added to `used`.
    mutating func scrub(path: String, into used: inout [String]) -> String {
        var variables = used
        var scanner = self
        let result = Self.replacingSecrets(inPath: path) { value, suffix in
            scanner.hide(value, suffix: suffix, into: &variables)
        }
        self = scanner
        used = variables
        return result
    }

    /// `text` (a path, a form, a body) with its shell variables (`$ID`, `${TOKEN}`) as `${env:…}`
    /// placeholders, each registered and added to `used` so the writer keeps it a template.
    mutating func referencingEnvironment(in text: String, into used: inout [String]) -> String {
        let (result, names) = TemplateText.referencingEnvironment(text)
        for name in names {
            register(name)
            if !used.contains(name) { used.append(name) }
        }
        return result
    }
}
