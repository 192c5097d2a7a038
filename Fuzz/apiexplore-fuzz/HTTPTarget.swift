import APIClient
import APIHTTP
import NIOCore
import NIOPosix
import Synchronization

/// A loopback server that answers every connection's request with the bytes it is given, as they
/// are, and closes: the status line, headers, chunked framing and gzip bodies come from the fuzzer.
final class RawResponseServer: Sendable {
    /// What connections are answered with, shared with the channel handlers.
    private final class Response: Sendable {
        let bytes = Mutex<[UInt8]>([])
    }

    private let response = Response()
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    private let channel: any Channel

    /// The server's URL.
    let url: String

    init() async throws {
        let response = self.response
        channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Answer(bytes: response.bytes.withLock { $0 }))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        url = "http://127.0.0.1:\(channel.localAddress?.port ?? 0)/fuzz"
    }

    /// Sets what the next connections are answered with.
    func answer(with bytes: [UInt8]) {
        response.bytes.withLock { $0 = bytes }
    }

    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }

    /// Writes the response once the request's first bytes arrived, as a server does, then closes.
    private final class Answer: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let bytes: [UInt8]
        private var answered = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !answered else { return }
            answered = true
            let channel = context.channel
            context.writeAndFlush(NIOAny(ByteBuffer(bytes: bytes))).whenComplete { _ in
                channel.close(promise: nil)
            }
        }
    }
}

/// The `http` target: each input is the raw response our transport reads, with its normal limits
/// and a short deadline. A transport error is a fine answer; a trap or a hang is not.
func httpTarget(server: RawResponseServer, transport: HTTPTransport) -> FuzzTarget {
    FuzzTarget(
        name: "http", summary: "HTTPTransport reading raw responses: headers, chunked, gzip",
        seeds: { Seeds.files("Fuzz/corpus/http", suffixes: [".http"]) },
        dictionary: .tokens([
            "HTTP/1.1 200 OK\r\n", "HTTP/1.0 ", "\r\n", "\r\n\r\n", "Content-Length: ",
            "Transfer-Encoding: chunked\r\n",
            "Content-Encoding: gzip\r\n", "Content-Encoding: deflate\r\n", "0\r\n\r\n", "ffffffffffffffff\r\n",
            "Location: /x\r\n", "Retry-After: 1\r\n", "Content-Type: application/json\r\n", "\u{1F}\u{8B}\u{8}",
        ]),
        run: { bytes in
            server.answer(with: bytes)
            do {
                _ = try await transport.send(HTTPRequestSpec(url: server.url), progress: nil)
                return true
            } catch {
                return false
            }
        })
}
