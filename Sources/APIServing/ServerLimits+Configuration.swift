package import Hummingbird
package import HummingbirdCore

extension ServerLimits {
    /// The application configuration that applies ``maximumConnections`` (Hummingbird stops
    /// accepting past it) and ``backlog``.
    ///
    /// - Parameters:
    ///   - address: Where to listen.
    ///   - serverName: The `Server` header.
    /// - Returns: The configuration.
    package func configuration(address: BindAddress, serverName: String) -> ApplicationConfiguration {
        ApplicationConfiguration(
            address: address, serverName: serverName, backlog: backlog,
            availableConnectionsDelegate: MaximumAvailableConnections(maximumConnections))
    }
}
