package import Foundation

/// Retries idempotent requests that failed to connect or were told to come back later.
///
/// Retried: `GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS` and `TRACE` requests whose connection was
/// refused, closed before a response or timed out (when ``retriesTransportFailures``), and
/// responses whose status is in ``statuses`` (`503` and `429` by default). The wait is the
/// response's `Retry-After` (seconds or an HTTP date) when present and respected, else exponential
/// backoff from ``baseDelay``, capped at ``maximumDelay`` either way. After ``maximumAttempts``
/// the last response or error is returned as it is; a response says how many attempts it took
/// (``HTTPResponseRecord/attempts``). `POST` and `PATCH` are never retried.
///
/// ```swift
/// RetryMiddleware(maximumAttempts: 3, baseDelay: .milliseconds(200), maximumDelay: .seconds(10))
/// ```
public struct RetryMiddleware: Middleware {
    /// Attempts in all, the first included.
    public let maximumAttempts: Int
    /// The first backoff delay; doubled for each further attempt.
    public let baseDelay: Duration
    /// The longest wait, whatever `Retry-After` asks for.
    public let maximumDelay: Duration
    /// Waits between attempts; `Task.sleep` unless a test replaces it.
    public let sleep: @Sendable (Duration) async throws(TransportError) -> Void
    /// The response statuses that are retried.
    public var statuses: Set<Int> = [503, 429]
    /// Whether a request that got no response (refused, closed, timed out) is retried.
    public var retriesTransportFailures = true
    /// Whether `Retry-After` sets the wait.
    public var respectsRetryAfter = true

    static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - maximumAttempts: Attempts in all (at least 1).
    ///   - baseDelay: The first backoff delay.
    ///   - maximumDelay: The cap on any single wait.
    ///   - sleep: How to wait; cancellation ends the wait with a `cancelled` error.
    public init(
        maximumAttempts: Int = 3, baseDelay: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(10),
        sleep: (@Sendable (Duration) async throws(TransportError) -> Void)? = nil
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        // `sleep ?? { … }` with a typed-throws closure crashes the Swift 6.3 compiler (SILGen); keep the `if`.
        if let sleep {
            self.sleep = sleep
        } else {
            self.sleep = Self.taskSleep
        }
    }

    /// Waits with `Task.sleep`; cancellation becomes a `cancelled` transport error.
    static func taskSleep(_ duration: Duration) async throws(TransportError) {
        do {
            try await Task.sleep(for: duration)
        } catch {
            throw TransportError(kind: .cancelled, request: "", message: "cancelled while waiting to retry")
        }
    }

    /// Creates the middleware a profile's `retry:` describes.
    ///
    /// ```swift
    /// RetryMiddleware(policy: RetryPolicy(attempts: 4, statuses: [502, 503, 504]))
    /// ```
    ///
    /// - Parameters:
    ///   - policy: The profile's policy.
    ///   - sleep: How to wait; `Task.sleep` by default.
    public init(policy: RetryPolicy, sleep: (@Sendable (Duration) async throws(TransportError) -> Void)? = nil) {
        self.init(
            maximumAttempts: policy.attempts, baseDelay: policy.backoff, maximumDelay: policy.maximumDelay, sleep: sleep
        )
        statuses = policy.statuses
        retriesTransportFailures = policy.transport
        respectsRetryAfter = policy.respectsRetryAfter
    }

    public func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError)
        -> HTTPResponseRecord
    {
        guard Self.idempotentMethods.contains(request.method.uppercased()) else { return try await next(request) }
        var attempt = 1
        while true {
            let delay: Duration
            do {
                var response = try await next(request)
                response.attempts = attempt
                guard attempt < maximumAttempts, statuses.contains(response.status) else {
                    return response
                }
                delay = wait(after: attempt, retryAfter: respectsRetryAfter ? response.header("Retry-After") : nil)
            } catch {
                guard attempt < maximumAttempts, retriesTransportFailures, Self.isRetryable(error.kind) else {
                    throw error
                }
                delay = wait(after: attempt, retryAfter: nil)
            }
            do {
                try await sleep(delay)
            } catch {
                // Name the request the wait was for, redacted like every transport error.
                var error = error
                if error.request.isEmpty {
                    error.request = RequestRedaction.describe(
                        method: request.method, url: request.url,
                        names: RequestRedaction.defaultQueryNames.union(request.redactedQueryNames))
                }
                throw error
            }
            attempt += 1
        }
    }

    /// Failures where the request may never have reached the server, or the server never answered.
    static func isRetryable(_ kind: TransportError.Kind) -> Bool {
        [.refused, .connectionClosed, .timeout(.connect), .timeout(.read)].contains(kind)
    }

    /// The wait before attempt `attempt + 1`.
    func wait(after attempt: Int, retryAfter: String?, now: Date = Date()) -> Duration {
        if let retryAfter, let requested = Self.retryAfterDelay(retryAfter, now: now) {
            return min(requested, maximumDelay)
        }
        return min(baseDelay * (1 << min(attempt - 1, 20)), maximumDelay)
    }

    /// `Retry-After` as a delay: delta-seconds, or an HTTP date (past dates wait zero).
    package static func retryAfterDelay(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return .seconds(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return .milliseconds(max(0, Int(date.timeIntervalSince(now) * 1000)))
    }
}
