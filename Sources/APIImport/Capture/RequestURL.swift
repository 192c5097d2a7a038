/// An absolute URL split into the parts importers need, without Foundation's strictness
/// (`{`, `|` and spaces are common in pasted commands and captured traffic).
struct RequestURL: Hashable {
    /// `https`, lower-cased.
    var scheme: String
    /// `host[:port]`, without user information; lower-cased unless it holds a shell variable
    /// (`https://${APPLICATION_ID}-dsn.algolia.net`), whose name must keep its case.
    var authority: String
    /// `user:password` from `https://user:password@host`, if any.
    var userInfo: String?
    /// The path as written (`/v1/users/42`); empty when the URL has none.
    var path: String
    /// The raw query, without `?`; `nil` when there is no `?`.
    var query: String?

    /// `https://api.example.com`.
    var origin: String { scheme + "://" + authority }

    /// The host without the port.
    var host: String {
        if authority.hasPrefix("[") { return String(authority.prefix { $0 != "]" }.dropFirst()) }
        return String(authority.prefix { $0 != ":" })
    }

    /// The path's segments, without empty ones.
    var segments: [String] { path.split(separator: "/").map(String.init) }

    /// The query items, percent-decoded (`+` is kept: it is a space only in HTML forms).
    var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (CurlEncoding.unescape(String(item)), "") }
            return (
                CurlEncoding.unescape(String(item[..<equals])),
                CurlEncoding.unescape(String(item[item.index(after: equals)...]))
            )
        }
    }

    /// A URL that did not parse: everything is the path, so nothing is lost.
    init(unparsed text: String) {
        scheme = "http"
        authority = ""
        path = text
    }

    init?(_ text: String) {
        guard let schemeEnd = text.firstRange(of: "://") else { return nil }
        scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else {
            return nil
        }
        var rest = text[schemeEnd.upperBound...]
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            userInfo = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        self.authority = authority.contains("$") ? String(authority) : authority.lowercased()
        rest = rest[authorityEnd...]
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        path = String(rest)
    }
}
