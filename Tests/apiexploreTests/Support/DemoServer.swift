import Foundation
import RawHTTPTesting

/// `apiexplore serve-demo` in its own process, shared by the runs of one test so server state
/// (tokens, flaky counters, sessions) lasts between them; stopped with SIGTERM on ``stop()``.
final class DemoServer {
    let baseURL: String
    private let process: Process

    /// Starts the binary with `arguments` (`serve-demo` by default; `serve-mock` prints its URL
    /// the same way) and `environment` over the isolated one; returns once it listens, and the wait
    /// for its URL holds no concurrency thread.
    init(arguments: [String] = ["serve-demo", "--port", "0"], environment: [String: String] = [:]) async throws {
        process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = arguments
        let scratch = try Subprocess.temporaryDirectory()
        process.environment = IsolatedEnvironment.make(scratch: scratch, overrides: environment)
        let pipe = try ProcessLaunch.run(process, piping: .output)
        baseURL = await pipe.fileHandleForReading.readFirstLine()
    }

    /// The server's process id, to read its memory from `/proc`.
    var processIdentifier: Int32 { process.processIdentifier }

    /// A GET or POST to the server with curl; the body as text.
    func curl(_ path: String, method: String = "GET") async throws -> String {
        try await Subprocess.run("curl", ["-s", "-X", method, baseURL + path]).stdout
    }

    /// Stops the server with SIGINT, as Ctrl-C does; how it ended and its exit status. The wait for
    /// its end runs on a thread of its own, so it holds no concurrency thread.
    func interrupt() async -> (reason: Process.TerminationReason, status: Int32) {
        process.interrupt()
        let process = process
        await onOwnThread { process.waitUntilExit() }
        return (process.terminationReason, process.terminationStatus)
    }

    /// Stops the server with SIGTERM; how it ended (`.exit` for a graceful shutdown).
    @discardableResult
    func stop() -> Process.TerminationReason {
        process.terminate()
        process.waitUntilExit()
        return process.terminationReason
    }
}

/// The binary running in the background, its stderr readable line by line while it runs: for
/// flows where the test plays the user (opening a sign-in URL, typing a device code).
final class BackgroundRun {
    private let process: Process
    private let errors: Pipe
    private let outURL: URL
    private var buffered = Data()
    private var seen: [String] = []

    init(_ arguments: [String], environment: [String: String], scratch: URL) throws {
        process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = arguments
        process.environment = IsolatedEnvironment.make(scratch: scratch, overrides: environment)
        process.currentDirectoryURL = scratch
        outURL = scratch.appendingPathComponent("background-stdout")
        try Data().write(to: outURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        errors = try ProcessLaunch.run(process, piping: .errors)
    }

    /// Waits until stderr has a line containing `marker` (or ends); returns the rest of that line.
    /// Each blocking read runs on a thread of its own, so the wait holds no concurrency thread.
    func waitForText(after marker: String) async -> String? {
        let reader = errors.fileHandleForReading
        while true {
            while let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                seen.append(line)
                if let range = line.range(of: marker) { return String(line[range.upperBound...]) }
            }
            let chunk = await onOwnThread { reader.availableData }
            if chunk.isEmpty { return nil }
            buffered += chunk
        }
    }

    /// Waits for the process to end; its status, stdout and the stderr lines read. The rest of
    /// stderr is read, and the end waited for, on a thread of its own: no concurrency thread is held.
    func finish() async throws -> CommandRunner.Output {
        let reader = errors.fileHandleForReading
        let process = process
        let rest = await onOwnThread {
            let rest = reader.readDataToEndOfFile()
            process.waitUntilExit()
            return rest
        }
        let stderr = (seen + [String(decoding: buffered + rest, as: UTF8.self)]).joined(separator: "\n")
        return CommandRunner.Output(
            status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: stderr)
    }
}
