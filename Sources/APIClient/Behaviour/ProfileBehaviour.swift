/// Conditional requests with a persisted validator store: `cache: {etag: true}`.
///
/// A `GET` answered `200` with an `ETag` or `Last-Modified` is kept; the next one asks
/// `If-None-Match`/`If-Modified-Since`, and a `304` is shown as "not modified, served from cache"
/// with the cached model.
public struct CachePolicy: Hashable, Sendable {
    /// Whether conditional requests are made.
    public var etag: Bool

    /// Creates a policy.
    ///
    /// - Parameter etag: Whether conditional requests are made.
    public init(etag: Bool) {
        self.etag = etag
    }
}

/// A redacted request log: `log: {file: github.log, level: info}`.
///
/// A profile names only a file inside apiexplore's own log folder (`logs/` in the state folder:
/// `$APIEXPLORE_STATE`, else `$XDG_STATE_HOME/apiexplore`, else `~/.local/state/apiexplore`): a
/// profile from elsewhere must not choose a file of the user's to append to. A log anywhere else
/// is the user's choice: `--log-file PATH`, or `logs: {PROFILE: PATH}` in the user configuration.
public struct LogPolicy: Hashable, Sendable {
    /// The file lines are appended to, relative to the log folder (`github.log`, `team/github.log`).
    public var file: String
    /// `debug` adds request headers (redacted); `info` logs one line per attempt; `warning` only failures.
    public var level: Level

    /// How much is logged.
    public enum Level: String, Hashable, Sendable, CaseIterable {
        /// Every attempt with its (redacted) request headers.
        case debug
        /// One line per attempt.
        case info
        /// Failures only.
        case warning
    }

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - file: The log file, relative to the log folder.
    ///   - level: The least level logged.
    public init(file: String, level: Level = .info) {
        self.file = file
        self.level = level
    }

    /// Why `name` cannot be a profile's log file, or `nil` when it can: it must stay inside the
    /// log folder (no `/` or `~` at its start, no `..` step, no control character).
    ///
    /// ```swift
    /// LogPolicy.problem(withName: "github.log")  // nil
    /// LogPolicy.problem(withName: "~/.bashrc")   // "must be a file name inside apiexplore's log folder …"
    /// ```
    public static func problem(withName name: String) -> String? {
        let steps = name.split(separator: "/", omittingEmptySubsequences: false)
        let escapes =
            name.isEmpty || name.hasPrefix("/") || name.hasPrefix("~") || name.hasSuffix("/")
            || steps.contains { $0 == ".." || $0 == "." || $0.isEmpty }
        let control = name.unicodeScalars.contains { $0.properties.generalCategory == .control }
        guard escapes || control else { return nil }
        return "must be a file name inside apiexplore's log folder (logs/ in its state folder), such as "
            + "'github.log'; a profile cannot choose a file elsewhere. To log somewhere else, pass "
            + "--log-file PATH or set 'logs: {PROFILE: PATH}' in ~/.config/apiexplore/config.yaml"
    }
}

/// A per-profile cookie jar: `cookies: true` or `cookies: {persist: true, redact: true}`.
///
/// Off unless the profile turns it on. Cookies follow RFC 6265 (domain, path, expiry, `Secure`),
/// are kept per profile in a 0600 file when `persist` is on, and are masked in history unless
/// `redact: false`.
public struct CookiePolicy: Hashable, Sendable {
    /// Whether cookies outlive the process.
    public var persist: Bool
    /// Whether `Cookie` and `Set-Cookie` values are masked in history and output.
    public var redact: Bool

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - persist: Whether the jar is saved between runs.
    ///   - redact: Whether cookie values are masked.
    public init(persist: Bool = true, redact: Bool = true) {
        self.persist = persist
        self.redact = redact
    }
}

/// Which response headers carry the rate limit: `rate_limit:` in a profile.
///
/// Without it, the common names are read: `X-RateLimit-*`, the IETF draft's `RateLimit-*` and
/// structured `RateLimit`/`RateLimit-Policy`, and `Retry-After`.
///
/// ```yaml
/// rate_limit: {limit: X-RateLimit-Limit, remaining: X-RateLimit-Remaining, reset: X-RateLimit-Reset, reset_is: epoch}
/// ```
public struct RateLimitHeaders: Hashable, Sendable {
    /// The header with the request quota.
    public var limit: String
    /// The header with the requests left.
    public var remaining: String
    /// The header with the reset time.
    public var reset: String
    /// Whether ``reset`` is a Unix time (`epoch`, GitHub) or seconds from now (`seconds`).
    public var resetIsEpoch: Bool

    /// Creates the header names.
    ///
    /// - Parameters:
    ///   - limit: The quota header.
    ///   - remaining: The remaining header.
    ///   - reset: The reset header.
    ///   - resetIsEpoch: Whether reset is a Unix time.
    public init(
        limit: String = "X-RateLimit-Limit", remaining: String = "X-RateLimit-Remaining",
        reset: String = "X-RateLimit-Reset", resetIsEpoch: Bool = true
    ) {
        self.limit = limit
        self.remaining = remaining
        self.reset = reset
        self.resetIsEpoch = resetIsEpoch
    }
}

/// An endpoint's change to a profile-wide setting: keep it, turn it off, or replace it.
///
/// ```yaml
/// endpoints:
///   create_order: {method: POST, path: /orders, retry: false}
///   feed: {path: /feed, cache: {etag: true}}
/// ```
public enum BehaviourOverride<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The profile's setting applies.
    case inherit
    /// The setting is off for this endpoint.
    case off
    /// This endpoint's own setting.
    case set(Value)

    /// The setting in force, given the profile's.
    ///
    /// - Parameter profile: The profile's setting.
    public func applied(to profile: Value?) -> Value? {
        switch self {
        case .inherit: profile
        case .off: nil
        case .set(let value): value
        }
    }
}
