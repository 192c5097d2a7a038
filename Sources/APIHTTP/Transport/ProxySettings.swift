#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which proxy, if any, a request goes through, as curl and most tools read it from the environment.
///
/// `HTTPS_PROXY` serves `https` URLs, `HTTP_PROXY` serves `http` URLs (lowercase names win, as in curl), and
/// `NO_PROXY` lists hosts that go direct: exact names or IP addresses, domain suffixes (`example.com` and
/// `.example.com` both cover `api.example.com`) or `*` for all. Loopback hosts always go direct.
///
/// ```swift
/// let settings = ProxySettings.fromEnvironment([
///     "HTTPS_PROXY": "http://proxy.corp:3128", "NO_PROXY": "internal.corp,10.0.0.7",
/// ])
/// settings.proxy(for: "https://api.github.com/")  // proxy.corp:3128
/// settings.proxy(for: "https://wiki.internal.corp/")  // nil
/// ```
public struct ProxySettings: Sendable, Hashable {
    /// One proxy server.
    public struct Server: Sendable, Hashable {
        /// The proxy's host.
        public var host: String
        /// The proxy's port.
        public var port: Int
        /// `user:password` from the proxy URL, if any (sent as basic authorization).
        public var credentials: String?

        /// Creates a proxy server.
        ///
        /// - Parameters:
        ///   - host: The host.
        ///   - port: The port.
        ///   - credentials: `user:password`, if the proxy needs them.
        public init(host: String, port: Int, credentials: String? = nil) {
            self.host = host
            self.port = port
            self.credentials = credentials
        }
    }

    /// The proxy for `http` URLs.
    public var http: Server?
    /// The proxy for `https` URLs.
    public var https: Server?
    /// Hosts and domain suffixes that bypass the proxies, lowercased.
    public var bypass: [String]

    /// No proxy at all.
    public static let none = ProxySettings(http: nil, https: nil, bypass: [])

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - http: The proxy for `http` URLs.
    ///   - https: The proxy for `https` URLs.
    ///   - bypass: Hosts or domain suffixes that go direct.
    public init(http: Server?, https: Server?, bypass: [String]) {
        self.http = http
        self.https = https
        self.bypass = bypass.map { $0.lowercased() }
    }

    /// Reads `HTTP_PROXY`, `HTTPS_PROXY` and `NO_PROXY` (either case; lowercase wins).
    ///
    /// A variable that is not a usable proxy URL is ignored rather than guessed at.
    ///
    /// - Parameter environment: The variables; the process environment by default.
    /// - Returns: The settings.
    public static func fromEnvironment(_ environment: [String: String] = ProcessEnvironment.current()) -> ProxySettings
    {
        func value(_ name: String) -> String? {
            let found = environment[name.lowercased()] ?? environment[name]
            return found?.isEmpty == false ? found : nil
        }
        let bypass = (value("NO_PROXY") ?? "").split(separator: ",").map {
            $0.trimmingSpaces()
        }.filter { !$0.isEmpty }
        return ProxySettings(
            http: value("HTTP_PROXY").flatMap(parseServer),
            https: value("HTTPS_PROXY").flatMap(parseServer),
            bypass: bypass
        )
    }

    /// The proxy a URL goes through, or `nil` to connect directly.
    ///
    /// - Parameter url: The absolute request URL.
    /// - Returns: The proxy server, if any.
    public func proxy(for url: String) -> Server? {
        guard let (scheme, host) = Self.schemeAndHost(of: url) else { return nil }
        return proxy(scheme: scheme, host: host)
    }

    /// The proxy for a URL already split into its lowercased scheme and its host.
    func proxy(scheme: String, host: String) -> Server? {
        let server = scheme == "https" ? https : (scheme == "http" ? http : nil)
        guard let server, !bypasses(host: host) else { return nil }
        return server
    }

    /// Whether a host goes direct: loopback, or a `NO_PROXY` match.
    ///
    /// - Parameter host: The host name or address, without port.
    /// - Returns: `true` when no proxy is used for it.
    public func bypasses(host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]" { return true }
        return bypass.contains { entry in
            if entry == "*" { return true }
            let name = entry.hasPrefix(".") ? String(entry.dropFirst()) : Self.strippingPort(entry)
            return host == name || host.hasSuffix("." + name)
        }
    }

    static func parseServer(_ text: String) -> Server? {
        var rest = Substring(text.trimmingSpaces())
        var defaultPort = 1080  // curl's default for a proxy given without a scheme
        if let range = rest.firstRange(of: "://") {
            let scheme = rest[..<range.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else { return nil }
            defaultPort = scheme == "https" ? 443 : 80
            rest = rest[range.upperBound...]
        }
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        var credentials: String?
        if let at = rest.lastIndex(of: "@") {
            credentials = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
        }
        var host = String(rest)
        var port = defaultPort
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            guard let parsed = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(parsed) else { return nil }
            port = parsed
            host = String(rest[..<colon])
        }
        guard !host.isEmpty else { return nil }
        return Server(host: host, port: port, credentials: credentials)
    }

    static func schemeAndHost(of url: String) -> (scheme: String, host: String)? {
        // Searched byte by byte: this runs for every request, and `firstRange(of:)` costs more than the rest.
        let bytes = url.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex, !(bytes[index] == UInt8(ascii: ":") && bytes[index...].starts(with: "://".utf8))
        {
            bytes.formIndex(after: &index)
        }
        guard index != bytes.endIndex else { return nil }
        let scheme = url[..<index].lowercased()
        var authority = url[bytes.index(index, offsetBy: 3)...]
        if let end = authority.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            authority = authority[..<end]
        }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return (scheme, String(authority[authority.startIndex...close]))
        }
        return (scheme, strippingPort(String(authority)))
    }

    private static func strippingPort(_ hostAndPort: String) -> String {
        guard let colon = hostAndPort.lastIndex(of: ":"), hostAndPort.firstIndex(of: ":") == colon else {
            return hostAndPort
        }
        return String(hostAndPort[..<colon])
    }
}

/// Reads the process environment without Foundation.
public enum ProcessEnvironment {
    /// The current process's environment variables.
    ///
    /// - Returns: Name to value; a variable without `=` is skipped.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
