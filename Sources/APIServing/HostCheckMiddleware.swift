package import Hummingbird
import NIOCore
import Synchronization

/// The port a server listens on, known once it is bound (the system picks it for port 0), read by
/// every request's `Host` check.
package final class ListeningPort: Sendable {
    private let port: Mutex<Int>

    /// The port asked for; set ``value`` to the bound one once the server runs.
    ///
    /// - Parameter port: The port given on the command line (0 for any).
    package init(_ port: Int) { self.port = Mutex(port) }

    /// The port.
    package var value: Int {
        get { port.withLock { $0 } }
        set { port.withLock { $0 = newValue } }
    }
}

/// Answers 421 Misdirected Request to a request whose `Host` is not the server's own
/// (``HostCheck/accepts(_:listeningOn:port:)``), before any route sees it.
///
/// ```swift
/// router.add(middleware: HostCheckMiddleware(listeningOn: "127.0.0.1", port: port))
/// ```
package struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    let host: String
    let port: ListeningPort

    /// - Parameters:
    ///   - host: The address the server listens on.
    ///   - port: The port it listens on, once bound.
    package init(listeningOn host: String, port: ListeningPort) {
        self.host = host
        self.port = port
    }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let authority = request.head.authority
        guard HostCheck.accepts(authority, listeningOn: host, port: port.value) else {
            return Self.misdirected(authority)
        }
        return try await next(request, context)
    }

    /// `421 {"error": "…", "host": "evil.example"}`.
    static func misdirected(_ authority: String?) -> Response {
        let shown = authority.map { String($0.prefix(200)) } ?? ""
        var escaped = ""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: escaped += "?"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        let body =
            #"{"error":"this server answers only requests for 127.0.0.1, localhost, [::1] or its --host address, "#
            + #"with its port: another Host means a page re-pointed its name at this machine (DNS rebinding)","host":"#
            + (authority == nil ? "null" : "\"\(escaped)\"") + "}"
        return Response(
            status: .misdirectedRequest, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
