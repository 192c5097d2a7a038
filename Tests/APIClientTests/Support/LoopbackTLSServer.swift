import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// An HTTPS server on 127.0.0.1 with the self-signed certificate in `Fixtures/loopback-tls`, which no client
/// trusts: it answers every connection's first request with `200 OK` and the body `ok`, then closes.
///
/// Just enough HTTP for a client to see that the TLS handshake succeeded; the demo backend speaks plain HTTP.
final class LoopbackTLSServer: Sendable {
    /// The port it listens on.
    let port: Int
    private let channel: any Channel

    private init(port: Int, channel: any Channel) {
        self.port = port
        self.channel = channel
    }

    /// Starts the server on an ephemeral port.
    ///
    /// - Throws: When the fixture files cannot be read or the port cannot be bound.
    static func start() async throws -> LoopbackTLSServer {
        let fixtures = packageRoot.appendingPathComponent("Tests/APIClientTests/Fixtures/loopback-tls").path
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile(fixtures + "/cert.pem").map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: fixtures + "/key.pem", format: .pem)))
        let context = try NIOSSLContext(configuration: configuration)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                    try channel.pipeline.syncOperations.addHandler(FixedResponder())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else {
            try await channel.close()
            throw StartError()
        }
        return LoopbackTLSServer(port: port, channel: channel)
    }

    /// Stops listening.
    ///
    /// - Throws: What NIO reports while closing the socket.
    func stop() async throws {
        try await channel.close()
    }

    /// The bound socket has no port.
    struct StartError: Error {}
}

/// Answers the first bytes of a connection (the request, decrypted) with a fixed response and closes.
private final class FixedResponder: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var answered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }
        answered = true
        let response = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}
