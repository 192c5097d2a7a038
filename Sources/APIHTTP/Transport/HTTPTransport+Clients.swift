package import AsyncHTTPClient
import NIOCore
import NIOHTTPCompression
import NIOSSL

/// What AsyncHTTPClient fixes per client rather than per request; ``HTTPTransport`` keeps one client for each
/// combination its requests use.
struct ClientSettings: Hashable, Sendable {
    var connectTimeout: Duration
    var readTimeout: Duration
    var verifiesTLS: Bool
    var proxy: ProxySettings.Server?
}

/// The clients an ``HTTPTransport`` created on demand, and whether it was shut down.
struct ClientPool: Sendable {
    var clients: [ClientSettings: HTTPClient] = [:]
    var isShutDown = false
}

extension HTTPTransport {
    /// The settings of the transport's default client: the configuration's own timeouts and TLS, no proxy.
    static func directSettings(_ configuration: TransportConfiguration) -> ClientSettings {
        ClientSettings(
            connectTimeout: configuration.connectTimeout, readTimeout: configuration.readTimeout,
            verifiesTLS: configuration.verifiesTLS, proxy: nil)
    }

    /// The AsyncHTTPClient configuration the transport gives its default client (no proxy): timeouts, no
    /// connection retries, no redirects (the transport follows them), decompression limits, the response
    /// guard. The benchmark configures its bare-client baseline with it, so that baseline cannot drift from
    /// what the transport does.
    ///
    /// - Parameter configuration: The transport's configuration.
    /// - Returns: The AsyncHTTPClient configuration.
    package static func defaultClientConfiguration(_ configuration: TransportConfiguration) -> HTTPClient.Configuration
    {
        clientConfiguration(configuration, directSettings(configuration))
    }

    /// The AsyncHTTPClient configuration for one combination of settings, the rest from `configuration`.
    static func clientConfiguration(
        _ configuration: TransportConfiguration,
        _ settings: ClientSettings
    ) -> HTTPClient.Configuration {
        var client = HTTPClient.Configuration()
        client.timeout = HTTPClient.Configuration.Timeout(
            connect: TimeAmount(settings.connectTimeout),
            read: TimeAmount(settings.readTimeout)
        )
        // Fail a refused connection at once instead of retrying until the connect timeout.
        client.connectionPool.retryConnectionEstablishment = false
        client.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, configuration.connectionsPerHost)
        // Redirects are followed by the transport itself, hop by hop, under each request's policy.
        client.redirectConfiguration = .disallow
        client.decompression =
            configuration.acceptsCompression
            ? .enabled(limit: .ratio(configuration.maximumDecompressionRatio)) : .disabled
        if !settings.verifiesTLS {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.certificateVerification = .none
            client.tlsConfiguration = tls
        }
        if let proxy = settings.proxy {
            client.proxy = .server(
                host: proxy.host,
                port: proxy.port,
                authorization: proxy.credentials.map { credentials in
                    let parts = credentials.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                    return .basic(username: String(parts[0]), password: parts.count > 1 ? String(parts[1]) : "")
                }
            )
        }
        // Answers the client would stop the process on become errors first (decision 7).
        return client.guardingResponses()
    }
}

extension TimeAmount {
    init(_ duration: Duration) {
        // Saturating: a duration past Int64 nanoseconds (292 years) is as good as forever, not a trap.
        let (seconds, attoseconds) = duration.components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, overflowSum) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        self = .nanoseconds(overflow || overflowSum ? (seconds < 0 ? .min : .max) : sum)
    }
}
