import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL
import Synchronization

/// Sends requests over HTTP/1.1 connections of its own, kept alive and reused, straight on
/// SwiftNIO: the transport of `apiexplore load`, where the client must not be what is measured.
///
/// ``HTTPTransport`` goes through AsyncHTTPClient's async API, which costs a task, a cancellation
/// actor and an async body sequence per request: 150-200 µs of CPU on the benchmark's loopback, a
/// third of wrk's rate on two cores. Here a request is three writes on a connection's event loop and
/// its answer one promise; a caller that runs on that loop (a load worker with the loop as its task
/// executor) is resumed where the answer arrived. Connections are opened on the caller's event loop
/// when it has one and are reused by callers on the same loop first.
///
/// It keeps ``HTTPTransport``'s contract: the same ``TransportError`` kinds, body limit, decompression
/// limit, TLS verification, connect, read and total timeouts, and redirects followed hop by hop
/// under the same policy. A request's ``ResponseBodyHandler`` (a download, an event stream) reads
/// the body on the connection's event loop as it arrives, so every byte that came before a broken
/// connection reaches it; ``HTTPTransport`` sends such requests through here for that reason. What
/// it does not do itself it hands to an ``HTTPTransport`` of the same configuration, made when first
/// needed: uploads and proxied hosts. A request that fails on a reused connection before any answer
/// (the server closed it while idle) is sent once more on a new one.
///
/// ```swift
/// let transport = DirectHTTP1Transport(configuration: TransportConfiguration())
/// let record = try await transport.send(HTTPRequestSpec(url: "http://127.0.0.1:8080/health"), progress: nil)
/// try await transport.shutdown()
/// ```
package final class DirectHTTP1Transport: Transport {
    /// The configuration the transport was created with.
    package let configuration: TransportConfiguration
    /// Sends what this transport does not (uploads, proxied hosts); made when first needed.
    private let fallback = Mutex<(transport: HTTPTransport?, isShutDown: Bool)>((nil, false))
    private let group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    private let pool = Mutex(IdleConnections())
    private let tls = Mutex<[Bool: NIOSSLContext]>([:])
    private let lastTarget = Mutex<DirectTarget?>(nil)

    /// The connections not in use, by origin, and whether the transport was shut down.
    private struct IdleConnections {
        var connections: [DirectOrigin: [DirectHTTP1Connection]] = [:]
        var isShutDown = false
    }

    /// Creates a transport; call ``shutdown()`` when done with it.
    ///
    /// - Parameter configuration: Timeouts, limits, TLS and proxy settings.
    package init(configuration: TransportConfiguration) {
        self.configuration = configuration
    }

    /// Sends a request and collects the whole response, following redirects as ``HTTPTransport`` does.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - progress: Hears how far the body has got, chunk by chunk.
    /// - Returns: The response, body decompressed.
    /// - Throws: ``TransportError`` for every failure; HTTP error statuses are responses, not errors.
    package func send(
        _ request: HTTPRequestSpec, progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws(TransportError) -> HTTPResponseRecord {
        guard request.upload == nil else {
            return try await other(for: request).send(request, progress: progress)
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

    /// A transport let go without ``shutdown()`` (its owner threw first) closes its idle
    /// connections, which would otherwise stay open on the shared event loops until each server hung
    /// up. Its fallback transport, if any, shuts itself down the same way.
    deinit {
        let idle = pool.withLock { pool in pool.isShutDown ? [] : Array(pool.connections.values.joined()) }
        for connection in idle {
            connection.channel.close(promise: nil)
        }
    }

    /// Closes the idle connections and shuts down the fallback transport.
    ///
    /// - Throws: What the fallback's AsyncHTTPClient reports while closing.
    package func shutdown() async throws {
        let idle = pool.withLock { pool in
            pool.isShutDown = true
            defer { pool.connections = [:] }
            return Array(pool.connections.values.joined())
        }
        for connection in idle {
            connection.channel.close(promise: nil)
        }
        let other = fallback.withLock { fallback in
            fallback.isShutDown = true
            return fallback.transport
        }
        try await other?.shutdown()
    }

    /// The transport of what this one does not send itself, made on first use.
    private func other(for spec: HTTPRequestSpec) throws(TransportError) -> HTTPTransport {
        let other = fallback.withLock { fallback -> HTTPTransport? in
            guard !fallback.isShutDown else { return nil }
            if let transport = fallback.transport { return transport }
            let transport = HTTPTransport(configuration: configuration)
            fallback.transport = transport
            return transport
        }
        guard let other else {
            throw TransportError(kind: .other, request: describe(spec), message: "the transport was shut down")
        }
        return other
    }

    /// Sends one hop.
    private func sendOnce(
        _ spec: HTTPRequestSpec, progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws(TransportError) -> HTTPResponseRecord {
        guard let target = parsed(spec.url), case let origin = target.origin,
            configuration.proxy.proxy(scheme: origin.scheme, host: origin.host) == nil
        else {
            // Not ours to send (a proxied host), or not a URL we can send: the other transport says which.
            var hop = spec
            hop.redirects = RedirectPolicy(mode: .none)
            return try await other(for: spec).send(hop, progress: progress)
        }
        if let refusal = TransportError.unsendableHeaders(spec.headers, request: describe(spec)) {
            throw refusal
        }
        let start = ContinuousClock.now
        var exchange = Self.exchange(
            for: spec, target: target, limit: spec.maximumBodySize ?? configuration.maximumBodySize,
            deadline: .now() + TimeAmount(spec.totalTimeout ?? configuration.totalTimeout),
            readTimeout: TimeAmount(spec.readTimeout ?? configuration.readTimeout),
            acceptsCompression: configuration.acceptsCompression)
        exchange.handler = spec.bodyHandler
        exchange.progress = progress
        var retried = false
        while true {
            // One await per attempt: connecting and the exchange chain on the event loop, so a caller
            // that resumes late (a busy cooperative pool) cannot eat the exchange's time limits.
            let (answer, reused) = try attempt(exchange, to: origin, for: spec)
            let cancel = DirectCancellation()
            let connection: DirectHTTP1Connection
            let response: DirectResponse
            do {
                (connection, response) = try await withTaskCancellationHandler {
                    try await answer(cancel).get()
                } onCancel: {
                    cancel.cancel()
                }
            } catch DirectExchangeFailure.closed(receivedHead: false) where reused && !retried && !Task.isCancelled {
                retried = true
                continue
            } catch DirectExchangeFailure.failed(let error, receivedHead: false)
                where reused && !retried && !Task.isCancelled && Self.isConnectionLoss(error)
            {
                // Reset or closed as the request went out: the server had let the connection go.
                retried = true
                continue
            } catch {
                throw transportError(error, spec: spec)
            }
            // A stream the caller's cancellation broke ended as a broken one: it is a cancellation.
            if response.stream != nil, cancel.isCancelled {
                throw TransportError(kind: .cancelled, request: describe(spec), message: "the request was cancelled")
            }
            checkIn(connection, origin: origin)
            var record = HTTPResponseRecord(
                status: Int(response.head.status.code), reason: response.head.status.reasonPhrase,
                headers: response.head.headers.map { (name: $0.name, value: $0.value) }, body: response.body,
                httpVersion: "HTTP/\(response.head.version.major).\(response.head.version.minor)",
                timing: HTTPResponseRecord.Timing(
                    headersReceived: response.headersReceived - start, bodyComplete: response.completed - start))
            record.stream = response.stream
            return record
        }
    }

    /// One attempt at `exchange`: on an idle connection to `origin` (one on the caller's event loop
    /// first), or on a new one; whether the connection was reused. The attempt starts when called
    /// with the cancellation it answers to.
    private func attempt(
        _ exchange: DirectExchange, to origin: DirectOrigin, for spec: HTTPRequestSpec
    ) throws(TransportError) -> (
        (DirectCancellation) -> EventLoopFuture<(DirectHTTP1Connection, DirectResponse)>, reused: Bool
    ) {
        let current = MultiThreadedEventLoopGroup.currentEventLoop
        let idle = pool.withLock { pool -> Result<DirectHTTP1Connection?, TransportError> in
            guard !pool.isShutDown else {
                return .failure(
                    TransportError(kind: .other, request: describe(spec), message: "the transport was shut down"))
            }
            while var list = pool.connections[origin], !list.isEmpty {
                let index = list.lastIndex { $0.channel.eventLoop === current } ?? list.index(before: list.endIndex)
                let connection = list.remove(at: index)
                pool.connections[origin] = list
                if connection.isOpen { return .success(connection) }
            }
            return .success(nil)
        }
        if let connection = try idle.get() {
            return (
                { cancel in
                    cancel.watch(connection.channel)
                    return connection.exchange(exchange).map { (connection, $0) }
                }, true
            )
        }
        let tls: NIOSSLContext?
        do {
            tls =
                origin.scheme == "https"
                ? try tlsContext(verifying: spec.verifiesTLS ?? configuration.verifiesTLS) : nil
        } catch {
            throw TransportError(
                classifying: error, stage: .beforeHeaders, request: describe(spec), headers: spec.headers,
                configuration: configuration)
        }
        let loop = current ?? group.next()
        let connectTimeout = spec.connectTimeout ?? configuration.connectTimeout
        let decompression: NIOHTTPDecompression.DecompressionLimit? =
            configuration.acceptsCompression ? .ratio(configuration.maximumDecompressionRatio) : nil
        return (
            { cancel in
                DirectHTTP1Connection.connect(
                    to: origin, on: loop, connectTimeout: connectTimeout, tls: tls, decompression: decompression
                ).flatMap { connection in
                    cancel.watch(connection.channel)
                    return connection.exchange(exchange).map { (connection, $0) }
                }
            }, false
        )
    }

    /// Puts a connection back for the next request, unless it closed or the transport was shut down.
    private func checkIn(_ connection: DirectHTTP1Connection, origin: DirectOrigin) {
        let kept = pool.withLock { pool in
            guard !pool.isShutDown, connection.isOpen else { return false }
            pool.connections[origin, default: []].append(connection)
            return true
        }
        if !kept { connection.channel.close(promise: nil) }
    }

    /// The TLS context for servers verified or not, made once.
    private func tlsContext(verifying: Bool) throws -> NIOSSLContext {
        try tls.withLock { contexts in
            if let context = contexts[verifying] { return context }
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.applicationProtocols = ["http/1.1"]
            if !verifying { configuration.certificateVerification = .none }
            let context = try NIOSSLContext(configuration: configuration)
            contexts[verifying] = context
            return context
        }
    }

    /// Whether `error` says the connection was gone (reset, a write to a closed socket) rather than
    /// that the answer was wrong: on a reused connection, the request is then sent once more.
    static func isConnectionLoss(_ error: any Error) -> Bool {
        if let error = error as? IOError {
            return error.errnoCode == ECONNRESET || error.errnoCode == EPIPE
        }
        if let error = error as? ChannelError {
            return error == .ioOnClosedChannel || error == .outputClosed || error == .eof
        }
        return false
    }

    /// What the transport's failures say, as ``HTTPTransport`` says them.
    private func transportError(_ error: any Error, spec: HTTPRequestSpec) -> TransportError {
        let described = describe(spec)
        guard let failure = error as? DirectExchangeFailure else {
            return TransportError(
                classifying: error, stage: .beforeHeaders, request: described, headers: spec.headers,
                configuration: configuration)
        }
        if Task.isCancelled {
            return TransportError(kind: .cancelled, request: described, message: "the request was cancelled")
        }
        switch failure {
        case .failed(let error as ResponseStreamError, _):
            return TransportError(kind: error.kind, request: described, message: error.message)
        case .tooLarge(let limit):
            let source =
                spec.maximumBodySize == nil
                ? "the transport's maximum body size" : "the request's maximum body size (max_body_size)"
            return TransportError(
                kind: .tooLarge(limit: limit), request: described,
                message: "the response body is larger than the limit; the limit is \(source), \(limit) bytes")
        case .timeout:
            return TransportError(
                kind: .timeout(.total), request: described,
                message: "no whole answer within \(spec.totalTimeout ?? configuration.totalTimeout)")
        case .readTimeout:
            return TransportError(
                kind: .timeout(.read), request: described,
                message: "nothing arrived for \(spec.readTimeout ?? configuration.readTimeout)")
        case .closed(let receivedHead):
            return TransportError(
                kind: receivedHead ? .truncatedBody : .connectionClosed, request: described,
                message: receivedHead
                    ? "the server closed the connection before the body's end"
                    : "the server closed the connection without an answer")
        case .failed(let error, let receivedHead):
            return TransportError(
                classifying: error, stage: receivedHead ? .body : .beforeHeaders, request: described,
                headers: spec.headers, configuration: configuration)
        }
    }

    private func describe(_ spec: HTTPRequestSpec) -> String {
        RequestRedaction.describe(
            method: spec.method, url: spec.url, names: configuration.redactedQueryNames.union(spec.redactedQueryNames))
    }

    /// Where an absolute `http` or `https` URL goes and the request target it asks for; `nil` for
    /// anything else. A load run sends one URL over and over, so the last one parsed is kept.
    private func parsed(_ url: String) -> DirectTarget? {
        if let last = lastTarget.withLock({ $0 }), last.url == url { return last }
        let target = DirectTarget(url: url)
        if let target { lastTarget.withLock { $0 = target } }
        return target
    }

    /// The request as written: the target (path and query), the fields, `Host`, `Accept-Encoding`
    /// when compressed answers are accepted and the request does not say, and `Content-Length`
    /// for a body (and `0` for a method that usually has one).
    static func exchange(
        for spec: HTTPRequestSpec, target: DirectTarget, limit: Int, deadline: NIODeadline, readTimeout: TimeAmount,
        acceptsCompression: Bool
    ) -> DirectExchange {
        let origin = target.origin
        var headers = HTTPHeaders()
        headers.reserveCapacity(spec.headers.count + 2)
        var hasHost = false
        var hasEncoding = false
        for (name, value) in spec.headers {
            if name.lowercased() == "content-length" { continue }
            if name.lowercased() == "host" { hasHost = true }
            if name.lowercased() == "accept-encoding" { hasEncoding = true }
            headers.add(name: name, value: value)
        }
        if !hasHost { headers.add(name: "Host", value: origin.hostField) }
        if acceptsCompression, !hasEncoding { headers.add(name: "Accept-Encoding", value: "gzip, deflate") }
        if let body = spec.body {
            headers.add(name: "Content-Length", value: String(body.count))
        } else if ["POST", "PUT", "PATCH"].contains(spec.method.uppercased()) {
            headers.add(name: "Content-Length", value: "0")
        }
        return DirectExchange(
            head: HTTPRequestHead(
                version: .http1_1, method: HTTPMethod(rawValue: spec.method), uri: target.requestTarget,
                headers: headers),
            body: spec.body.map { ByteBuffer(bytes: $0) }, limit: limit, deadline: deadline, readTimeout: readTimeout)
    }
}

/// Cancels one attempt: closes its connection, now or as soon as it is open.
private final class DirectCancellation: Sendable {
    private let state = Mutex<(cancelled: Bool, channel: (any Channel)?)>((false, nil))

    /// The attempt's connection, closed at once if the attempt was already cancelled.
    func watch(_ channel: any Channel) {
        let cancelled = state.withLock { state in
            state.channel = channel
            return state.cancelled
        }
        if cancelled { channel.close(promise: nil) }
    }

    /// Whether the attempt was cancelled.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Cancels the attempt: its connection, if open yet, is closed (failing the exchange).
    func cancel() {
        let channel = state.withLock { state in
            state.cancelled = true
            return state.channel
        }
        channel?.close(promise: nil)
    }
}
