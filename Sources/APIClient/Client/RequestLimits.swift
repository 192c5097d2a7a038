/// Time limits a caller puts on requests, over the profile's own `timeouts:`: `--max-time` for the
/// whole exchange (headers and body) and `--connect-timeout` for establishing the connection.
///
/// A limit only ever tightens: a profile's `timeouts.total: 30s` with `--max-time 2s` gives 2 s,
/// with `--max-time 1m` still 30 s. A request that runs out of time fails with a
/// `TransportError` of kind `.timeout(.total)` (or `.timeout(.connect)`), which outputs and reports
/// count as the outcome `timeout`, apart from other transport failures.
///
/// ```swift
/// var options = CallOptions()
/// options.limits = RequestLimits(maximumTime: .seconds(2))
/// let exchange = try await client.call(profile: demo, endpoint: "slow", options: options)
/// // error.transportError?.kind == .timeout(.total) after 2 s
/// ```
///
/// The command line's `--max-time` and `--connect-timeout` (every command that sends requests)
/// and a script's `call … --max-time=2s` are this one type, applied in ``ProfileClient``.
public struct RequestLimits: Sendable, Hashable {
    /// The longest the whole exchange may take, redirects and body included; `nil` for no limit of the caller's.
    public var maximumTime: Duration?
    /// The longest establishing a connection may take; `nil` for no limit of the caller's.
    public var connectTimeout: Duration?

    /// Creates limits; none by default.
    ///
    /// - Parameters:
    ///   - maximumTime: The longest the whole exchange may take.
    ///   - connectTimeout: The longest establishing a connection may take.
    public init(maximumTime: Duration? = nil, connectTimeout: Duration? = nil) {
        self.maximumTime = maximumTime
        self.connectTimeout = connectTimeout
    }

    /// Whether no limit is set.
    public var isEmpty: Bool { maximumTime == nil && connectTimeout == nil }

    /// `timeouts` with these limits applied where they are tighter.
    ///
    /// - Parameter timeouts: A request's time limits (the profile's and the endpoint's).
    /// - Returns: The tighter of each limit.
    public func applied(to timeouts: Timeouts) -> Timeouts {
        Timeouts(
            connect: Self.tighter(timeouts.connect, connectTimeout), read: timeouts.read,
            total: Self.tighter(timeouts.total, maximumTime))
    }

    /// These limits and `other`'s together, the tighter of each.
    ///
    /// - Parameter other: More limits (a call's own, over the command line's).
    /// - Returns: The tighter of each limit.
    public func merging(_ other: RequestLimits) -> RequestLimits {
        RequestLimits(
            maximumTime: Self.tighter(maximumTime, other.maximumTime),
            connectTimeout: Self.tighter(connectTimeout, other.connectTimeout))
    }

    private static func tighter(_ first: Duration?, _ second: Duration?) -> Duration? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }
}
