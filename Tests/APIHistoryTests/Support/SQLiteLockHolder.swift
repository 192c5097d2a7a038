import Foundation
import RawHTTPTesting

/// Another process holding a SQLite file's write lock: the `sqlite3` shell inside `BEGIN IMMEDIATE`
/// until ``release()``. The lock is held once ``init(database:)`` returns: it waits for the shell to
/// print that it has it.
final class SQLiteLockHolder {
    private let process = Process()
    private let input: Pipe
    private let output: Pipe

    init(database: URL) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", database.path]
        process.standardError = FileHandle.nullDevice
        (input, output) = try ProcessLaunch.run(process, piping: .input, .output)
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
        var seen = Data()
        while !seen.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw Failure(text: "sqlite3 ended before taking the lock") }
            seen += chunk
        }
        guard String(decoding: seen, as: UTF8.self).hasPrefix("locked") else {
            throw Failure(text: "sqlite3 said \(String(decoding: seen, as: UTF8.self))")
        }
    }

    /// Commits and ends the shell, which frees the lock.
    func release() {
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        input.fileHandleForWriting.closeFile()
        process.waitUntilExit()
    }

    struct Failure: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }
}
