import AsyncHTTPClient
import Dispatch
import NIOCore
import NIOHTTP1
import Synchronization

/// Sends HTTP requests with AsyncHTTPClient and returns complete, size-limited responses.
///
/// HTTP/2 is used when a TLS server offers it. The body streams in, its size checked as it arrives, so an
/// oversized response is refused without being buffered. Failures are ``TransportError``s with a
/// ``TransportError/Kind`` (refused, timeout, too large, truncated…) and the request, secrets masked.
///
/// A request may carry its own connect and read timeouts and TLS verification (a profile's `timeouts` and
/// `tls_verify`); AsyncHTTPClient sets those per client, so the transport keeps one client per distinct
/// combination, created on first use and shut down with the others.
///
/// A request with a ``HTTPRequestSpec/bodyHandler`` (a download, an event stream) and no upload or
/// proxy goes over HTTP/1.1 through a `DirectHTTP1Transport`, whose connection hands each part of
/// the body to the reader where it is read. AsyncHTTPClient holds parts its body sequence has not
/// asked for yet and drops them when the connection closes, so a reader that lagged behind a server
/// hanging up lost the events that had arrived before the break.
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
    /// The client for requests with the configuration's own settings and no proxy: the common case, no lock.
    private let directClient: HTTPClient
    private let directSettings: ClientSettings
    /// Clients for other settings (a proxy, a profile's timeouts or TLS verification), created on first use.
    private let otherClients = Mutex(ClientPool())
    /// Cancels body reads at their total deadline, with one timer for all of them.
    private let bodyDeadlines: DeadlineWatch
    /// Reads streamed bodies (downloads, event streams) on their connection's event loop; made on
    /// the first one.
    private let streams = Mutex<(transport: DirectHTTP1Transport?, isShutDown: Bool)>((nil, false))

    /// Creates a transport; call ``shutdown()`` when done with it.
    ///
    /// - Parameter configuration: Timeouts, limits, TLS and proxy settings.
    public init(configuration: TransportConfiguration = TransportConfiguration()) {
        self.configuration = configuration
        directSettings = Self.directSettings(configuration)
        directClient = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: Self.defaultClientConfiguration(configuration))
        bodyDeadlines = DeadlineWatch(loop: directClient.eventLoopGroup.any())
    }

    /// A transport let go without ``shutdown()`` (its owner threw first) starts shutting its
    /// clients down: AsyncHTTPClient stops a debug build whose client is freed still running, and
    /// leaks its connections in a release build.
    deinit {
        guard !streams.withLock({ $0.isShutDown }) else { return }
        bodyDeadlines.close()
        let others = otherClients.withLock { Array($0.clients.values) }
        // The streams' transport, released with this one, closes its own idle connections. Each client
        // keeps itself alive until its shutdown is done; nobody is left to hear how it went.
        for client in [directClient] + others {
            client.shutdown(queue: .global()) { _ in }
        }
    }

    /// Sends a request and collects the whole response.
    ///
    /// Redirects are followed hop by hop under the request's ``RedirectPolicy`` (else
    /// ``TransportConfiguration/redirects``): credentials stay with their origin, HTTPS never falls
    /// back to HTTP, a body never goes to another origin again; the response lists the hops in
    /// ``HTTPResponseRecord/redirects``. Cancelling the calling task cancels the request.
    ///
    /// ```swift
    /// let record = try await transport.send(request) { report in
    ///     print(report.bytesReceived, report.expectedLength ?? -1)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - progress: Called after each chunk of body with the running total, by the task that reads the
    ///     body: keep it short, and hand longer work to a task.
    /// - Returns: The response, body decompressed.
    /// - Throws: ``TransportError`` for every failure; HTTP error statuses are responses, not errors.
    public func send(
        _ request: HTTPRequestSpec,
        progress: (@Sendable (ProgressReport) -> Void)? = nil
    ) async throws(TransportError) -> HTTPResponseRecord {
        if let streams = streamingTransport(for: request) {
            return try await streams.send(request, progress: progress)
        }
        let policy = request.redirects ?? configuration.redirects
        guard policy.mode != .none else {
            return try await sendOnce(request, progress: progress)
        }
        return try await RedirectFollower(policy: policy).follow(
            request, totalTimeout: configuration.totalTimeout, describe: describe
        ) { (hop) async throws(TransportError) -> HTTPResponseRecord in
            try await sendOnce(hop, progress: progress)
        }
    }

    /// Sends one request and collects its response, a redirect included.
    private func sendOnce(
        _ request: HTTPRequestSpec, progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws(TransportError) -> HTTPResponseRecord {
        var stage = TransportStage.beforeHeaders
        do {
            return try await perform(request, stage: &stage, progress: progress)
        } catch let error as TransportError {
            throw error
        } catch let error as ResponseStreamError {
            throw TransportError(kind: error.kind, request: describe(request), message: error.message)
        } catch let error as BodyLimitExceeded {
            // Name the limit that applied: the request's own (a profile's `max_body_size`) or the transport's.
            let source =
                request.maximumBodySize == nil
                ? "the transport's maximum body size" : "the request's maximum body size (max_body_size)"
            throw TransportError(
                kind: .tooLarge(limit: error.limit), request: describe(request),
                message: "\(error.message); the limit is \(source), \(error.limit) bytes")
        } catch {
            throw TransportError(
                classifying: error, stage: stage, request: describe(request), headers: request.headers,
                configuration: configuration)
        }
    }

    /// Shuts down the underlying clients and their connections.
    ///
    /// Requests sent afterwards fail.
    ///
    /// - Throws: What AsyncHTTPClient reports while closing connections (the first such error, after every
    ///   client was asked to shut down).
    public func shutdown() async throws {
        let others = otherClients.withLock { pool in
            pool.isShutDown = true
            return Array(pool.clients.values)
        }
        let direct = streams.withLock { streams in
            streams.isShutDown = true
            return streams.transport
        }
        bodyDeadlines.close()
        var firstError: (any Error)?
        do {
            try await direct?.shutdown()
        } catch {
            firstError = error
        }
        for client in [directClient] + others {
            do {
                try await client.shutdown()
            } catch {
                firstError = firstError ?? error
            }
        }
        if let firstError {
            throw firstError
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
        let start = ContinuousClock.now
        var request = HTTPClientRequest(url: spec.url)
        request.method = HTTPMethod(rawValue: spec.method)
        request.headers.reserveCapacity(spec.headers.count + 1)
        for (name, value) in spec.headers {
            request.headers.add(name: name, value: value)
        }
        if configuration.acceptsCompression, !request.headers.contains(name: "accept-encoding") {
            request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        if let upload = spec.upload {
            let progress = spec.uploadProgress ?? { _ in }
            request.body = .stream(upload.chunks(progress: progress), length: .known(Int64(upload.contentLength)))
        } else if let body = spec.body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let client = try self.client(for: spec, scheme: scheme, host: host)
        let totalTimeout = spec.totalTimeout ?? configuration.totalTimeout
        let deadline = NIODeadline.now() + TimeAmount(totalTimeout)
        // AsyncHTTPClient's deadline covers the redirects and the response head; `collect` extends it to the body.
        let response = try await client.execute(request, deadline: deadline)
        let headersReceived = ContinuousClock.now - start
        stage = .body
        let headers = response.headers.map { (name: $0.name, value: $0.value) }
        let (body, stream) = try await Self.readBody(
            response, headers: headers, limit: spec.maximumBodySize ?? configuration.maximumBodySize,
            handler: spec.bodyHandler, deadline: deadline, deadlines: bodyDeadlines, progress: progress)
        var record = HTTPResponseRecord(
            status: Int(response.status.code),
            reason: response.status.reasonPhrase,
            headers: headers,
            body: body,
            httpVersion: "HTTP/\(response.version.major).\(response.version.minor)",
            timing: HTTPResponseRecord.Timing(
                headersReceived: headersReceived, bodyComplete: ContinuousClock.now - start)
        )
        record.stream = stream
        return record
    }

    /// The client for a request's settings: the direct one, or one from the pool.
    /// The transport of a request whose body a handler reads as it arrives, unless it uploads, goes
    /// through a proxy, or is no absolute http(s) URL (which ``sendOnce(_:progress:)`` reports).
    private func streamingTransport(for spec: HTTPRequestSpec) -> DirectHTTP1Transport? {
        guard spec.bodyHandler != nil, spec.upload == nil,
            let (scheme, host) = ProxySettings.schemeAndHost(of: spec.url), scheme == "http" || scheme == "https",
            !host.isEmpty, configuration.proxy.proxy(scheme: scheme, host: host) == nil
        else { return nil }
        return streams.withLock { streams in
            guard !streams.isShutDown else { return nil }
            if let transport = streams.transport { return transport }
            let transport = DirectHTTP1Transport(configuration: configuration)
            streams.transport = transport
            return transport
        }
    }

    private func client(for spec: HTTPRequestSpec, scheme: String, host: String) throws -> HTTPClient {
        let settings = ClientSettings(
            connectTimeout: spec.connectTimeout ?? configuration.connectTimeout,
            readTimeout: spec.readTimeout ?? configuration.readTimeout,
            verifiesTLS: spec.verifiesTLS ?? configuration.verifiesTLS,
            proxy: configuration.proxy.proxy(scheme: scheme, host: host))
        if settings == directSettings {
            return directClient
        }
        let configuration = configuration
        let client = otherClients.withLock { pool -> HTTPClient? in
            guard !pool.isShutDown else { return nil }
            if let client = pool.clients[settings] {
                return client
            }
            let client = HTTPClient(
                eventLoopGroupProvider: .singleton, configuration: Self.clientConfiguration(configuration, settings))
            pool.clients[settings] = client
            return client
        }
        guard let client else {
            throw TransportError(kind: .other, request: describe(spec), message: "the transport was shut down")
        }
        return client
    }

    private func describe(_ spec: HTTPRequestSpec) -> String {
        RequestRedaction.describe(
            method: spec.method, url: spec.url, names: configuration.redactedQueryNames.union(spec.redactedQueryNames))
    }
}

/// Where an exchange was when it failed: before the response head, or while its body streamed.
enum TransportStage {
    case beforeHeaders
    case body
}
