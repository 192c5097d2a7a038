import APIClient
public import APIHTTP

/// A transport configuration for loopback tests: no proxy from the environment, otherwise the
/// defaults, then `adjust`.
///
/// ```swift
/// let configuration = loopbackConfiguration { $0.totalTimeout = .seconds(2) }
/// ```
///
/// - Parameter adjust: Changes to make on top.
/// - Returns: The configuration.
public func loopbackConfiguration(
    _ adjust: (inout TransportConfiguration) -> Void = { _ in }
) -> TransportConfiguration {
    var configuration = TransportConfiguration()
    configuration.proxy = .none
    adjust(&configuration)
    return configuration
}
