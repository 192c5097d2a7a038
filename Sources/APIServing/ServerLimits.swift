/// What one of our servers (`serve-demo`, `serve-mock`) allows a client, so that no client, nor a
/// thousand at once, can exhaust it: how many connections it holds open, how long a connection may
/// sit idle and how long one request may take, how large a request's head may be, and how many
/// requests it works on at once.
///
/// Connections past ``maximumConnections`` wait in the kernel's queue (``backlog``) until one
/// closes; requests past ``maximumConcurrentRequests`` wait for a turn, first come first served.
/// A request that is not answered within ``requestTimeout`` has its connection closed, as has a
/// connection that has sent no complete request for ``idleTimeout`` (a client that sends its head a
/// byte at a time).
///
/// ```swift
/// let limits = ServerLimits.mock
/// limits.maximumConnections  // 256
/// ```
package struct ServerLimits: Sendable, Hashable {
    /// The most connections open at once.
    package var maximumConnections: Int
    /// The kernel's queue of connections not yet accepted.
    package var backlog: Int
    /// How long a connection may go without a request.
    package var idleTimeout: Duration
    /// How long a request may take, from its head to the end of its answer.
    package var requestTimeout: Duration
    /// The most requests answered at once; `nil` for no limit beyond the connections'.
    package var maximumConcurrentRequests: Int?
    /// The largest header field, in bytes.
    package var maximumHeaderFieldBytes: Int
    /// The largest head (all header fields), in bytes.
    package var maximumHeaderBytes: Int
    /// The most header fields.
    package var maximumHeaderFields: Int

    /// Limits with every value given.
    ///
    /// - Parameters:
    ///   - maximumConnections: The most connections open at once.
    ///   - backlog: The kernel's queue of connections not yet accepted.
    ///   - idleTimeout: How long a connection may go without a request.
    ///   - requestTimeout: How long a request may take.
    ///   - maximumConcurrentRequests: The most requests answered at once.
    ///   - maximumHeaderFieldBytes: The largest header field.
    ///   - maximumHeaderBytes: The largest head.
    ///   - maximumHeaderFields: The most header fields.
    package init(
        maximumConnections: Int, backlog: Int = 1024, idleTimeout: Duration, requestTimeout: Duration,
        maximumConcurrentRequests: Int?, maximumHeaderFieldBytes: Int = 16 << 10, maximumHeaderBytes: Int = 64 << 10,
        maximumHeaderFields: Int = 100
    ) {
        self.maximumConnections = maximumConnections
        self.backlog = backlog
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.maximumConcurrentRequests = maximumConcurrentRequests
        self.maximumHeaderFieldBytes = maximumHeaderFieldBytes
        self.maximumHeaderBytes = maximumHeaderBytes
        self.maximumHeaderFields = maximumHeaderFields
    }

    /// `serve-mock`: 256 connections, 16 requests answered at once (each reads the history, which
    /// takes its turn on one connection anyway), 30 seconds a request, 60 seconds idle.
    package static let mock = ServerLimits(
        maximumConnections: 256, idleTimeout: .seconds(60), requestTimeout: .seconds(30),
        maximumConcurrentRequests: 16)

    /// `serve-demo`: 512 connections, 5 minutes a request (its hazard routes answer slowly on
    /// purpose, for up to a minute, and uploads stream large bodies), 60 seconds idle.
    package static let demo = ServerLimits(
        maximumConnections: 512, idleTimeout: .seconds(60), requestTimeout: .seconds(300),
        maximumConcurrentRequests: nil)
}
