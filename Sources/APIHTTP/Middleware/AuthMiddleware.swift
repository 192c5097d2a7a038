/// Puts a credential into requests for the given hosts that do not carry one yet, asking a
/// provider each time (so a token can be refreshed between requests).
///
/// The header is marked secret on the request, so logging masks it whatever its name.
///
/// ```swift
/// let auth = AuthMiddleware(header: "Authorization", hosts: ["api.github.com"]) {
///     "Bearer \(await tokens.current())"
/// }
/// ```
public struct AuthMiddleware: Middleware {
    /// The header the credential goes in.
    public let header: String
    /// The hosts (lower-case) that get the credential; never any other.
    public let hosts: Set<String>
    /// Returns the header value, or `nil` to send the request without one.
    public let value: @Sendable () async -> String?

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - header: The header name, such as `Authorization` or `X-API-Key`.
    ///   - hosts: The hosts the credential is for.
    ///   - value: The credential provider.
    public init(
        header: String = "Authorization", hosts: Set<String>, value: @escaping @Sendable () async -> String?
    ) {
        self.header = header
        self.hosts = Set(hosts.map { $0.lowercased() })
        self.value = value
    }

    public func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError)
        -> HTTPResponseRecord
    {
        var request = request
        request.redactedHeaderNames.insert(header.lowercased())
        guard let host = ProxySettings.schemeAndHost(of: request.url)?.host.lowercased(), hosts.contains(host),
            request.header(header) == nil, let credential = await value()
        else { return try await next(request) }
        request.headers.append((name: header, value: credential))
        return try await next(request)
    }
}
