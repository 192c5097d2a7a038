import NIOCore
import NIOHTTP1

/// One request as a ``DirectHTTP1Transport`` connection writes it: built once per request, written
/// as three parts.
struct DirectExchange: Sendable {
    /// The request line and header fields, `Host` and `Content-Length` included.
    let head: HTTPRequestHead
    /// The body, if any.
    let body: ByteBuffer?
    /// The largest body accepted, in bytes.
    let limit: Int
    /// When the whole exchange must be over.
    let deadline: NIODeadline
    /// The longest wait for the next bytes of the answer.
    let readTimeout: TimeAmount
}

/// A whole answer read by a ``DirectExchangeHandler``.
struct DirectResponse: Sendable {
    /// The final status line and header fields.
    let head: HTTPResponseHead
    /// The body, decompressed.
    let body: [UInt8]
    /// When the head arrived.
    let headersReceived: ContinuousClock.Instant
    /// When the body ended.
    let completed: ContinuousClock.Instant
}

/// Why an exchange on a direct connection gave no answer.
enum DirectExchangeFailure: Error {
    /// The body passed the limit (bytes).
    case tooLarge(Int)
    /// The exchange's deadline passed.
    case timeout
    /// No bytes arrived for the read timeout.
    case readTimeout
    /// The connection closed first; whether the head had arrived (a truncated body) or not.
    case closed(receivedHead: Bool)
    /// The pipeline failed (TLS, the HTTP parser, a refused answer); whether the head had arrived.
    case failed(any Error, receivedHead: Bool)
}

/// The last handler of a direct connection's pipeline: writes one request at a time and collects
/// its answer whole, within a size limit and a deadline.
///
/// It stands in for both AsyncHTTPClient's connection handler and ``ResponseGuard``: an answer with
/// a status below 100, or a part that answers no request, fails the exchange and closes the
/// connection; informational answers (`100 Continue`) are skipped.
final class DirectExchangeHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    /// The exchange in flight.
    private struct Pending {
        let promise: EventLoopPromise<DirectResponse>
        let limit: Int
        /// Whether a body can follow the head: not for `HEAD`, whose `Content-Length` describes a `GET`.
        let expectsBody: Bool
        let deadline: NIODeadline
        let readTimeout: TimeAmount
        /// When the request was written or the answer's last bytes arrived.
        var lastActivity: NIODeadline
        var timer: Scheduled<Void>?
        var head: HTTPResponseHead?
        var headersReceived: ContinuousClock.Instant?
        var informational = false
        var body: [UInt8] = []
    }

    private let eventLoop: any EventLoop
    private var context: ChannelHandlerContext?
    private var pending: Pending?
    /// What closed the connection while no exchange was in flight (a TLS handshake refused before
    /// the first request was written), for the next exchange to report.
    private var idleError: (any Error)?

    /// Creates the handler of a connection on `eventLoop`.
    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        fail(.closed(receivedHead: pending?.head != nil))
    }

    /// Writes `exchange`'s request; the future completes with its whole answer, or fails with a
    /// ``DirectExchangeFailure``. Call on the connection's event loop, one exchange at a time.
    func start(_ exchange: DirectExchange) -> EventLoopFuture<DirectResponse> {
        guard let context, context.channel.isActive, pending == nil else {
            let failure = idleError.map { DirectExchangeFailure.failed($0, receivedHead: false) }
            return eventLoop.makeFailedFuture(failure ?? .closed(receivedHead: false))
        }
        let promise = eventLoop.makePromise(of: DirectResponse.self)
        pending = Pending(
            promise: promise, limit: exchange.limit, expectsBody: exchange.head.method != .HEAD,
            deadline: exchange.deadline, readTimeout: exchange.readTimeout,
            lastActivity: .now())
        scheduleTimer()
        // The encoder refuses a header it cannot write (a line break in a value) through the head's promise.
        let written = eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenFailure { error in
            self.fail(.failed(error, receivedHead: false))
            self.context?.close(promise: nil)
        }
        context.write(wrapOutboundOut(.head(exchange.head)), promise: written)
        if let body = exchange.body {
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        return promise.futureResult
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard pending != nil else {
            // Nothing asked for this: the connection cannot be trusted for the next request.
            context.close(promise: nil)
            return
        }
        pending?.lastActivity = .now()
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard head.status.code >= 100 else {
                return refuse(UnacceptableResponse.status(head.status.code), context: context)
            }
            if head.status.code < 200, head.status != .switchingProtocols {
                pending?.informational = true
                return
            }
            pending?.informational = false
            pending?.head = head
            pending?.headersReceived = .now
            if pending?.expectsBody == true,
                let announced = head.headers.first(name: "content-length").flatMap({ Int($0) }), announced >= 0
            {
                guard let limit = pending?.limit, announced <= limit else {
                    return tooLarge(context: context)
                }
                pending?.body.reserveCapacity(announced)
            }
        case .body(let buffer):
            // No copy of `pending` is bound here: one would make the append copy the body so far.
            guard pending?.head != nil, let limit = pending?.limit, let received = pending?.body.count else {
                return refuse(UnacceptableResponse.unsolicited("body bytes"), context: context)
            }
            guard buffer.readableBytes <= limit - received else {
                return tooLarge(context: context)
            }
            buffer.withUnsafeReadableBytes { self.pending?.body.append(contentsOf: $0) }
        case .end:
            if pending?.informational == true {
                pending?.informational = false
                return
            }
            guard let done = pending else { return }
            guard let head = done.head, let headersReceived = done.headersReceived else {
                return refuse(UnacceptableResponse.unsolicited("the end of a response"), context: context)
            }
            pending = nil
            done.timer?.cancel()
            done.promise.succeed(
                DirectResponse(head: head, body: done.body, headersReceived: headersReceived, completed: .now))
            if !head.isKeepAlive { context.close(promise: nil) }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(.closed(receivedHead: pending?.head != nil))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if pending == nil { idleError = error }
        fail(.failed(error, receivedHead: pending?.head != nil))
        context.close(promise: nil)
    }

    /// Arms the exchange's one timer for whichever comes first: the deadline, or the read timeout
    /// from the last activity. When it fires early (bytes arrived meanwhile) it arms itself again.
    private func scheduleTimer() {
        guard let exchange = pending else { return }
        let due = min(exchange.deadline, exchange.lastActivity + exchange.readTimeout)
        pending?.timer = eventLoop.assumeIsolated().scheduleTask(deadline: due) {
            guard let exchange = self.pending else { return }
            let now = NIODeadline.now()
            if now >= exchange.deadline {
                self.fail(.timeout)
            } else if now >= exchange.lastActivity + exchange.readTimeout {
                self.fail(.readTimeout)
            } else {
                return self.scheduleTimer()
            }
            self.context?.close(promise: nil)
        }
    }

    private func refuse(_ error: UnacceptableResponse, context: ChannelHandlerContext) {
        fail(.failed(error, receivedHead: false))
        context.close(promise: nil)
    }

    private func tooLarge(context: ChannelHandlerContext) {
        fail(.tooLarge(pending?.limit ?? 0))
        context.close(promise: nil)
    }

    /// Ends the exchange in flight, if any, with `failure`.
    private func fail(_ failure: DirectExchangeFailure) {
        guard let done = pending else { return }
        pending = nil
        done.timer?.cancel()
        done.promise.fail(failure)
    }
}
