import ArgumentParser
import Foundation

/// The files `-o` options write: created (or truncated), opened without blocking so a FIFO with
/// no reader is an error instead of a hang, then written normally.
enum OutputFile {
    /// Opens `path` for writing, or prints why not and exits 2.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - isPrivate: Whether the file is created 0600 and an existing one narrowed to 0600 before
    ///     anything is written (history and the model store); else it is created 0644 less the umask.
    static func create(_ path: String, isPrivate: Bool) throws -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, isPrivate ? 0o600 : 0o644)
        guard descriptor >= 0 else {
            let reason = errno == ENXIO ? "a FIFO with no reader" : String(cString: strerror(errno))
            Terminal.error("\(path): cannot create the file: \(reason)")
            throw ExitCode(2)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // Opened: writes may block again, as they should on a pipe whose reader is slow.
        guard fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) == 0 else {
            Terminal.error("\(path): cannot write to the file: \(String(cString: strerror(errno)))")
            throw ExitCode(2)
        }
        if isPrivate, fchmod(descriptor, 0o600) != 0 {
            Terminal.error("\(path): cannot make the file private: \(String(cString: strerror(errno)))")
            throw ExitCode(2)
        }
        return handle
    }
}
