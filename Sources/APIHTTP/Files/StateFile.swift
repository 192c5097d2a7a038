import Foundation

#if canImport(CDispatch)
    // In a whole-module (release) build on Linux, `struct stat` is owned by CDispatch (reached
    // through Foundation), and member import visibility asks for its owner by name.
    import CDispatch
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The files apiexplore keeps for itself (cookie jars, cached responses, tokens, consents, logs):
/// only regular files of the user's own, never a FIFO, a device, a socket, a folder or a symbolic
/// link put where one is expected. Each is refused at once, by a look at the name before anything
/// is opened (opening a FIFO waits for a writer; opening some devices does something), then on the
/// opened file, so nothing swapped in between is read either.
package enum StateFile {
    /// Why a file was refused or could not be read, with its path.
    package struct Refusal: Error, CustomStringConvertible, Sendable {
        /// The file.
        package let path: String
        /// What is wrong, without the path.
        package let reason: String
        package var description: String { "\(path): \(reason)" }

        package init(_ path: String, _ reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// What a file that is not regular is, in words: `a FIFO`, `a character device`.
    static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a folder"
        default: "not a regular file"
        }
    }

    /// Whether a regular file is at `path`, without opening or following anything there.
    ///
    /// - Returns: `false` when nothing is there.
    /// - Throws: ``Refusal`` for anything but a regular file, or a name that cannot be looked at.
    package static func exists(_ path: String) throws(Refusal) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return false }
            throw Refusal(path, "cannot be looked at: \(String(cString: strerror(errno)))")
        }
        if let kind = kind(status.st_mode) { throw refusal(path, kind) }
        return true
    }

    /// The refusal of a special file where a regular one is expected.
    package static func refusal(_ path: String, _ kind: String) -> Refusal {
        Refusal(
            path, "is \(kind), not a regular file; apiexplore reads and writes only regular files there (remove it)")
    }

    /// Checks an opened file is a regular file of this user's, on the descriptor, so nothing swapped
    /// in after a check by name passes.
    ///
    /// - Throws: ``Refusal`` for a special file, a file of another user, or a failed `fstat`.
    package static func checkOpened(_ descriptor: Int32, path: String) throws(Refusal) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw Refusal(path, "cannot be read: \(String(cString: strerror(errno)))")
        }
        if let kind = kind(status.st_mode) { throw refusal(path, kind) }
        guard status.st_uid == geteuid() else { throw Refusal(path, "is owned by another user; not used") }
    }

    /// The bytes of the state file at `path`, `nil` when there is none.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - maximumBytes: The most bytes read; a larger file is refused.
    /// - Throws: ``Refusal``: a special file or a symbolic link, a file of another user, one larger
    ///   than `maximumBytes`, or a read that fails.
    package static func read(_ path: String, maximumBytes: Int) throws(Refusal) -> [UInt8]? {
        guard try exists(path) else { return nil }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw Refusal(path, "cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        try checkOpened(descriptor, path: path)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { stateRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Refusal(path, "cannot be read: \(String(cString: strerror(errno)))") }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= maximumBytes else {
                throw Refusal(path, "is larger than \(maximumBytes) bytes; not read")
            }
        }
    }
}

/// `read(2)`, by a name ``StateFile`` does not hide.
private func stateRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
