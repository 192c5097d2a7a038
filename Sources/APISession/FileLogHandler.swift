import Foundation
import Logging
import Synchronization

/// A swift-log handler appending one line per message to a file (created 0600): a profile's
/// `log: {file, level}`. The middleware it serves redacts before logging.
struct FileLogHandler: LogHandler {
    private final class Sink: Sendable {
        let handle: Mutex<FileHandle>
        init(_ handle: FileHandle) { self.handle = Mutex(handle) }
    }

    private let sink: Sink
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level
    private let label: String

    /// A logger writing to `path` at `level` (`debug`, `info` or `warning`).
    static func logger(label: String, path: String, level: String) throws -> Logger {
        let manager = FileManager.default
        if !manager.fileExists(atPath: path) {
            try manager.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            guard manager.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        let handler = FileLogHandler(
            sink: Sink(handle), logLevel: Logger.Level(rawValue: level) ?? .info, label: label)
        return Logger(label: label) { _ in handler }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "\(ISO8601DateFormatter().string(from: Date())) \(event.level) \(label): \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        let data = Data((line + "\n").utf8)
        sink.handle.withLock { handle in
            // A full disk loses log lines, never the request the line is about.
            do {
                try handle.write(contentsOf: data)
            } catch {
                FileHandle.standardError.write(Data("apiexplore: log file write failed: \(error)\n".utf8))
            }
        }
    }
}
