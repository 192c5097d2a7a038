import APIClient
import NIOCore
import NIOPosix
import Synchronization

/// A loopback server that answers every connection with the bytes it is given, as they are, and
/// closes: the status line, headers, chunked framing and gzip bodies come from the fuzzer.
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

    /// Writes the response when the connection opens, then closes it.
    private final class Answer: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let bytes: [UInt8]

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        func channelActive(context: ChannelHandlerContext) {
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
            // Known upstream trap, reproduced and left open (see docs/fuzzing.md): a status below 100
            // with a body makes AsyncHTTPClient 1.37's state machine stop the process. Skipped here so
            // the run keeps guarding everything else.
            if FuzzTarget.statusBelow100(bytes) { return false }
            server.answer(with: bytes)
            do {
                _ = try await transport.send(HTTPRequestSpec(url: server.url), progress: nil)
                return true
            } catch {
                return false
            }
        })
}

extension FuzzTarget {
    /// Whether a response's status line carries a code below 100 (`HTTP/1.1 000 OK`).
    static func statusBelow100(_ bytes: [UInt8]) -> Bool {
        guard let space = bytes.prefix(32).firstIndex(of: UInt8(ascii: " ")), bytes.starts(with: Array("HTTP/".utf8))
        else { return false }
        let digits = bytes[(space + 1)...].prefix(3)
        guard digits.count == 3, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            return false
        }
        return digits.first == UInt8(ascii: "0")
    }
}
