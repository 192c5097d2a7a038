/// The rest of a middleware chain: the middleware after this one, then the transport.
public typealias MiddlewareNext = @Sendable (HTTPRequestSpec) async throws(TransportError) -> HTTPResponseRecord

/// One step every request passes through on its way to the transport: it may change the request,
/// answer it itself, call ``MiddlewareNext`` more than once, or change the response.
///
/// The shape is Hummingbird's `MiddlewareProtocol`: `handle(request, next)`.
///
/// ```swift
/// struct UserAgent: Middleware {
///     func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError) -> HTTPResponseRecord {
///         var request = request
///         request.headers.append((name: "User-Agent", value: "apiexplore/0.1"))
///         return try await next(request)
///     }
/// }
/// ```
public protocol Middleware: Sendable {
    /// Handles one request.
    ///
    /// - Parameters:
    ///   - request: The request so far.
    ///   - next: Sends the request on through the rest of the chain.
    /// - Returns: The response.
    /// - Throws: ``TransportError``, from `next` or from the middleware itself.
    func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError) -> HTTPResponseRecord
}

/// Middleware in order, in front of a transport. The first middleware sees the request first
/// and the response last.
///
/// ```swift
/// let chain = MiddlewareChain([RetryMiddleware(), LoggingMiddleware(logger: logger)], transport: transport)
/// let response = try await chain.send(HTTPRequestSpec(url: "https://api.github.com/rate_limit"))
/// ```
public struct MiddlewareChain: Sendable {
    /// The middleware, outermost first.
    public let middlewares: [any Middleware]
    /// The transport at the end of the chain.
    public let transport: any Transport

    /// Creates a chain.
    public init(_ middlewares: [any Middleware], transport: any Transport) {
        self.middlewares = middlewares
        self.transport = transport
    }

    /// Sends a request through every middleware, then the transport.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - progress: Download progress of each transport send.
    /// - Throws: ``TransportError``.
    public func send(
        _ request: HTTPRequestSpec, progress: (@Sendable (ProgressReport) -> Void)? = nil
    ) async throws(TransportError) -> HTTPResponseRecord {
        let transport = self.transport
        var next: MiddlewareNext = { (request) async throws(TransportError) -> HTTPResponseRecord in
            try await transport.send(request, progress: progress)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { (request) async throws(TransportError) -> HTTPResponseRecord in
                try await middleware.handle(request, next: inner)
            }
        }
        return try await next(request)
    }
}

extension HTTPRequestSpec {
    /// The value of the first header named `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
