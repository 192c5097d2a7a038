/// Whether a request's `Host` names the server it reached: what stops DNS rebinding against our
/// loopback servers.
///
/// A page on `evil.example` whose name is re-pointed at 127.0.0.1 is same-origin with a server on
/// loopback, so the browser lets it read every answer, CORS or not; but its requests carry
/// `Host: evil.example`, which is refused.
package enum HostCheck {
    /// Whether `authority` is `127.0.0.1`, `localhost` or `[::1]`, or the address the server was
    /// told to listen on, each with the port it listens on (no port only for 80). A request with no
    /// `Host` is refused too. Names compare without case.
    ///
    /// ```swift
    /// HostCheck.accepts("localhost:8765", listeningOn: "127.0.0.1", port: 8765)     // true
    /// HostCheck.accepts("evil.example:8765", listeningOn: "127.0.0.1", port: 8765)  // false
    /// HostCheck.accepts("[::1]:8765", listeningOn: "::1", port: 8765)                // true
    /// ```
    ///
    /// - Parameters:
    ///   - authority: The request's `Host` (its `:authority`), `nil` when it sent none.
    ///   - host: The address the server listens on (`--host`).
    ///   - port: The port it listens on.
    /// - Returns: Whether to answer the request.
    package static func accepts(_ authority: String?, listeningOn host: String, port: Int) -> Bool {
        guard let authority, authority.utf8.count <= 300 else { return false }
        var name = Substring(authority.lowercased())
        var given: Substring?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return false }
            let after = name[name.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return false }
                given = after.dropFirst()
            }
            name = name[...close]
        } else if let colon = name.lastIndex(of: ":") {
            given = name[name.index(after: colon)...]
            name = name[..<colon]
        }
        if let given {
            guard given.count <= 5, given.allSatisfy(\.isASCII), Int(given) == port else { return false }
        } else {
            guard port == 80 else { return false }
        }
        let listening = host.contains(":") ? "[\(host.lowercased())]" : host.lowercased()
        return ["127.0.0.1", "localhost", "[::1]", listening].contains(String(name))
    }

    /// Whether an address to listen on is loopback (`127.0.0.0/8`, `localhost`, `::1`): anything
    /// else lets other machines connect.
    ///
    /// - Parameter host: The address (`--host`), without brackets.
    /// - Returns: Whether only this machine can connect.
    package static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        return name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" || name.hasPrefix("127.")
    }
}
