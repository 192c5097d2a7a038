public import Foundation

/// The cookies of a session: stored from `Set-Cookie` headers and sent back in `Cookie` headers,
/// following RFC 6265's storage model (§5.3) and `Cookie` header rules (§5.4).
///
/// The jar is a value: it does no I/O and reads no clock, so every call takes the current time.
/// A `Domain` attribute must domain-match the request host; a bare top-level domain (`com`) is
/// refused as a public suffix, but there is no full Public Suffix List, so `co.uk` is accepted.
/// `Secure` cookies are accepted and sent over https only, except that `localhost`, `127.0.0.1` and
/// `::1` count as secure over http too, as browsers treat loopback. A jar holds at most 50 cookies
/// per domain and 3000 in all, evicting expired then oldest cookies first.
///
/// ```swift
/// var jar = CookieJar()
/// let now = Date()
/// _ = jar.receive(setCookie: ["sid=abc; Path=/; HttpOnly"], from: "https://api.example.test/login", now: now)
/// jar.cookieHeader(for: "https://api.example.test/users", now: now)  // "sid=abc"
/// ```
public struct CookieJar: Codable, Hashable, Sendable {
    /// The most cookies kept for one domain.
    static let maximumPerDomain = 50
    /// The most cookies kept in all.
    static let maximumTotal = 3000

    /// In arrival order, which breaks ties between equal creation times.
    var stored: [Cookie] = []

    private enum CodingKeys: String, CodingKey {
        case stored = "cookies"
    }

    /// Creates an empty jar.
    ///
    /// Fill it from responses with ``receive(setCookie:from:now:)``, or read one from disk with
    /// ``load(from:)``.
    ///
    /// ```swift
    /// var jar = CookieJar()
    /// jar.cookies(now: .now)  // []
    /// ```
    public init() {}

    /// Stores the cookies of a response's `Set-Cookie` headers, and returns the ones it refused.
    ///
    /// Each value is one header (they cannot be joined with commas, since `Expires` dates contain
    /// commas). A cookie with the same name, domain and path as a stored one replaces it but keeps
    /// its creation time; an already-expired cookie deletes the stored one. Refused are headers that
    /// do not parse, `Domain` attributes that do not domain-match the host (or, on an IP-address host,
    /// do not equal it, or are a bare top-level domain like `com`), and `Secure` cookies from plain
    /// http to a host other than loopback. Cookies evicted to stay within the limits are returned too.
    ///
    /// ```swift
    /// let refused = jar.receive(
    ///     setCookie: ["sid=abc; Domain=example.test", "x=1; Domain=other.test"],
    ///     from: "https://api.example.test/", now: .now)
    /// print(refused)  // [cookie 'x' refused: Domain 'other.test' does not match host 'api.example.test']
    /// ```
    ///
    /// - Parameters:
    ///   - values: The `Set-Cookie` header values, one per header.
    ///   - url: The URL of the request the response answers.
    ///   - now: The current time, for `Max-Age`, expiry and creation times.
    /// - Returns: The cookies refused or evicted, with the reason; empty when all were stored.
    public mutating func receive(setCookie values: [String], from url: String, now: Date) -> [CookieRejection] {
        guard let request = CookieRequest(url) else {
            return values.map { _ in CookieRejection(name: nil, reason: "request URL '\(url)' has no host") }
        }
        var rejections: [CookieRejection] = []
        for header in values {
            switch Cookie.parse(setCookie: header, now: now) {
            case .rejected(let name, let reason):
                rejections.append(CookieRejection(name: name, reason: reason))
            case .cookie(let parsed):
                switch cookie(from: parsed, request: request, now: now) {
                case .rejected(let reason):
                    rejections.append(CookieRejection(name: parsed.name, reason: reason))
                case .accepted(let cookie):
                    rejections += store(cookie, now: now)
                }
            }
        }
        return rejections
    }

