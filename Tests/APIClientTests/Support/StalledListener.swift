#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A loopback port that listens but never completes a new TCP handshake: its accept queue (backlog 0) is filled
/// by one connection of our own, after which the kernel drops further SYNs, so a client's connect hangs until
/// its connect timeout. An unroutable address would do the same on an open network, but a sandbox may answer
/// for any address; this stays on loopback.
final class StalledListener {
    /// A socket call failed while setting the listener up.
    struct SetupError: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call) failed: errno \(code)" }
    }

    /// The listening port on 127.0.0.1.
    let port: Int
    private let listener: Int32
    private let filler: Int32

    /// Opens the listener and fills its queue.
    ///
    /// - Throws: ``SetupError`` when a socket call fails.
    init() throws {
        let listener = try Self.check("socket", socket(AF_INET, Self.streamType, 0))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = try Self.check("bind", Self.withSocketAddress(&address) { bind(listener, $0, length) })
        _ = try Self.check("listen", listen(listener, 0))
        _ = try Self.check("getsockname", Self.withSocketAddress(&address) { getsockname(listener, $0, &length) })
        // Completes at once (the queue's one slot), then stays unaccepted: the queue is full from here on.
        let filler = try Self.check("socket", socket(AF_INET, Self.streamType, 0))
        _ = try Self.check("connect", Self.withSocketAddress(&address) { connect(filler, $0, length) })
        self.listener = listener
        self.filler = filler
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Closes both sockets.
    func stop() {
        _ = close(filler)
        _ = close(listener)
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
        private static let streamType = SOCK_STREAM
    #endif

    private static func check(_ call: String, _ result: Int32) throws -> Int32 {
        guard result >= 0 else { throw SetupError(call: call, code: errno) }
        return result
    }

    private static func withSocketAddress(
        _ address: inout sockaddr_in, _ body: (UnsafeMutablePointer<sockaddr>) -> Int32
    ) -> Int32 {
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1, body)
        }
    }
}
