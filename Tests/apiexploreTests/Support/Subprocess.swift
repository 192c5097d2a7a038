import Foundation
import RawHTTPTesting
import Testing

/// Helpers for end-to-end tests: temporary folders, other programs (jq, script), JSON lines.
enum Subprocess {
    /// Runs any program (found on PATH through /usr/bin/env) with `stdin`, capturing its output, in
    /// ``IsolatedEnvironment`` with `environment` on top and `removing` taken out: a program that
    /// starts apiexplore (`script`, `sh`) never lets it touch the user's files. Returns once it has
    /// ended; the wait holds no concurrency thread.
    static func run(
        _ program: String, _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
        removing: [String] = []
    ) async throws -> CommandRunner.Output {
        let scratch = try temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try Data(stdin.utf8).write(to: inURL)
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.environment = IsolatedEnvironment.make(scratch: scratch, overrides: environment, removing: removing)
        process.standardInput = try FileHandle(forReadingFrom: inURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try await ProcessLaunch.runToEnd(process)
        return CommandRunner.Output(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("apiexplore-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Each non-empty line of `text` parsed as a JSON object; records an issue for a line that is not one.
    static func jsonLines(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { line in
            do {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    Issue.record("not a JSON object: \(line)", sourceLocation: sourceLocation)
                    return nil
                }
                return object
            } catch {
                Issue.record("not JSON: \(line): \(error)", sourceLocation: sourceLocation)
                return nil
            }
        }
    }

    /// The repository root (the package directory the tests run from).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
