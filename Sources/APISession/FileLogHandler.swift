import APIClient
import APIHTTP
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

/// A swift-log handler appending one line per message to a file: a profile's `log: {file, level}`,
/// `--log-file`, or the user configuration's `logs:`. The middleware it serves redacts before
/// logging, and every line passes the session's secret gate before it is written.
///
/// The file is one apiexplore made: created 0600 (O_EXCL, in a folder made 0700 when missing) and
/// started with ``header``. An existing file is appended to only when it is a regular file of the
/// user's own that starts with that header, so no log can ever add lines to a file it did not
/// create (a shell start-up file, a config file), and no existing file's mode is ever changed. A
/// FIFO, device, socket or symbolic link at the path is refused at once. The file is opened with
/// `O_APPEND` (several processes, or profiles, may share one and never overwrite each other's
/// lines). A line that cannot be written goes to `report`, never to standard error, which the TUI
/// owns.
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

    /// The first line of every log apiexplore creates, and what an existing file must start with.
    static let header = "# apiexplore request log\n"

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
        let descriptor = try openForAppending(path)
        let handler = FileLogHandler(
            sink: Sink(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)), report: report, mask: mask,
            logLevel: level, label: label)
        return Logger(label: label) { _ in handler }
    }

    /// Opens the log for appending: a new file made here, or one this handler made before.
    static func openForAppending(_ path: String) throws(OpenError) -> Int32 {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw OpenError(path: path, reason: "cannot create its folder: \(error.localizedDescription)")
        }
        let flags = O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC
        let created = open(path, flags | O_CREAT | O_EXCL, 0o600)
        if created >= 0 {
            let bytes = Array(Self.header.utf8)
            let written = bytes.withUnsafeBytes { write(created, $0.baseAddress, $0.count) }
            guard written == bytes.count else {
                let reason = String(cString: strerror(errno))
                close(created)
                throw OpenError(path: path, reason: "cannot write to it: \(reason)")
            }
            return created
        }
        guard errno == EEXIST else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        // Something is there: refused at once unless it is a regular file (no FIFO is opened, no device).
        do throws(StateFile.Refusal) {
            _ = try StateFile.exists(path)
        } catch {
            throw OpenError(path: path, reason: error.reason)
        }
        let descriptor = open(path, O_RDWR | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
        do throws(OpenError) {
            try checkOurs(descriptor, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Checks the opened file is a regular file of this user that starts with ``header``.
    private static func checkOurs(_ descriptor: Int32, path: String) throws(OpenError) {
        do throws(StateFile.Refusal) {
            try StateFile.checkOpened(descriptor, path: path)
        } catch {
            throw OpenError(path: path, reason: error.reason)
        }
        let expected = Array(Self.header.utf8)
        var start = [UInt8](repeating: 0, count: expected.count)
        let count = start.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count == expected.count, start == expected else {
            throw OpenError(
                path: path,
                reason: "was not created by apiexplore (it does not start with '# apiexplore request log'), "
                    + "and apiexplore never appends to a file it did not create; name a new file")
        }
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