    /// The `Cookie` header value for a request to `url`, or `nil` when no cookie applies.
    ///
    /// A cookie applies when its host matches (exactly when host-only, else by domain-match), its
    /// path path-matches the URL's, it is not expired, and, if `Secure`, the URL is https or loopback.
    /// Longer paths come first, then older cookies (§5.4). Expired cookies are dropped from the jar
    /// on the way, which is the only change this makes.
    ///
    /// ```swift
    /// jar.cookieHeader(for: "https://www.example.test/api/users", now: .now)  // "token=t1; sid=abc"
    /// ```
    ///
    /// - Parameters:
    ///   - url: The URL the request goes to.
    ///   - now: The current time, to leave out expired cookies.
    /// - Returns: `name=value` pairs joined with `; `, or `nil`.
    public mutating func cookieHeader(for url: String, now: Date) -> String? {
        stored.removeAll { $0.isExpired(at: now) }
        guard let request = CookieRequest(url) else { return nil }
        let matching = stored.enumerated().filter { _, cookie in
            let hostMatches =
                cookie.hostOnly ? cookie.domain == request.host : request.domainMatches(cookie.domain)
            return hostMatches && request.pathMatches(cookie.path) && (!cookie.secure || request.isSecure)
        }
        guard !matching.isEmpty else { return nil }
        let ordered = matching.sorted { left, right in
            if left.element.path.count != right.element.path.count {
                return left.element.path.count > right.element.path.count
            }
            if left.element.creation != right.element.creation {
                return left.element.creation < right.element.creation
            }
            return left.offset < right.offset
        }
        return ordered.map { "\($0.element.name)=\($0.element.value)" }.joined(separator: "; ")
    }

    /// The cookies that have not expired at `now`, by domain, path and name, for listings.
    ///
    /// Expired cookies stay in the jar until a ``cookieHeader(for:now:)`` call drops them.
    ///
    /// ```swift
    /// for cookie in jar.cookies(now: .now) { print(cookie) }  // sid=•••• (api.example.test, /, session)
    /// ```
    ///
    /// - Parameter now: The current time.
    /// - Returns: The unexpired cookies.
    public func cookies(now: Date) -> [Cookie] {
        stored.filter { !$0.isExpired(at: now) }.sorted {
            ($0.domain, $0.path, $0.name) < ($1.domain, $1.path, $1.name)
        }
    }

    /// Forgets every cookie, session and persistent alike.
    ///
    /// Save the jar afterwards to clear the file too.
    ///
    /// ```swift
    /// jar.removeAll()
    /// try jar.save(to: path)  // the file now holds no cookies
    /// ```
    public mutating func removeAll() {
        stored.removeAll()
    }

    /// Cookies the jar holds, expired or not, in arrival order.
    var all: [Cookie] { stored }

    init(cookies: [Cookie]) {
        stored = cookies
    }

    private enum Decision {
        case accepted(Cookie)
        case rejected(String)
    }

    /// §5.3 steps 4 to 10: the domain, path and secure rules that need the request.
    private func cookie(from parsed: Cookie.SetCookie, request: CookieRequest, now: Date) -> Decision {
        var domain = request.host
        var hostOnly = true
        if let attribute = parsed.domain, attribute != request.host {
            guard !request.isIPAddress else {
                return .rejected("Domain '\(attribute)' is not the IP address '\(request.host)'")
            }
            guard attribute.contains(".") else {
                return .rejected("Domain '\(attribute)' is a public suffix")
            }
            guard request.domainMatches(attribute) else {
                return .rejected("Domain '\(attribute)' does not match host '\(request.host)'")
            }
            domain = attribute
            hostOnly = false
        } else if let attribute = parsed.domain, attribute.contains("."), !request.isIPAddress {
            // Domain equal to the host: the cookie also goes to subdomains. A suffix like `localhost`
            // equal to the host stays host-only (§5.3 step 5).
            hostOnly = false
        }
        if parsed.secure && !request.isSecure {
            return .rejected("Secure cookie from the insecure URL '\(request.scheme)://\(request.host)'")
        }
        return .accepted(
            Cookie(
                name: parsed.name, value: parsed.value, domain: domain, hostOnly: hostOnly,
                path: parsed.path ?? request.defaultPath, expires: parsed.expires, secure: parsed.secure,
                httpOnly: parsed.httpOnly, sameSite: parsed.sameSite, creation: now))
    }

    /// §5.3 step 11, then the limits; returns the cookies evicted.
    private mutating func store(_ cookie: Cookie, now: Date) -> [CookieRejection] {
        // One cookie per (name, domain, path).
        if let index = stored.firstIndex(where: {
            $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path
        }) {
            if cookie.isExpired(at: now) {
                stored.remove(at: index)
            } else {
                // In place, so equal creation times keep their arrival order.
                var replacement = cookie
                replacement.creation = stored[index].creation
                stored[index] = replacement
            }
            return []
        }
        guard !cookie.isExpired(at: now) else { return [] }
        stored.append(cookie)
        var evicted = evict(
            from: { $0.domain == cookie.domain }, keeping: Self.maximumPerDomain, now: now,
            reason: "evicted: more than \(Self.maximumPerDomain) cookies for '\(cookie.domain)'")
        evicted += evict(
            from: { _ in true }, keeping: Self.maximumTotal, now: now,
            reason: "evicted: more than \(Self.maximumTotal) cookies in the jar")
        return evicted
    }

