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

/// Reads `${file:…}` secrets the way ssh reads a private key: only from a regular file of the user's
/// own that neither group nor others may read or write.
///
/// The checks are made on the opened file (`fstat`), so it cannot be swapped between check and
/// read; a symbolic link is followed, and its target is what must pass.
enum SecretFile {
    /// The largest secret file read.
    static let maximumBytes = 64 * 1024

    /// The file's text, trailing line breaks removed.
    ///
    /// - Parameters:
    ///   - path: As written: `~/` is `home`, a relative path is relative to `folder`.
    ///   - home: The home directory, if known.
    ///   - folder: The profile's folder, if it has one (a built-in has none: the working directory).
    /// - Throws: The problem in words, for ``Profile/secretError(_:_:)``: missing or unreadable, not
    ///   a regular file, owned by another user, accessible by others, larger than ``maximumBytes``,
    ///   or not UTF-8 text.
    static func read(_ path: String, home: String?, folder: String?) throws(SecretProblem) -> String {
        let resolved = resolve(path, home: home, folder: folder)
        var status = stat()
        // A first look by name, so a device is never opened: opening some does something (a tape
        // rewinds, a watchdog starts). The checks that count are on the opened file, below.
        guard stat(resolved, &status) == 0 else { throw unreadable(resolved) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw SecretProblem("is not a regular file (\(resolved))") }
        // O_NONBLOCK: a FIFO swapped in since must not wait for a writer. O_NOCTTY: nor a terminal
        // become ours.
        let descriptor = open(resolved, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw unreadable(resolved) }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { throw unreadable(resolved) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw SecretProblem("is not a regular file (\(resolved))") }
        guard status.st_uid == geteuid() else { throw SecretProblem("is owned by another user (\(resolved))") }
        let permissions = status.st_mode & 0o777
        guard permissions & 0o077 == 0 else {
            throw SecretProblem(
                "is accessible by others (mode \(String(permissions, radix: 8))); "
                    + "run 'chmod 600 \(resolved)' to keep it private")
        }
        // Read up to one byte past the cap rather than trusting st_size, which is 0 for the
        // files of /proc whatever they hold.
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count <= maximumBytes {
            let wanted = min(buffer.count, maximumBytes + 1 - bytes.count)
            let count = buffer.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, wanted) }
            if count > 0 {
                bytes += buffer[..<count]
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw unreadable(resolved)
            }
        }
        guard bytes.count <= maximumBytes else {
            throw SecretProblem("is larger than \(maximumBytes) bytes (\(resolved))")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SecretProblem("is not UTF-8 text (\(resolved))")
        }
        return trimmingLineBreaks(text)
    }

    /// The problem for a failed `stat`, `open`, `fstat` or `read`, from `errno`.
    private static func unreadable(_ path: String) -> SecretProblem {
        SecretProblem("cannot be read: \(String(cString: strerror(errno))) (\(path))")
    }

    static func resolve(_ path: String, home: String?, folder: String?) -> String {
        if path == "~" || path.hasPrefix("~/"), let home { return home + path.dropFirst() }
        if path.hasPrefix("/") { return path }
        return (folder ?? FileManager.default.currentDirectoryPath) + "/" + path
    }

    static func trimmingLineBreaks(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last == "\n" || last == "\r" || last == "\r\n" { result.removeLast() }
        return String(result)
    }
}

/// `read(2)`, by a name ``SecretFile/read(_:home:folder:)`` does not hide.
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Why a secret source gave no value, in words that follow the source's description.
struct SecretProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
