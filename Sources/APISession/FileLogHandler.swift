import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// A swift-log handler appending one line per message to a file: a profile's `log: {file, level}`.
/// The middleware it serves redacts before logging, and every line passes the session's secret
/// gate before it is written.
///
/// The file is opened with `O_APPEND` (several processes, or profiles, may share one and never
/// overwrite each other's lines) and is made readable by its owner only, even when it existed.
/// A line that cannot be written goes to `report`, never to standard error, which the TUI owns.
struct FileLogHandler: LogHandler {
    private final class Sink: Sendable {
        let handle: Mutex<FileHandle>
        init(_ handle: FileHandle) { self.handle = Mutex(handle) }
    }

    /// Why the log file cannot be opened.
    struct OpenError: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "log file \(path): \(reason)" }
    }

    private let sink: Sink
    private let report: @Sendable (String) -> Void
    private let mask: @Sendable (String) -> String
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level
    private let label: String

    /// A logger writing to `path` at `level` (`debug`, `info` or `warning`, as the profile reader
    /// allows), each line through `mask`.
    static func logger(
        label: String, path: String, level: Logger.Level, report: @escaping @Sendable (String) -> Void,
        mask: @escaping @Sendable (String) -> String
    ) throws(OpenError) -> Logger {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw OpenError(path: path, reason: "cannot create its folder: \(error.localizedDescription)")
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        guard fchmod(descriptor, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw OpenError(path: path, reason: "cannot make it private: \(reason)")
        }
        let handler = FileLogHandler(
            sink: Sink(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)), report: report, mask: mask,
            logLevel: level, label: label)
        return Logger(label: label) { _ in handler }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "\(Date().formatted(.iso8601)) \(event.level) \(label): \(event.message)"
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        if !merged.isEmpty {
            line += " " + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        let data = Data((mask(line) + "\n").utf8)
        let failure: String? = sink.handle.withLock { handle in
            do {
                try handle.write(contentsOf: data)
                return nil
            } catch {
                return "\(error)"
            }
        }
        // A full disk loses log lines, never the request the line is about.
        if let failure { report("log file: a line was not written: \(failure)") }
    }
}