    /// Removes expired, then oldest, cookies among those `selected` until `limit` remain.
    private mutating func evict(
        from selected: (Cookie) -> Bool, keeping limit: Int, now: Date, reason: String
    ) -> [CookieRejection] {
        guard stored.count > limit else { return [] }
        let candidates = stored.indices.filter { selected(stored[$0]) }
        guard candidates.count > limit else { return [] }
        let victims = candidates.sorted { left, right in
            let (a, b) = (stored[left], stored[right])
            if a.isExpired(at: now) != b.isExpired(at: now) { return a.isExpired(at: now) }
            if a.creation != b.creation { return a.creation < b.creation }
            return left < right
        }
        .prefix(candidates.count - limit)
        let rejections = victims.sorted().map { CookieRejection(name: stored[$0].name, reason: reason) }
        for index in victims.sorted(by: >) { stored.remove(at: index) }
        return rejections
    }
}

/// A `Set-Cookie` header the jar did not store, or a cookie it evicted, and why.
///
/// ``CookieJar/receive(setCookie:from:now:)`` returns these instead of dropping cookies silently,
/// so a caller can show them (the value is never included: it may be a credential).
///
/// ```swift
/// for rejection in jar.receive(setCookie: ["=x"], from: "https://example.test/", now: .now) {
///     print(rejection)  // Set-Cookie refused: empty cookie name
/// }
/// ```
public struct CookieRejection: Hashable, Sendable, CustomStringConvertible {
    /// The cookie's name, or `nil` when the header was refused before a name could be read.
    ///
    /// ```swift
    /// rejection.name  // "sid"
    /// ```
    public let name: String?
    /// Why the cookie was refused or evicted, in words.
    ///
    /// ```swift
    /// rejection.reason  // "Domain 'com' is a public suffix"
    /// ```
    public let reason: String

    /// Creates a rejection.
    ///
    /// The jar makes these; the initializer is public so tests and front ends can compare with them.
    ///
    /// ```swift
    /// CookieRejection(name: "sid", reason: "Domain 'com' is a public suffix")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The cookie's name, if known.
    ///   - reason: Why it was not kept.
    public init(name: String?, reason: String) {
        self.name = name
        self.reason = reason
    }

    /// `cookie 'name' refused: reason`, or `Set-Cookie refused: reason` without a name.
    ///
    /// ```swift
    /// print(rejection)  // cookie 'sid' refused: Domain 'com' is a public suffix
    /// ```
    public var description: String {
        name.map { "cookie '\($0)' refused: \(reason)" } ?? "Set-Cookie refused: \(reason)"
    }
}

/// The parts of a request URL the cookie rules look at (RFC 6265 §5.1.3, §5.1.4).
struct CookieRequest {
    let scheme: String
    /// Lower-cased, without the brackets of an IPv6 literal.
    let host: String
    /// Percent-encoded as sent; `/` when the URL has none.
    let path: String
    let isIPAddress: Bool

    init?(_ url: String) {
        guard let components = URLComponents(string: url), let raw = components.host, !raw.isEmpty else {
            return nil
        }
        var host = raw.lowercased()
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        scheme = components.scheme?.lowercased() ?? ""
        path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        // A host whose last label is a number is an IPv4 address to URL parsers (WHATWG); `:` only
        // appears in IPv6 literals.
        let last = host.split(separator: ".").last ?? ""
        isIPAddress = host.contains(":") || (!last.isEmpty && last.allSatisfy { $0.isASCII && $0.isNumber })
    }

    /// https, or a loopback host, which browsers also treat as a secure context.
    var isSecure: Bool {
        scheme == "https" || scheme == "wss" || ["localhost", "127.0.0.1", "::1"].contains(host)
    }

    /// §5.1.3: the host equals `domain`, or is a name (not an IP address) ending in `.domain`.
    func domainMatches(_ domain: String) -> Bool {
        host == domain || (!isIPAddress && host.hasSuffix("." + domain))
    }

    /// §5.1.4: equal paths, or `cookiePath` a prefix ending in `/` or followed by `/`.
    func pathMatches(_ cookiePath: String) -> Bool {
        let request = Array(path.utf8)
        let cookie = Array(cookiePath.utf8)
        guard request.starts(with: cookie) else { return false }
        return request.count == cookie.count || cookie.last == UInt8(ascii: "/")
            || request[cookie.count] == UInt8(ascii: "/")
    }

    /// §5.1.4: the path up to, not including, its last `/`; `/` when that leaves nothing.
    var defaultPath: String {
        guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
