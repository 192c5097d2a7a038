import Foundation
import RawHTTPTesting
import Testing

/// `Fixtures/stream-server.py` in its own process: server-sent events written from the WHATWG
/// standard's examples, NDJSON, and bodies of any size with or without `Content-Length`. It logs
/// each request it sees (path and `Last-Event-ID`) as a JSON line; stopped with SIGTERM on ``stop()``.
/// Starting it waits for its URL without holding a concurrency thread.
final class StreamServer {
    let baseURL: String
    let requestLog: URL
    private let process: Process

    init() async throws {
        let scratch = try Subprocess.temporaryDirectory()
        requestLog = scratch.appendingPathComponent("requests.jsonl")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = Subprocess.repositoryRoot.appendingPathComponent("Tests/apiexploreTests/Fixtures/stream-server.py")
        process.arguments = ["python3", script.path, requestLog.path]
        process.environment = IsolatedEnvironment.make(scratch: scratch)
        let pipe = try ProcessLaunch.run(process, piping: .output)
        baseURL = await pipe.fileHandleForReading.readFirstLine()
    }

    /// The requests the server saw, oldest first.
    func requests() throws -> [[String: Any]] {
        guard FileManager.default.fileExists(atPath: requestLog.path) else { return [] }
        return Subprocess.jsonLines(String(decoding: try Data(contentsOf: requestLog), as: UTF8.self))
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
