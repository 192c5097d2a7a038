package import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Files only their owner may read (tokens, cookies, cached responses), written atomically so a
/// process killed mid-write leaves the old file or the new one, never half of either.
package enum PrivateFile {
    /// Why a write failed, in words that name the file.
    package struct Failure: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// Writes `data` to `path` with mode 0600, creating the directory (0700) when missing.
    ///
    /// The temporary file is created with `O_EXCL` and mode 0600 on one descriptor (no moment where
    /// another user could open it), filled and synced; `rename(2)` then replaces the old file
    /// atomically (FileManager cannot do that on every platform), and the folder is synced so the
    /// rename survives a crash.
    package static func write(_ data: Data, to path: String) throws(Failure) {
        try write(data, to: path, mode: 0o600)
    }

    /// Replaces the file at `path` (its symbolic link's target, if it is one) atomically, keeping
    /// its permission bits; a new file gets `newFileMode`. For files a user edits, such as profiles.
    ///
    /// - Parameters:
    ///   - data: The new contents.
    ///   - path: The file.
    ///   - newFileMode: The mode when the file does not exist yet.
    package static func replace(_ data: Data, at path: String, newFileMode: mode_t = 0o644) throws(Failure) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var status = stat()
        let mode = stat(target, &status) == 0 ? status.st_mode & 0o7777 : newFileMode
        try write(data, to: target, mode: mode)
    }

    private static func write(_ data: Data, to path: String, mode: mode_t) throws(Failure) {
        let fileManager = FileManager.default
        let target = URL(fileURLWithPath: path)
        let directory = target.deletingLastPathComponent()
        if !fileManager.fileExists(atPath: directory.path) {
            do {
                try fileManager.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw Failure(message: "cannot create the directory '\(directory.path)': \(error.localizedDescription)")
            }
        }
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Failure(message: "cannot create '\(temporary.path)': \(String(cString: strerror(errno)))")
        }
        // Widened only after creation, on the descriptor, so the umask cannot narrow a kept mode.
        if mode != 0o600, fchmod(descriptor, mode) != 0 {
            close(descriptor)
            throw failure("cannot set the mode of '\(temporary.path)': \(String(cString: strerror(errno)))", temporary)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do {
            let written = Result { () throws(any Error) in
                try handle.write(contentsOf: data)
                try handle.synchronize()
            }
            try handle.close()
            try written.get()
        } catch {
            throw failure("cannot write '\(temporary.path)': \(error.localizedDescription)", temporary)
        }
        guard rename(temporary.path, path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw failure("cannot rename '\(temporary.path)' to '\(path)': \(reason)", temporary)
        }
        // The rename is durable once the folder is; a failure here loses nothing already written.
        let folder = open(directory.path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    private static func failure(_ message: String, _ temporary: URL) -> Failure {
        guard FileManager.default.fileExists(atPath: temporary.path) else { return Failure(message: message) }
        do {
            try FileManager.default.removeItem(at: temporary)
            return Failure(message: message)
        } catch {
            return Failure(message: "\(message) (the temporary file was left behind: \(error.localizedDescription))")
        }
    }
}
