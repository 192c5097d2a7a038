package import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 child channel with our connection handling inserted below its HTTP types
/// (``HTTP1ConnectionHandler``: HTTP/1.0 and keep-alive, the request time limit) and its header
/// limits and idle timeout set from ``ServerLimits``.
struct LimitedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let limits: ServerLimits

    init(responder: @escaping HTTPChannelHandler.Responder, limits: ServerLimits) {
        let configuration = HTTP1Channel.Configuration(
            idleTimeout: .nanoseconds(
                limits.idleTimeout.components.seconds * 1_000_000_000 + limits.idleTimeout.components.attoseconds
                    / 1_000_000_000),
            httpDecoderConfiguration: .init(
                maxHeaderFieldSize: limits.maximumHeaderFieldBytes, maxHeaderListSize: limits.maximumHeaderBytes,
                maxHeaderFieldCount: limits.maximumHeaderFields))
        base = HTTP1Channel(responder: responder, configuration: configuration)
        self.limits = limits
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let requestTimeout = limits.requestTimeout
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let codec = try operations.handler(type: HTTP1ToHTTPServerCodec.self)
            try operations.addHandler(HTTP1ConnectionHandler(requestTimeout: requestTimeout), position: .before(codec))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// An HTTP/1 server with ``ServerLimits``: HTTP/1.0 and keep-alive handled as RFC 9112 says,
    /// idle connections and slow requests closed, header sizes bounded. Pair it with
    /// ``ServerLimits/configuration(address:serverName:)`` for the connection limit.
    ///
    /// ```swift
    /// let app = Application(
    ///     router: router, server: .limitedHTTP1(.demo),
    ///     configuration: ServerLimits.demo.configuration(address: .hostname("127.0.0.1", port: 0), serverName: "demo"))
    /// ```
    ///
    /// - Parameter limits: The limits.
    /// - Returns: The builder.
    package static func limitedHTTP1(_ limits: ServerLimits) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in LimitedHTTP1Channel(responder: responder, limits: limits) }
    }
}
