/// Puts a credential into every request that does not carry one yet, asking a provider each time
/// (so a token can be refreshed between requests).
///
/// ```swift
/// let auth = AuthMiddleware(header: "Authorization") { "Bearer \(await tokens.current())" }
/// ```
public struct AuthMiddleware: Middleware {
    /// The header the credential goes in.
    public let header: String
    /// Returns the header value, or `nil` to send the request without one.
    public let value: @Sendable () async -> String?

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - header: The header name, such as `Authorization` or `X-API-Key`.
    ///   - value: The credential provider.
    public init(header: String = "Authorization", value: @escaping @Sendable () async -> String?) {
        self.header = header
        self.value = value
    }

    public func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError)
        -> HTTPResponseRecord
    {
        guard request.header(header) == nil, let credential = await value() else { return try await next(request) }
        var request = request
        request.headers.append((name: header, value: credential))
        return try await next(request)
    }
}
