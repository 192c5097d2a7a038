import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOHTTP2

/// An answer ``ResponseGuard`` refused before AsyncHTTPClient saw it, because the client would have
/// stopped the process on it (see `docs/decisions/0007-response-guard.md`).
struct UnacceptableResponse: Error, CustomStringConvertible {
    /// What the peer sent, in words.
    var description: String

    /// A status line whose code is below 100 (`HTTP/1.1 000 OK`).
    static func status(_ code: UInt) -> UnacceptableResponse {
        let digits = String(code)
        let shown = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        return UnacceptableResponse(
            description: "the server answered with status \(shown), and HTTP statuses start at 100")
    }

    /// A response part with no request waiting for it.
    static func unsolicited(_ part: String) -> UnacceptableResponse {
        UnacceptableResponse(description: "the server sent \(part) that answers no request")
    }
}

/// Sits between the HTTP decoder and AsyncHTTPClient's handler on every connection (HTTP/1.1) and
/// every stream (HTTP/2), and turns the answers the client cannot take into an error on the
/// request: a status below 100, which the client takes for an informational answer and then traps
/// on its body, and a response part while no request is waiting, which traps its idle connection.
///
/// Everything after a refusal is dropped and the connection closed, so the client never sees it.
final class ResponseGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    /// Requests sent whose final response has not ended.
    private var waiting = 0
    /// Whether a final response head arrived and its end has not.
    private var inResponse = false
    private var refused = false

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .head = unwrapOutboundIn(data) { waiting += 1 }
        context.write(data, promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            if head.status.code < 100 { return refuse(.status(head.status.code), context: context) }
            guard waiting > 0, !inResponse else { return refuse(.unsolicited("a response"), context: context) }
            let informational = head.status.code < 200 && head.status != .switchingProtocols
            if !informational { inResponse = true }
        case .body:
            guard inResponse else { return refuse(.unsolicited("body bytes"), context: context) }
        case .end:
            guard inResponse else { return refuse(.unsolicited("the end of a response"), context: context) }
            inResponse = false
            waiting -= 1
        }
        context.fireChannelRead(data)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        guard !refused else { return }
        context.fireChannelReadComplete()
    }

    private func refuse(_ error: UnacceptableResponse, context: ChannelHandlerContext) {
        refused = true
        context.fireErrorCaught(error)
        context.close(promise: nil)
    }

    /// Puts a guard after `decoder` on `channel`'s pipeline, on the channel's event loop: at once
    /// when called there (AsyncHTTPClient calls its connection initialiser in the same turn of the
    /// loop that installed its handlers, so no response can slip past), else as a task.
    static func install<Decoder: ChannelHandler & SendableMetatype>(
        on channel: any Channel, after decoder: Decoder.Type
    ) -> EventLoopFuture<Void> {
        let add: @Sendable () throws -> Void = {
            let pipeline = channel.pipeline.syncOperations
            let found = try pipeline.handler(type: decoder)
            try pipeline.addHandler(ResponseGuard(), position: .after(found))
        }
        if channel.eventLoop.inEventLoop {
            return channel.eventLoop.makeCompletedFuture(Result(catching: add))
        }
        return channel.eventLoop.submit(add)
    }
}

extension HTTPClient.Configuration {
    /// This configuration with a ``ResponseGuard`` on every HTTP/1.1 connection and HTTP/2 stream.
    func guardingResponses() -> HTTPClient.Configuration {
        var configuration = self
        configuration.http1_1ConnectionDebugInitializer = { channel in
            ResponseGuard.install(on: channel, after: ByteToMessageHandler<HTTPResponseDecoder>.self)
        }
        configuration.http2StreamChannelDebugInitializer = { channel in
            ResponseGuard.install(on: channel, after: HTTP2FramePayloadToHTTP1ClientCodec.self)
        }
        return configuration
    }
}
