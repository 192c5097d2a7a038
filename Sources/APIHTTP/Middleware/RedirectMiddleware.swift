/// Follows redirects in the middle of a chain, so the middleware after it (cookies, cache, logging)
/// sees every hop as a request of its own: the cookie jar files each `Set-Cookie` under the URL that
/// sent it, and the log has a line per hop.
///
/// Each hop goes on with ``HTTPRequestSpec/redirects`` set to follow nothing, so the transport does
/// not follow a second time. The policy is the request's (else ``policy``), with the command line's
/// ``RedirectPolicy/Override`` on top; see ``RedirectPolicy`` for what every hop must pass.
///
/// ```swift
/// let chain = MiddlewareChain([RedirectMiddleware(), cookies], transport: transport)
/// let response = try await chain.send(HTTPRequestSpec(url: "http://127.0.0.1:8080/hazards/redirect?n=2"))
/// response.redirects.count   // 2
/// ```
public struct RedirectMiddleware: Middleware {
    /// The policy for requests that carry none.
    public let policy: RedirectPolicy
    /// The command line's changes to every request's policy.
    public let override: RedirectPolicy.Override?
    /// The total time for all hops of a request that sets none.
    public let totalTimeout: Duration

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - policy: The policy for requests that carry none.
    ///   - override: `--no-follow` and `--max-redirects`, applied to every request's policy.
    ///   - totalTimeout: The time for all hops when a request sets none.
    public init(
        policy: RedirectPolicy = RedirectPolicy(), override: RedirectPolicy.Override? = nil,
        totalTimeout: Duration = .seconds(120)
    ) {
        self.policy = policy
        self.override = override
        self.totalTimeout = totalTimeout
    }

    public func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError)
        -> HTTPResponseRecord
    {
        let policy = (request.redirects ?? self.policy).applying(override)
        let names = request.redactedQueryNames.union(RequestRedaction.defaultQueryNames)
        return try await RedirectFollower(policy: policy).follow(
            request, totalTimeout: totalTimeout,
            describe: { RequestRedaction.describe(method: $0.method, url: $0.url, names: names) },
            send: { (hop) async throws(TransportError) -> HTTPResponseRecord in
                var hop = hop
                hop.redirects = RedirectPolicy(mode: .none)
                return try await next(hop)
            })
    }
}
