import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

/// Where a direct connection goes: what a kept-alive connection can be reused for.
struct DirectOrigin: Hashable, Sendable {
    /// `http` or `https`.
    let scheme: String
    /// The host name or address, without IPv6 brackets.
    let host: String
    /// The port.
    let port: Int

    /// Whether the host is an IPv4 or IPv6 address rather than a name.
    var isAddress: Bool {
        host.contains(":")
            || host.utf8.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
    }

    /// The `Host` header field's value: the port only when it is not the scheme's default.
    var hostField: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (scheme == "https" ? 443 : 80) ? name : "\(name):\(port)"
    }
}

/// An absolute `http` or `https` URL as a direct connection sends it.
struct DirectTarget: Sendable {
    /// The URL as given.
    let url: String
    /// Where it goes.
    let origin: DirectOrigin
    /// The path and query, percent-encoded: the request line's target.
    let requestTarget: String

    /// Parses `url`; `nil` unless it is an absolute `http` or `https` URL with a host and a valid port.
    init?(url: String) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", var host = components.host, !host.isEmpty
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65_535).contains(port) else { return nil }
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        self.url = url
        origin = DirectOrigin(scheme: scheme, host: host, port: port)
        requestTarget = target
    }
}

/// One HTTP/1.1 connection of a ``DirectHTTP1Transport``: a NIO channel whose last handler is a
/// ``DirectExchangeHandler``, one exchange at a time.
final class DirectHTTP1Connection: Sendable {
    /// The channel.
    let channel: any Channel
    private let handler: NIOLoopBound<DirectExchangeHandler>

    private init(channel: any Channel, handler: DirectExchangeHandler) {
        self.channel = channel
        self.handler = NIOLoopBound(handler, eventLoop: channel.eventLoop)
    }

    /// Whether the connection can take another exchange (the peer may still close it meanwhile).
    var isOpen: Bool { channel.isActive }

    /// Sends `exchange` and collects its answer; fails with a ``DirectExchangeFailure``.
    func exchange(_ exchange: DirectExchange) -> EventLoopFuture<DirectResponse> {
        if channel.eventLoop.inEventLoop {
            return handler.value.start(exchange)
        }
        return channel.eventLoop.flatSubmit { self.handler.value.start(exchange) }
    }

    /// Opens a connection to `origin` on `loop`: TCP (no Nagle delay), TLS for `https` with
    /// `tls`, the HTTP/1.1 codec, a decompressor when `decompression` is given, the exchange handler.
    static func connect(
        to origin: DirectOrigin, on loop: any EventLoop, connectTimeout: Duration, tls: NIOSSLContext?,
        decompression: NIOHTTPDecompression.DecompressionLimit?
    ) -> EventLoopFuture<DirectHTTP1Connection> {
        ClientBootstrap(group: loop)
            .connectTimeout(TimeAmount(connectTimeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let tls {
                        // SNI takes a name, never an address.
                        try pipeline.addHandler(
                            NIOSSLClientHandler(context: tls, serverHostname: origin.isAddress ? nil : origin.host))
                    }
                    try pipeline.addHTTPClientHandlers()
                    if let decompression {
                        try pipeline.addHandler(NIOHTTPResponseDecompressor(limit: decompression))
                    }
                    try pipeline.addHandler(DirectExchangeHandler(eventLoop: channel.eventLoop))
                }
            }
            .connect(host: origin.host, port: origin.port)
            .flatMapThrowing { channel in
                DirectHTTP1Connection(
                    channel: channel,
                    handler: try channel.pipeline.syncOperations.handler(type: DirectExchangeHandler.self))
            }
    }
}
