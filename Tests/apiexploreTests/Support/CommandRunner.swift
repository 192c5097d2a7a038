import Foundation
import RawHTTPTesting

/// Runs the built `apiexplore` binary as a user would, capturing its output through files (no
/// pipe buffers to fill, so no deadlock on large output). The waits for it hold no thread of the
/// concurrency pool, which the tests share.
struct CommandRunner {
    struct Output: Sendable {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The binary SwiftPM built next to the test bundle.
    static let executable: URL = {
        let products = Bundle.main.bundleURL
        let candidates = [products, products.deletingLastPathComponent()].map {
            $0.appendingPathComponent("apiexplore")
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            fatalError("apiexplore binary not found next to \(products.path); run through `swift test`")
        }
        return found
    }()

    /// Runs the binary and returns once it has ended; the wait holds no concurrency thread. Unless
    /// the test says otherwise, it runs in a scratch folder (so no `./profiles` of the checkout is
    /// found) with ``IsolatedEnvironment`` (so no user file is read or written); `environment` is
    /// applied on top.
    static func run(
        _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, environment: [String: String] = [:]
    ) async throws -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apiexplore-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { remove(scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let inURL = scratch.appendingPathComponent("stdin")
        try Data((stdin ?? "").utf8).write(to: inURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let workingDirectory = scratch.appendingPathComponent("cwd")
        try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
        process.currentDirectoryURL = directory ?? workingDirectory
        // Each run records into its own history file unless the test names one, so tests never
        // touch the user's history or each other's.
        process.environment = IsolatedEnvironment.make(scratch: scratch, overrides: environment)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try await ProcessLaunch.runToEnd(process)
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs the binary in `directory` and interrupts it (SIGINT, or `signal`) the first time its
    /// standard output so far satisfies `interruptWhen`; returns the exit status, everything it
    /// printed, and its standard error. Reads block until output arrives, so nothing sleeps; an
    /// empty read is the end. The reads, the check and the wait for the end run on a thread of
    /// their own, so they hold no concurrency thread.
    static func runInterrupting(
        _ arguments: [String], in directory: URL, scratch: URL, signal: Int32 = SIGINT,
        interruptWhen: @escaping @Sendable (Data) -> Bool
    ) async throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = IsolatedEnvironment.make(scratch: scratch, overrides: [:])
        let errors = scratch.appendingPathComponent("interrupted-stderr")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Data().write(to: errors)
        process.standardError = try FileHandle(forWritingTo: errors)
        let output = try ProcessLaunch.run(process, piping: .output)
        let reader = output.fileHandleForReading
        let buffer = await onOwnThread {
            var buffer = Data()
            var interrupted = false
            while case let chunk = reader.availableData, !chunk.isEmpty {
                buffer.append(chunk)
                if !interrupted && interruptWhen(buffer) {
                    kill(process.processIdentifier, signal)
                    interrupted = true
                }
            }
            process.waitUntilExit()
            return buffer
        }
        return (process.terminationStatus, buffer, try String(contentsOf: errors, encoding: .utf8))
    }

    /// Removes a temporary file or folder; a failure is reported, not hidden.
    static func remove(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            print("warning: could not remove \(url.path): \(error)")
        }
    }
}
