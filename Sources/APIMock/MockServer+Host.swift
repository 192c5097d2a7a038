import APIMapping
import APIServing

extension MockServer {
    /// Whether a request's `Host` names this server: `127.0.0.1`, `localhost` or `[::1]`, or the
    /// address it was told to listen on, each with the port it listens on (no port only for 80).
    ///
    /// This is what stops DNS rebinding: a page on `evil.example` whose name is re-pointed at
    /// 127.0.0.1 is same-origin with the mock, so the browser would let it read every answer, CORS
    /// or not; but its requests carry `Host: evil.example`, which is refused. A request with no
    /// `Host` is refused too. Names compare without case.
    ///
    /// ```swift
    /// MockServer.acceptsHost("localhost:8765", listeningOn: "127.0.0.1", port: 8765)     // true
    /// MockServer.acceptsHost("evil.example:8765", listeningOn: "127.0.0.1", port: 8765)  // false
    /// MockServer.acceptsHost("[::1]:8765", listeningOn: "::1", port: 8765)                // true
    /// ```
    ///
    /// - Parameters:
    ///   - authority: The request's `Host` (its `:authority`), `nil` when it sent none.
    ///   - host: The address the server listens on (`--host`).
    ///   - port: The port the server listens on.
    /// - Returns: Whether to answer the request.
    package static func acceptsHost(_ authority: String?, listeningOn host: String, port: Int) -> Bool {
        HostCheck.accepts(authority, listeningOn: host, port: port)
    }

    /// Whether an address to listen on is loopback (`127.0.0.0/8`, `localhost`, `::1`): anything
    /// else lets other machines reach the recordings.
    ///
    /// - Parameter host: The address (`--host`), without brackets.
    /// - Returns: Whether only this machine can connect.
    package static func isLoopback(_ host: String) -> Bool {
        HostCheck.isLoopback(host)
    }

    /// The answer to a request whose `Host` is refused: 421 Misdirected Request, saying why.
    ///
    /// ```swift
    /// MockServer.misdirected("evil.example")
    /// // 421 {"error":"this mock answers only requests for 127.0.0.1, localhost, [::1] or the --host address …",
    /// //      "host":"evil.example"}
    /// ```
    ///
    /// - Parameter authority: The `Host` the request sent, `nil` for none; at most 200 characters
    ///   of it are repeated.
    /// - Returns: The explanation.
    package static func misdirected(_ authority: String?) -> MockResponse {
        MockResponse.explanation(
            status: 421,
            "this mock answers only requests for 127.0.0.1, localhost, [::1] or the --host address, with its "
                + "port: another Host means a page re-pointed its name at this machine (DNS rebinding)",
            ["host": authority.map { .string(String($0.prefix(200))) } ?? .null])
    }
}
