import Foundation

/// Recognises credentials in headers, query items and `-u`, and replaces each with an
/// `${env:NAME}` placeholder, so no literal secret reaches a draft.
struct SecretScanner {
    /// A recognised credential: as profile auth, and as the header or query item that carries it
    /// when the profile's auth is already something else.
    struct Secret {
        var auth: AuthDraft?
        var header: DraftHeader?
        var query: DraftHeader?
    }

    /// The variables' prefix (`STRIPE`), from the profile name or the host.
    let prefix: String
    /// The environment variables the placeholders read, in first-use order.
    private(set) var variables: [String] = []

    init(prefix: String) {
        self.prefix = TemplateText.environmentName(prefix).isEmpty ? "API" : TemplateText.environmentName(prefix)
    }

    /// The redaction mask apiexplore writes in history and exports.
    static let mask = "••••"

    private static let secretQueryNames: Set<String> = [
        "api_key", "apikey", "api-key", "key", "access_token", "token", "auth", "auth_token", "private_token",
        "client_secret", "secret", "password",
    ]

    static func isSecretHeader(_ name: String) -> Bool {
        let name = name.lowercased()
        if ["authorization", "proxy-authorization", "cookie"].contains(name) { return true }
        if name == "idempotency-key" { return false }
        let fragments = ["api-key", "apikey", "api_key", "token", "secret", "password", "auth-key", "access-key"]
        return fragments.contains { name.contains($0) } || name.hasSuffix("-key")
    }

    static func isSecretQuery(_ name: String) -> Bool { secretQueryNames.contains(name.lowercased()) }

    /// `${env:NAME}` for a value: the shell variable it names (`$OPENAI_API_KEY`), else `PREFIX_SUFFIX`.
    mutating func placeholder(for value: String, suffix: String) -> String {
        var name = TemplateText.variableName(value.trimmingCharacters(in: .whitespaces)) ?? ""
        if name.isEmpty {
            let suffix = TemplateText.environmentName(suffix)
            name = suffix.hasPrefix(prefix + "_") || suffix == prefix ? suffix : prefix + "_" + suffix
        }
        if !variables.contains(name) { variables.append(name) }
        return "${env:\(name)}"
    }

    /// Records a variable a template reads (`$VAR` in a plain header).
    mutating func register(_ name: String) {
        if !variables.contains(name) { variables.append(name) }
    }

    /// Classifies a secret header (see ``isSecretHeader(_:)``).
    mutating func secret(header: DraftHeader) -> Secret {
        let lower = header.name.lowercased()
        if lower == "cookie" {
            return Secret(
                header: DraftHeader(name: header.name, value: placeholder(for: header.value, suffix: "COOKIE")))
        }
        guard lower == "authorization" || lower == "proxy-authorization" else {
            let value = placeholder(for: header.value, suffix: header.name.strippingX)
            return Secret(
                auth: .header(name: header.name, value: value), header: DraftHeader(name: header.name, value: value))
        }
        let parts = header.value.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            let value = placeholder(for: header.value, suffix: "API_KEY")
            return Secret(
                auth: .header(name: header.name, value: value), header: DraftHeader(name: header.name, value: value))
        }
        switch parts[0].lowercased() {
        case "bearer":
            let token = placeholder(for: parts[1], suffix: "TOKEN")
            return Secret(auth: .bearer(token: token), header: DraftHeader(name: header.name, value: "Bearer " + token))
        case "basic":
            let decoded = Data(base64Encoded: parts[1]).flatMap { String(data: $0, encoding: .utf8) }
            return Secret(auth: basic(decoded ?? ":"))
        default:
            // The scheme is literal text in a template: a `$` in it is doubled.
            let value = parts[0].replacing("$", with: "$$") + " " + placeholder(for: parts[1], suffix: "TOKEN")
            return Secret(
                auth: .header(name: header.name, value: value), header: DraftHeader(name: header.name, value: value))
        }
    }

    /// A secret query item as query auth.
    mutating func secret(queryName name: String, value: String) -> Secret {
        let template = placeholder(for: value, suffix: name)
        return Secret(auth: .query(name: name, value: template), query: DraftHeader(name: name, value: template))
    }

    /// `user:password` as basic auth; a lone user with an empty password is an API key (Stripe's `-u sk_…:`).
    mutating func basic(_ credentials: String) -> AuthDraft {
        let colon = credentials.firstIndex(of: ":")
        let user = String(credentials[..<(colon ?? credentials.endIndex)])
        let password = colon.map { String(credentials[credentials.index(after: $0)...]) }
        if password == "" {
            return .basic(username: placeholder(for: user, suffix: "API_KEY"), password: "")
        }
        return .basic(
            username: placeholder(for: user, suffix: "USERNAME"),
            password: placeholder(for: password ?? "", suffix: "PASSWORD"))
    }
}

extension String {
    /// `X-API-Key` → `API-Key`: the conventional `X-` says nothing about the value.
    fileprivate var strippingX: String { lowercased().hasPrefix("x-") ? String(dropFirst(2)) : self }
}
