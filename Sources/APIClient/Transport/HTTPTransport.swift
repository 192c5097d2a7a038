import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOSSL

/// Sends HTTP requests with AsyncHTTPClient and returns complete, size-limited responses.
///
/// HTTP/2 is used when a TLS server offers it. The body streams in, its size checked as it arrives, so an
/// oversized response is refused without being buffered. Failures are ``TransportError``s with a
/// ``TransportError/Kind`` (refused, timeout, too large, truncated…) and the request, secrets masked.
///
/// ```swift
/// let transport = HTTPTransport()
/// let record = try await transport.send(HTTPRequestSpec(url: "http://127.0.0.1:8080/github/users/octocat"))
/// print(record.status, record.body.count)
/// try await transport.shutdown()
/// ```
public final class HTTPTransport: Sendable {
    /// The configuration the transport was created with.
    public let configuration: TransportConfiguration
    private let directClient: HTTPClient
    /// One client per distinct proxy server, as AsyncHTTPClient sets the proxy per client.
    private let proxyClients: [ProxySettings.Server: HTTPClient]

    /// Creates a transport; call ``shutdown()`` when done with it.
    ///
    /// - Parameter configuration: Timeouts, limits, TLS and proxy settings.
    public init(configuration: TransportConfiguration = TransportConfiguration()) {
        self.configuration = configuration
        directClient = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: Self.clientConfiguration(configuration, proxy: nil))
        var proxyClients: [ProxySettings.Server: HTTPClient] = [:]
        for server in [configuration.proxy.http, configuration.proxy.https].compactMap({ $0 })
        where proxyClients[server] == nil {
            proxyClients[server] = HTTPClient(
                eventLoopGroupProvider: .singleton,
                configuration: Self.clientConfiguration(configuration, proxy: server)
            )
        }
        self.proxyClients = proxyClients
    }

    /// Sends a request and collects the whole response.
    ///
    /// Redirects are followed up to ``TransportConfiguration/redirectLimit``. Cancelling the calling task
    /// cancels the request.
    ///
    /// ```swift
    /// let record = try await transport.send(request) { report in
    ///     print(report.bytesReceived, report.expectedLength ?? -1)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - progress: Called after each chunk of body with the running total.
    /// - Returns: The response, body decompressed.
    /// - Throws: ``TransportError`` for every failure; HTTP error statuses are responses, not errors.
    public func send(
        _ request: HTTPRequestSpec,
        progress: (@Sendable (ProgressReport) -> Void)? = nil
    ) async throws(TransportError) -> HTTPResponseRecord {
        var stage = TransportStage.beforeHeaders
        do {
            return try await perform(request, stage: &stage, progress: progress)
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportError(
                classifying: error, stage: stage, request: describe(request), configuration: configuration)
        }
    }

    /// Shuts down the underlying clients and their connections.
    ///
    /// - Throws: What AsyncHTTPClient reports while closing connections.
    public func shutdown() async throws {
        try await directClient.shutdown()
        for client in proxyClients.values {
            try await client.shutdown()
        }
    }

    private func perform(
        _ spec: HTTPRequestSpec,
        stage: inout TransportStage,
        progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws -> HTTPResponseRecord {
        try Task.checkCancellation()
        guard let (scheme, host) = ProxySettings.schemeAndHost(of: spec.url), scheme == "http" || scheme == "https",
            !host.isEmpty
        else {
            throw TransportError(
                kind: .invalidRequest,
                request: describe(spec),
                message: "only absolute http and https URLs can be sent"
            )
        }
        let clock = ContinuousClock()
        let start = clock.now
        var request = HTTPClientRequest(url: spec.url)
        request.method = HTTPMethod(rawValue: spec.method)
        for (name, value) in spec.headers {
            request.headers.add(name: name, value: value)
        }
        if configuration.acceptsCompression, !request.headers.contains(name: "accept-encoding") {
            request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        if let body = spec.body {
            request.body = .bytes(body)
        }
        let client = configuration.proxy.proxy(for: spec.url).flatMap { proxyClients[$0] } ?? directClient
        let totalTimeout = spec.totalTimeout ?? configuration.totalTimeout
        let deadline = NIODeadline.now() + TimeAmount(totalTimeout)
        let response = try await client.execute(request, deadline: deadline)
        let headersReceived = clock.now - start
        stage = .body

        let limit = spec.maximumBodySize ?? configuration.maximumBodySize
        let encoded = response.headers.contains(name: "content-encoding")
        let expected = encoded ? nil : response.headers.first(name: "content-length").flatMap { Int($0) }
        if let expected, expected > limit {
            throw TransportError(
                kind: .tooLarge(limit: limit),
                request: describe(spec),
                message: "Content-Length announces \(expected) bytes"
            )
        }
        let body = try await Self.collect(
            response.body,
            limit: limit,
            expectedLength: expected,
            deadline: start + totalTimeout,
            request: { [self] in describe(spec) },
            progress: progress
        )
        let bodyComplete = clock.now - start

        return HTTPResponseRecord(
            status: Int(response.status.code),
            reason: response.status.reasonPhrase,
            headers: response.headers.map { (name: $0.name, value: $0.value) },
            body: body,
            httpVersion: "HTTP/\(response.version.major).\(response.version.minor)",
            timing: HTTPResponseRecord.Timing(headersReceived: headersReceived, bodyComplete: bodyComplete)
        )
    }

    private func describe(_ spec: HTTPRequestSpec) -> String {
        RequestRedaction.describe(
            method: spec.method, url: spec.url, names: configuration.redactedQueryNames.union(spec.redactedQueryNames))
    }

    private static func clientConfiguration(
        _ configuration: TransportConfiguration,
        proxy: ProxySettings.Server?
    ) -> HTTPClient.Configuration {
        var client = HTTPClient.Configuration()
        client.timeout = HTTPClient.Configuration.Timeout(
            connect: TimeAmount(configuration.connectTimeout),
            read: TimeAmount(configuration.readTimeout)
        )
        // Fail a refused connection at once instead of retrying until the connect timeout.
        client.connectionPool.retryConnectionEstablishment = false
        client.redirectConfiguration =
            configuration.redirectLimit > 0
            ? .follow(max: configuration.redirectLimit, allowCycles: false) : .disallow
        client.decompression =
            configuration.acceptsCompression
            ? .enabled(limit: .ratio(configuration.maximumDecompressionRatio)) : .disabled
        if !configuration.verifiesTLS {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.certificateVerification = .none
            client.tlsConfiguration = tls
        }
        if let proxy {
            client.proxy = .server(
                host: proxy.host,
                port: proxy.port,
                authorization: proxy.credentials.map { credentials in
                    let parts = credentials.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                    return .basic(username: String(parts[0]), password: parts.count > 1 ? String(parts[1]) : "")
                }
            )
        }
        return client
    }
}

/// Where an exchange was when it failed: before the response head, or while its body streamed.
enum TransportStage {
    case beforeHeaders
    case body
}

extension TimeAmount {
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
