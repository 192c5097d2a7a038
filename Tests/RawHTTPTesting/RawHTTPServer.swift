package import Foundation

/// `Tests/Tools/raw-http-server.py` in its own process, shared by the client's and the binary's
/// tests: a loopback HTTP/1.1 peer that answers each
/// path with exactly the bytes a test scripts (a redirect to another port, `HTTP/1.1 000 OK`), over
/// TLS with the test certificate when asked, and logs every request it received.
///
/// It stops when the test calls ``stop()``, or when the test process ends (its stdin closes).
package final class RawHTTPServer {
    /// One scripted answer: a status line, headers and body (sent with `Content-Length` and
    /// `Connection: close`), or ``raw`` bytes as they are. `{port}` stands for the server's port.
    /// With ``keep`` the connection stays open for that many answers, and the request after them
    /// is read and left unanswered as the connection closes.
    package struct Route: Encodable {
        package var status: String?
        package var headers: [[String]]?
        package var body: String?
        package var raw: String?
        package var parts: [String]?
        package var pauseMilliseconds: Int?
        package var keep: Int?
        /// With ``keep``, the unanswered request's connection is reset instead of closed.
        package var reset: Bool?

        package enum CodingKeys: String, CodingKey {
            case status, headers, body, raw, parts, keep, reset
            case pauseMilliseconds = "pause_ms"
        }

        package static func answer(
            _ status: String, headers: [(String, String)] = [], body: String = "", keep: Int? = nil,
            reset: Bool? = nil
        ) -> Route {
            Route(status: status, headers: headers.map { [$0.0, $0.1] }, body: body, keep: keep, reset: reset)
        }

        package static func raw(_ bytes: String) -> Route {
            Route(raw: bytes)
        }

        /// Bytes written a part at a time with a pause after each (20 ms unless told), so that the
        /// client reads them apart.
        package static func parts(_ parts: [String], pause: Int? = nil) -> Route {
            Route(parts: parts, pauseMilliseconds: pause)
        }

        package static func redirect(_ status: Int, to location: String) -> Route {
            answer("\(status) Redirect", headers: [("Location", location)], body: "moved")
        }
    }

    /// A request as the server read it.
    package struct Received: Decodable {
        package var method: String
        package var target: String
        package var headers: [[String]]
        package var body: String
        /// The connection it came on, numbered from 1 in the order they were accepted.
        package var connection: Int
        /// Whether the server answered it (see ``Route/keep``).
        package var answered: Bool

        /// The first value of a header, any case.
        package func header(_ name: String) -> String? {
            headers.first { $0.count == 2 && $0[0].lowercased() == name.lowercased() }?[1]
        }
    }

    /// The port on 127.0.0.1.
    package let port: Int
    /// `http://127.0.0.1:PORT` (or `https://`).
    package let origin: String
    private let process: Process
    private let input: Pipe
    private let logURL: URL
    /// Where the server writes the number of each connection it has closed, a line each.
    package let closedLog: URL
    private let folder: URL

    /// Where the test certificate and key live (self-signed for 127.0.0.1 and localhost).
    package static let certificateFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("APIClientTests/Fixtures/loopback-tls")

    /// Starts the server with its routes; returns once it listens. The wait for its port holds no
    /// thread of the concurrency pool.
    ///
    /// - Parameters:
    ///   - routes: Answers by request path (query left out); `"*"` answers every other path.
    ///   - tls: Whether it speaks HTTPS with the test certificate.
    package init(routes: [String: Route], tls: Bool = false) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("raw-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let routesURL = folder.appendingPathComponent("routes.json")
        try JSONEncoder().encode(routes).write(to: routesURL)
        logURL = folder.appendingPathComponent("requests.jsonl")
        try Data().write(to: logURL)
        closedLog = folder.appendingPathComponent("closed.log")
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tools/raw-http-server.py")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = [
            "python3", script.path, "--routes", routesURL.path, "--log", logURL.path, "--closed", closedLog.path,
        ]
        if tls {
            arguments += [
                "--tls", Self.certificateFolder.appendingPathComponent("cert.pem").path,
                Self.certificateFolder.appendingPathComponent("key.pem").path,
            ]
        }
        process.arguments = arguments
        let output: Pipe
        (input, output) = try ProcessLaunch.run(process, piping: .input, .output)
        // The first line is the port.
        let line = await output.fileHandleForReading.readFirstLine()
        guard let port = Int(line) else {
            process.terminate()
            throw StartError(output: line)
        }
        self.port = port
        origin = (tls ? "https" : "http") + "://127.0.0.1:\(port)"
    }

    /// The requests received so far, in order.
    package func received() throws -> [Received] {
        let text = try String(contentsOf: logURL, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try JSONDecoder().decode(Received.self, from: Data(line.utf8))
        }
    }

    /// The connections the server has closed so far, by number.
    package func closedConnections() throws -> [Int] {
        try Self.closedConnections(in: closedLog)
    }

    /// The connections closed so far, as a server's ``closedLog`` at `url` lists them.
    package static func closedConnections(in url: URL) throws -> [Int] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
    }

    /// Stops the server and removes its folder.
    ///
    /// The server is killed, not asked to stop by closing its stdin: a process another test started
    /// meanwhile (a tmux server) can inherit the pipe's write end, so the end of input may never
    /// come, and a wait for it would hold a thread of the test pool for good.
    package func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        do {
            try input.fileHandleForWriting.close()
        } catch {
            print("warning: could not close the server's input: \(error)")
        }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            print("warning: could not remove \(folder.path): \(error)")
        }
    }

    /// The server printed no port.
    package struct StartError: Error, CustomStringConvertible {
        package var output: String
        package var description: String { "raw-http-server.py did not start: \(output)" }
    }
}
