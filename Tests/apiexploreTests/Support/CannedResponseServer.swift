import Foundation

/// A loopback TCP server that answers every HTTP request with the same bytes, written as given: for
/// answers no real HTTP library would produce (a status line of `000`), so a client meets them as it
/// would meet a hostile peer.
final class CannedResponseServer: @unchecked Sendable {
    struct SetupError: Error, CustomStringConvertible {
        let description: String
    }

    /// The port on 127.0.0.1.
    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }
    private let listener: Int32

    /// Listens on an ephemeral port and answers each connection with `response` on a thread of its own.
    init(response: String) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw SetupError(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw SetupError(description: "bind/listen: errno \(errno)")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        let bytes = Array(response.utf8)
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                // Read the request head, then answer and close.
                var request: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                while !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
                    let count = read(connection, &buffer, buffer.count)
                    if count <= 0 { break }
                    request += buffer[0..<count]
                }
                _ = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                close(connection)
            }
        }
    }

    /// Stops accepting (the thread ends with the failed accept).
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
