import Foundation
import RawHTTPTesting

/// The `apiexplore-history-writer` tool SwiftPM built next to the test bundle, run as a child process.
final class WriterProcess {
    /// The built tool.
    static let executable: URL = {
        let products = Bundle.main.bundleURL
        let candidates = [products, products.deletingLastPathComponent()].map {
            $0.appendingPathComponent("apiexplore-history-writer")
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            fatalError("apiexplore-history-writer not found next to \(products.path); run through `swift test`")
        }
        return found
    }()

    let process = Process()
    private let output: Pipe
    private let errors: Pipe
    private var pending: [UInt8] = []
    private(set) var acknowledged: [Int64] = []

    /// Starts a writer on `database` writing `count` exchanges (0: until killed).
    convenience init(database: URL, count: Int, label: String) throws {
        try self.init(history: database.path, count: count, label: label)
    }

    /// Starts a writer on a history file or `postgres://` URL writing `count` exchanges (0: until killed).
    init(history: String, count: Int, label: String) throws {
        process.executableURL = Self.executable
        process.arguments = [history, String(count), label]
        (output, errors) = try ProcessLaunch.run(process, piping: .output, .errors)
    }

    /// Blocks until `count` ids have been acknowledged in total, or the output ends.
    ///
    /// - Returns: Whether that many ids arrived.
    @discardableResult
    func waitForAcknowledged(_ count: Int) -> Bool {
        while acknowledged.count < count {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return false }
            pending += data
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                if let id = Int64(String(decoding: pending[..<newline], as: UTF8.self)) { acknowledged.append(id) }
                pending.removeSubrange(...newline)
            }
        }
        return true
    }

    /// Reads every remaining acknowledged id and waits for the process to end.
    func finish() -> (status: Int32, errors: String) {
        waitForAcknowledged(Int.max)
        process.waitUntilExit()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, errorText)
    }

    /// Kills the process with SIGKILL and reaps it; ids already in the pipe still count.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Lines written before the kill are still in the pipe: they were acknowledged.
        waitForAcknowledged(Int.max)
    }
}
