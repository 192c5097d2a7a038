package import Foundation

#if canImport(CDispatch)
    // In a whole-module (release) build on Linux, `struct stat` is owned by CDispatch (reached
    // through Foundation), and member import visibility asks for its owner by name.
    package import CDispatch
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A file written beside its target and renamed into place once complete: the one way apiexplore
/// writes a file (`-o` outputs, reports, exports, profiles, tokens, cookies).
///
/// Nothing is ever written through a path apiexplore did not create. The bytes go to a new
/// temporary file in the target's folder (`O_EXCL`, never following a link), and ``commit()``
/// syncs it and renames it over the target, so a process killed mid-write leaves the old file or
/// the new one, never half of either. A target that exists and is not a regular file — a symbolic
/// link, a FIFO, a device, a socket, a folder — is refused before anything is written: renaming
/// over `/dev/null` would replace the device with a regular file.
///
/// ```swift
/// let file = try StagedFile(creating: "report.xml", permissions: .shared)
/// try file.write(Data("<testsuites/>".utf8))
/// try file.commit()            // report.xml appears whole, or not at all
/// ```
///
/// A file dropped without ``commit()`` (an error, a cancelled download) removes its temporary file.
package final class StagedFile {
    /// Who may read the file once it is in place.
    package enum Permissions: Sendable {
        /// 0600: histories, exports, tokens, cookies.
        case `private`
        /// An existing file's mode is kept; a new file gets 0666 less the umask, as `curl -o` gives.
        case shared
        /// Exactly these permission bits.
        case mode(mode_t)
    }

    /// The path the file takes on ``commit()``.
    package let path: String
    /// The temporary file being written, beside ``path``.
    package let temporaryPath: String
    private let descriptor: Int32
    private var state = State.open

    private enum State { case open, committed, discarded }

    /// Starts a new file for `path`.
    ///
    /// - Parameters:
    ///   - path: The target. Its folder must exist; the target itself may be missing or a regular file.
    ///   - permissions: The mode the file gets.
    /// - Throws: ``FileWriteError`` naming the path when the target is not a regular file, its folder
    ///   is missing, or the temporary file cannot be created.
    package init(creating path: String, permissions: Permissions) throws(FileWriteError) {
        self.path = path
        let mode = try Self.checkTarget(path, permissions: permissions)
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent().path
        temporaryPath = folder + "/.\(target.lastPathComponent).\(UUID().uuidString).tmp"
        // A new shared file is created 0666 and the umask narrows it, as any tool's output is.
        let creationMode: mode_t = mode == nil ? 0o666 : 0o600
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, creationMode)
        guard descriptor >= 0 else {
            throw FileWriteError(path: path, reason: "cannot create a temporary file beside it: \(Self.errnoText())")
        }
        // Set on the descriptor after creation, so the umask cannot narrow a kept mode and no other
        // user can open a private file before it is private.
        if let mode, mode != 0o600, fchmod(descriptor, mode) != 0 {
            let reason = Self.errnoText()
            close(descriptor)
            unlink(temporaryPath)
            throw FileWriteError(path: path, reason: "cannot set the file's mode: \(reason)")
        }
    }

    deinit {
        if state == .open { discard() }
    }

    /// Appends bytes to the temporary file.
    ///
    /// - Throws: ``FileWriteError`` when the disk refuses them (full, quota, I/O error).
    package func write(_ bytes: some DataProtocol) throws(FileWriteError) {
        guard state == .open else { throw FileWriteError(path: path, reason: "the file was already closed") }
        for region in bytes.regions {
            if let failure = region.withUnsafeBytes({ writeAll(descriptor, $0) }) {
                throw FileWriteError(path: path, reason: "cannot write: \(String(cString: strerror(failure)))")
            }
        }
    }

    /// Syncs the file and renames it over the target; the folder is synced so the rename survives a crash.
    ///
    /// - Throws: ``FileWriteError`` when the sync or the rename fails; the temporary file is removed.
    package func commit() throws(FileWriteError) {
        guard state == .open else { throw FileWriteError(path: path, reason: "the file was already closed") }
        if fsync(descriptor) != 0 {
            let reason = Self.errnoText()
            discard()
            throw FileWriteError(path: path, reason: "cannot sync the file: \(reason)")
        }
        close(descriptor)
        state = .committed
        // Checked again: the target may have become a link or a FIFO while the body was written.
        do throws(FileWriteError) {
            _ = try Self.checkTarget(path, permissions: .private)
        } catch {
            unlink(temporaryPath)
            throw error
        }
        guard rename(temporaryPath, path) == 0 else {
            let reason = Self.errnoText()
            unlink(temporaryPath)
            throw FileWriteError(path: path, reason: "cannot rename the temporary file into place: \(reason)")
        }
        let folder = open(URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            // Best effort: a folder that cannot be synced (some network file systems) still holds the file.
            _ = fsync(folder)
            close(folder)
        }
    }

    /// Closes and removes the temporary file; the target is left as it was.
    package func discard() {
        guard state == .open else { return }
        state = .discarded
        close(descriptor)
        unlink(temporaryPath)
    }

    /// Writes `data` to `path` in one go.
    ///
    /// - Throws: ``FileWriteError`` as ``init(creating:permissions:)``, ``write(_:)`` and ``commit()`` do.
    package static func write(_ data: some DataProtocol, to path: String, permissions: Permissions)
        throws(FileWriteError)
    {
        let file = try StagedFile(creating: path, permissions: permissions)
        try file.write(data)
        try file.commit()
    }

    /// Refuses a target that exists and is not a regular file, and returns the mode the new file
    /// gets (`nil`: 0666 less the umask).
    private static func checkTarget(_ path: String, permissions: Permissions) throws(FileWriteError) -> mode_t? {
        guard !path.isEmpty else { throw FileWriteError(path: path, reason: "the file name is empty") }
        var status = stat()
        if lstat(path, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFREG else {
                throw FileWriteError(
                    path: path,
                    reason: "it is \(kindName(kind)); apiexplore writes only regular files and replaces nothing else")
            }
        } else if errno != ENOENT {
            throw FileWriteError(path: path, reason: errnoText())
        } else {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var folderStatus = stat()
            guard stat(folder, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR else {
                throw FileWriteError(path: path, reason: "its folder '\(folder)' does not exist")
            }
        }
        switch permissions {
        case .private: return 0o600
        case .mode(let mode): return mode & 0o7777
        case .shared:
            return status.st_mode & S_IFMT == S_IFREG ? status.st_mode & 0o777 : nil
        }
    }

    private static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "not a regular file"
        }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// Writes the whole buffer, retrying short writes and interruptions; the `errno` of a failure.
private func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
    guard let base = buffer.baseAddress else { return nil }
    var offset = 0
    while offset < buffer.count {
        let written = write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return nil
}

/// Why a file could not be written, naming it.
package struct FileWriteError: Error, CustomStringConvertible, Equatable {
    /// The file apiexplore was asked to write.
    package let path: String
    /// What went wrong, in words.
    package let reason: String

    /// `PATH: REASON`.
    package var description: String { "\(path): \(reason)" }
}
