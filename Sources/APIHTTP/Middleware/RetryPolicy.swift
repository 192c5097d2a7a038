/// How requests are retried: a profile's or an endpoint's `retry:`, applied by ``RetryMiddleware``.
///
/// Only idempotent methods are retried (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`, `TRACE`); a
/// `POST` may have taken effect even when its answer was a 502.
///
/// ```yaml
/// retry: {attempts: 3, on: [502, 503, 504, transport], backoff: 200ms, max_delay: 10s, retry_after: true}
/// ```
public struct RetryPolicy: Hashable, Sendable {
    /// Attempts in all, the first included (1...10).
    public var attempts: Int
    /// HTTP statuses that are retried.
    public var statuses: Set<Int>
    /// Whether failures without a response (refused, closed, timed out) are retried.
    public var transport: Bool
    /// The first backoff delay, doubled each attempt.
    public var backoff: Duration
    /// The longest single wait.
    public var maximumDelay: Duration
    /// Whether a response's `Retry-After` sets the wait.
    public var respectsRetryAfter: Bool

    /// Creates a policy; the defaults retry 502, 503, 504, 429 and transport failures three times.
    ///
    /// - Parameters:
    ///   - attempts: Attempts in all.
    ///   - statuses: Retried statuses.
    ///   - transport: Whether transport failures are retried.
    ///   - backoff: The first delay.
    ///   - maximumDelay: The cap on one wait.
    ///   - respectsRetryAfter: Whether `Retry-After` sets the wait.
    public init(
        attempts: Int = 3, statuses: Set<Int> = [429, 502, 503, 504], transport: Bool = true,
        backoff: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(10), respectsRetryAfter: Bool = true
    ) {
        self.attempts = attempts
        self.statuses = statuses
        self.transport = transport
        self.backoff = backoff
        self.maximumDelay = maximumDelay
        self.respectsRetryAfter = respectsRetryAfter
    }
}
