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
    /// Takes the body as it arrives, when it takes the answer; else the body is collected whole.
    var handler: (any ResponseBodyHandler)? = nil
    /// Hears how far the body has got.
    var progress: (@Sendable (ProgressReport) -> Void)? = nil
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
    /// How a body handed to a reader went, when one took it.
    var stream: StreamedBody? = nil
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
/// its answer whole, within a size limit and a deadline, or hands its body to the request's
/// ``ResponseBodyReader`` as it arrives (a ``DirectBodyStream``).
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
        /// The exchange's deadline; a stream's own time limit, once its reader took it.
        var deadline: NIODeadline
        let readTimeout: TimeAmount
        let handler: (any ResponseBodyHandler)?
        let progress: (@Sendable (ProgressReport) -> Void)?
        /// The body's reader, once the handler took the answer.
        var stream: DirectBodyStream?
        /// The decoded length the head announced, for progress reports.
        var expected: Int?
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
    /// Counts the exchanges, so that a stop asked of one stream cannot end a later one.
    private var serial = 0

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
        serial &+= 1
        pending = Pending(
            promise: promise, limit: exchange.limit, expectsBody: exchange.head.method != .HEAD,
            deadline: exchange.deadline, readTimeout: exchange.readTimeout, handler: exchange.handler,
            progress: exchange.progress, lastActivity: .now())
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
            if pending?.progress != nil {
                // Only a progress report needs it: the header scans stay off a load run's path.
                pending?.expected = DirectBodyStream.announcedLength(of: head)
            }
            if let handler = pending?.handler {
                do {
                    if let stream = try DirectBodyStream.start(head, handler: handler, progress: pending?.progress) {
                        return begin(stream, timeLimit: handler.timeLimit, context: context)
                    }
                } catch {
                    fail(.failed(error, receivedHead: true))
                    return context.close(promise: nil)
                }
            }
            if pending?.expectsBody == true,
                let announced = head.headers.first(name: "content-length").flatMap({ Int($0) }), announced >= 0
            {
                guard let limit = pending?.limit, announced <= limit else {
                    return tooLarge(context: context)
                }
                pending?.body.reserveCapacity(announced)
            }
        case .body(let buffer):
            if pending?.stream != nil {
                return read(buffer, context: context)
            }
            // No copy of `pending` is bound here: one would make the append copy the body so far.
            guard pending?.head != nil, let limit = pending?.limit, let received = pending?.body.count else {
                return refuse(UnacceptableResponse.unsolicited("body bytes"), context: context)
            }
            guard buffer.readableBytes <= limit - received else {
                return tooLarge(context: context)
            }
            buffer.withUnsafeReadableBytes { self.pending?.body.append(contentsOf: $0) }
            if let progress = pending?.progress {
                let got = received + buffer.readableBytes
                progress(ProgressReport(bytesReceived: got, expectedLength: pending?.expected))
            }
        case .end:
            if pending?.informational == true {
                pending?.informational = false
                return
            }
            guard let done = pending else { return }
            guard let head = done.head, let headersReceived = done.headersReceived else {
                return refuse(UnacceptableResponse.unsolicited("the end of a response"), context: context)
            }
            if done.stream != nil {
                endStream(.complete)
                if !head.isKeepAlive { context.close(promise: nil) }
                return
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

    /// Ends the exchange in flight, if any, with `failure`; a body being streamed ends as the
    /// failure ends a stream (broken, at its time limit) and its reader makes the answer.
    private func fail(_ failure: DirectExchangeFailure) {
        if pending?.stream != nil, let end = failure.streamEnd {
            return endStream(end)
        }
        guard let done = pending else { return }
        done.stream?.control?.detach()
        pending = nil
        done.timer?.cancel()
        done.promise.fail(failure)
    }

    /// Hands the rest of the exchange's body to `stream`, under its own time limit if it has one.
    private func begin(_ stream: DirectBodyStream, timeLimit: Duration?, context: ChannelHandlerContext) {
        pending?.stream = stream
        if let timeLimit {
            // The timer was armed for the exchange's deadline; the limit may come sooner.
            pending?.deadline = .now() + TimeAmount(timeLimit)
            pending?.timer?.cancel()
            scheduleTimer()
        }
        guard let control = stream.control else { return }
        let handler = NIOLoopBound(self, eventLoop: eventLoop)
        let loop = eventLoop
        let exchange = serial
        if !control.attach({ loop.execute { handler.value.stop(exchange) } }) {
            stop(exchange)
        }
    }

    /// Hands one part of a streamed body to its reader; ends the stream when the reader or its
    /// control says stop, or the reader fails.
    private func read(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        let decision: StreamDecision?
        do {
            decision = try pending?.stream?.read(buffer)
        } catch {
            fail(.failed(error, receivedHead: true))
            return context.close(promise: nil)
        }
        if decision == .stop {
            endStream(.stopped)
            context.close(promise: nil)
        }
    }

    /// Stops exchange number `exchange`'s stream, if it is still the one in flight: asked from
    /// outside through its ``StreamControl``.
    private func stop(_ exchange: Int) {
        guard exchange == serial, pending?.stream != nil else { return }
        endStream(.stopped)
        context?.close(promise: nil)
    }

    /// Ends the streamed body in flight: its reader's `finish` makes the answer's body and summary.
    private func endStream(_ end: StreamEnd) {
        guard let done = pending, let stream = done.stream, let head = done.head,
            let headersReceived = done.headersReceived
        else { return }
        pending = nil
        done.timer?.cancel()
        stream.control?.detach()
        do {
            let (body, summary) = try stream.reader.finish(end)
            done.promise.succeed(
                DirectResponse(
                    head: head, body: body, headersReceived: headersReceived, completed: .now, stream: summary))
        } catch {
            done.promise.fail(DirectExchangeFailure.failed(error, receivedHead: true))
        }
    }
}
