import NIOCore
import NIOHTTP1

/// Keeps HTTP/1.0 and keep-alive right, and bounds the time of each request, between NIO's HTTP/1
/// codec and the server above it (which works on version-less HTTP types).
///
/// - A connection stays open after a response only when the request asked for it: HTTP/1.1
///   unless `Connection: close`, HTTP/1.0 only with `Connection: keep-alive` (RFC 9112 §9.3). The
///   request then carries a plain `Connection: close`, which is what makes the server above end the
///   connection after its answer, and the response says `Connection: close` too.
/// - The response's version is the request's: an HTTP/1.0 client gets an HTTP/1.0 response, never
///   chunked; one without a `Content-Length` is ended by closing the connection.
/// - An HTTP/1.0 client that keeps the connection open is told so (`Connection: keep-alive`).
/// - A request not answered within the time limit has its connection closed.
final class HTTP1ConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let requestTimeout: TimeAmount
    /// The version and keep-alive wish of each request not yet answered, oldest first.
    private var pending: [(version: HTTPVersion, keepAlive: Bool)] = []
    /// Whether the response being written ends the connection.
    private var closesAfterResponse = false
    private var timer: Scheduled<Void>?

    init(requestTimeout: Duration) {
        self.requestTimeout = .nanoseconds(
            requestTimeout.components.seconds * 1_000_000_000 + requestTimeout.components.attoseconds / 1_000_000_000)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let keepAlive = head.isKeepAlive
        pending.append((head.version, keepAlive))
        if !keepAlive {
            // The server above ends a connection after a request that says exactly this.
            head.headers.replaceOrAdd(name: "connection", value: "close")
        }
        if timer == nil { startTimer(context) }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            let request = pending.first ?? (.http1_1, true)
            var keepAlive = request.keepAlive
            // An HTTP/1.0 body without a length can only be ended by closing the connection.
            if request.version == .http1_0, !head.headers.contains(name: "content-length"), Self.hasBody(head) {
                keepAlive = false
            }
            head.version = request.version == .http1_0 ? .http1_0 : .http1_1
            if !keepAlive {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            } else if request.version == .http1_0 {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            closesAfterResponse = !keepAlive
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if !pending.isEmpty { pending.removeFirst() }
            timer?.cancel()
            timer = nil
            if !pending.isEmpty { startTimer(context) }
            guard closesAfterResponse else {
                context.write(data, promise: promise)
                return
            }
            closesAfterResponse = false
            let loop = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(data).whenComplete { result in
                // Everything was written: the close is the end of the body for the client.
                loop.value.close(promise: nil)
                promise?.completeWith(result)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    private func startTimer(_ context: ChannelHandlerContext) {
        let loop = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: requestTimeout) {
            // Too slow (the client's body or the answer): the connection goes, and with it the request.
            loop.value.close(promise: nil)
        }
    }

    /// Whether a response of this status has a body (not 1xx, 204 or 304).
    private static func hasBody(_ head: HTTPResponseHead) -> Bool {
        let code = head.status.code
        return !(100..<200).contains(code) && code != 204 && code != 304
    }
}
