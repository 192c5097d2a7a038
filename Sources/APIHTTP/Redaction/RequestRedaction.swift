/// Describes a request for errors and logs without leaking secrets carried in the query string.
///
/// ```swift
/// RequestRedaction.describe(method: "GET", url: "https://api.example.com/x?q=swift&access_token=abc")
/// // "GET https://api.example.com/x?q=swift&access_token=••••"
/// ```
public enum RequestRedaction {
    /// Query parameter names whose values are masked unless told otherwise (compared without case).
    public static let defaultQueryNames: Set<String> = Redaction.defaultQuery

    /// `METHOD URL` with the values of the named query parameters replaced by `••••`.
    ///
    /// User info in the URL (`https://user:pass@host`) is masked too.
    ///
    /// - Parameters:
    ///   - method: The request method.
    ///   - url: The request URL.
    ///   - names: The query parameter names to mask, compared without case.
    /// - Returns: The description.
    public static func describe(method: String, url: String, names: Set<String> = defaultQueryNames) -> String {
        "\(method) \(redact(url: url, names: names))"
    }

    /// The URL with the values of the named query parameters (and any user info) replaced by `••••`.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - names: The query parameter names to mask, compared without case.
    /// - Returns: The masked URL.
    public static func redact(url: String, names: Set<String> = defaultQueryNames) -> String {
        let lowered = Set(names.map { $0.lowercased() })
        var text = Substring(url)
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[hash...])
            text = text[..<hash]
        }
        var base = String(text)
        var query: Substring?
        if let mark = text.firstIndex(of: "?") {
            base = String(text[..<mark])
            query = text[text.index(after: mark)...]
        }
        base = redactUserInfo(base)
        guard let query else { return base + fragment }
        let parts = query.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
            guard let equals = part.firstIndex(of: "=") else { return String(part) }
            let name = part[..<equals].removingPercentEncodingLossy().lowercased()
            return lowered.contains(name) ? "\(part[..<equals])=\(Redaction.mask)" : String(part)
        }
        return base + "?" + parts.joined(separator: "&") + fragment
    }

    private static func redactUserInfo(_ base: String) -> String {
        guard let schemeEnd = base.firstRange(of: "://") else { return base }
        let afterScheme = base[schemeEnd.upperBound...]
        let authorityEnd = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        guard let at = afterScheme[..<authorityEnd].lastIndex(of: "@") else { return base }
        return String(base[..<schemeEnd.upperBound]) + Redaction.mask + "@"
            + String(afterScheme[afterScheme.index(after: at)...])
    }
}

extension Substring {
    /// Decodes `%XX` escapes and `+`; malformed escapes are kept as written (this only chooses what to mask).
    fileprivate func removingPercentEncodingLossy() -> String {
        var bytes: [UInt8] = []
        var iterator = self.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                let high = iterator.next()
                let low = iterator.next()
                if let high, let low, let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                    bytes.append(value)
                } else {
                    bytes.append(byte)
                    bytes.append(contentsOf: [high, low].compactMap { $0 })
                }
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
