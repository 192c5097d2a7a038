/// Timeouts, limits and network settings for ``HTTPTransport``; the defaults are safe for exploring
/// unknown APIs.
///
/// ```swift
/// var configuration = TransportConfiguration()
/// configuration.readTimeout = .seconds(5)
/// configuration.maximumBodySize = 8 * 1_048_576
/// let transport = HTTPTransport(configuration: configuration)
/// ```
public struct TransportConfiguration: Sendable {
    /// Time allowed to establish a connection (TCP, TLS and proxy handshakes). Default 10 s.
    public var connectTimeout: Duration = .seconds(10)
    /// Time allowed between two reads once the request is sent. Default 30 s.
    public var readTimeout: Duration = .seconds(30)
    /// Time allowed for the whole exchange, redirects and body included. Default 120 s.
    public var totalTimeout: Duration = .seconds(120)
    /// The redirects a request follows unless it sets its own (``HTTPRequestSpec/redirects``): by
    /// default up to 5 hops, credentials dropped across origins, never from HTTPS to HTTP.
    public var redirects = RedirectPolicy()
    /// The most redirects followed for one request; 0 disables following. Default 5.
    public var redirectLimit: Int {
        get { redirects.mode == .none ? 0 : redirects.limit }
        set {
            redirects.limit = max(0, newValue)
            redirects.mode = newValue > 0 ? (redirects.mode == .none ? .follow : redirects.mode) : .none
        }
    }
    /// The largest body accepted, counted after decompression, enforced while streaming. Default 256 MiB.
    public var maximumBodySize: Int = 256 * 1_048_576
    /// The largest expansion ratio accepted for compressed bodies (a defence against zip bombs). Default 100.
    public var maximumDecompressionRatio: Int = 100
    /// Whether server certificates are verified. Default `true`; turn off only for local test servers.
    public var verifiesTLS: Bool = true
    /// Whether `Accept-Encoding: gzip, deflate` is sent and compressed bodies decoded. Default `true`.
    public var acceptsCompression: Bool = true
    /// The proxies to use; by default read from `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY`.
    public var proxy: ProxySettings = .fromEnvironment()
    /// How many HTTP/1.1 connections to one host are kept open and reused at most; requests past
    /// it wait for a free one. Default 8; a load run sets its concurrency.
    public var connectionsPerHost: Int = 8
    /// Query parameter names whose values are masked in error descriptions.
    public var redactedQueryNames: Set<String> = RequestRedaction.defaultQueryNames

    /// Creates the default configuration.
    public init() {}
}
