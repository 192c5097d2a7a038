import Foundation
import RawHTTPTesting
import Synchronization

/// A loopback HTTP server (Python's `http.server`) that answers `/ok` at once and holds `/gate`
/// until the test calls ``open()``: a script that calls `/gate` is paused there, at a point the
/// test knows (``waitUntilHeld()`` returns once the request has arrived), without any sleep. Its
/// waits (for its port, for the held request) run on threads of their own: no concurrency thread
/// is held.
///
/// Each answer is `{"code":0,"msg":"ok","data":{"path":…}}` with a `Content-Length`.
final class GateServer {
    private let process = Process()
    private let input: Pipe
    private let output: Pipe
    private var pending = Data()
    let port: Int

    static let script = #"""
        import http.server, json, sys

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = True

            def do_GET(self):
                if self.path.startswith("/gate"):
                    print("held", flush=True)
                    sys.stdin.readline()
                body = json.dumps({"code": 0, "msg": "ok", "data": {"path": self.path}}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    init() async throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        let output: Pipe
        (input, output) = try ProcessLaunch.run(process, piping: .input, .output)
        self.output = output
        let (line, rest) = await onOwnThread {
            var pending = Data()
            let line = Self.readLine(output, &pending)
            return (line, pending)
        }
        pending = rest
        guard let line, let port = Int(line) else { throw Failure(text: "the gate server did not start") }
        self.port = port
    }

    /// The base URL.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Waits until a `/gate` request has arrived and is being held, or `run` has ended without
    /// sending one. The wait runs on a thread of its own, so it holds no concurrency thread.
    ///
    /// - Returns: Whether the request is held.
    func waitUntilHeld(unlessEnded run: BoundedRun) async -> Bool {
        let output = output
        return await onOwnThread {
            let event = DispatchSemaphore(value: 0)
            let held = Mutex(false)
            DispatchQueue.global().async {
                var pending = Data()
                let line = Self.readLine(output, &pending)
                held.withLock { $0 = line == "held" }
                event.signal()
            }
            run.whenEnded { event.signal() }
            event.wait()
            return held.withLock { $0 }
        }
    }

    /// Lets the held request through.
    func open() {
        input.fileHandleForWriting.write(Data("go\n".utf8))
    }

    /// Ends the server: SIGKILL, because a child of the test process may inherit SIGTERM blocked
    /// (Python then never ends, and waiting for it hangs the suite).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    private static func readLine(_ pipe: Pipe, _ pending: inout Data) -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            pending += chunk
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }
}

/// The binary in the background with its output in files, waited for with a guard against a hang:
/// a run that has not ended after `patience` is killed and reported (not a timing assertion: a run
/// that hangs would otherwise hang the suite).
final class BoundedRun: @unchecked Sendable {
    private let process = Process()
    private let ended = DispatchGroup()
    private let scratch: URL
    private let outURL: URL
    private let errURL: URL

    init(_ arguments: [String], environment: [String: String], scratch: URL) throws {
        self.scratch = scratch
        outURL = scratch.appendingPathComponent("bounded-stdout-\(UUID().uuidString)")
        errURL = scratch.appendingPathComponent("bounded-stderr-\(UUID().uuidString)")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process.executableURL = CommandRunner.executable
        process.arguments = arguments
        process.environment = IsolatedEnvironment.make(scratch: scratch, overrides: environment)
        process.currentDirectoryURL = scratch
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        ended.enter()
        process.terminationHandler = { [ended] _ in ended.leave() }
        try ProcessLaunch.run(process)
    }

    /// Calls `body` once the process has ended (at once if it has).
    func whenEnded(_ body: @escaping @Sendable () -> Void) {
        ended.notify(queue: .global(), execute: body)
    }

    /// Waits for the end (or kills the process after `patience`) and returns what it printed. The
    /// wait runs on a thread of its own, so it holds no concurrency thread.
    func finish(patience: Duration = .seconds(180)) async throws -> (output: CommandRunner.Output, hung: Bool) {
        let hung = await onOwnThread { [self] in
            let hung = ended.wait(timeout: .now() + .seconds(Int(patience.components.seconds))) == .timedOut
            if hung {
                kill(process.processIdentifier, SIGKILL)
                ended.wait()
            }
            process.waitUntilExit()
            return hung
        }
        return (
            CommandRunner.Output(
                status: process.terminationStatus,
                stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)),
            hung
        )
    }
}
