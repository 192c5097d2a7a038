import Foundation

/// Runs the built `apiexplore` binary as a user would, capturing its output through files (no
/// pipe buffers to fill, so no deadlock on large output).
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

    static func run(
        _ arguments: [String], stdin: String? = nil, in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Output {
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
        if let directory { process.currentDirectoryURL = directory }
        // Each run records into its own history file unless the test names one, so tests never
        // touch the user's history or each other's.
        var environment = environment
        if environment["APIEXPLORE_HISTORY"] == nil {
            environment["APIEXPLORE_HISTORY"] = scratch.appendingPathComponent("history.sqlite").path
        }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
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
