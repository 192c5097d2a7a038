import NIOCore

#if canImport(CDispatch)
    // In a whole-module (release) build on Linux, `struct stat` is owned by CDispatch (reached
    // through Dispatch), and member import visibility asks for its owner by name.
    import CDispatch
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open file read in chunks straight into `ByteBuffer`s; the descriptor closes when the reader goes away.
///
/// Reads are blocking `read(2)` calls of at most one chunk, on a regular file: short, and served from the page
/// cache in the common case.
package final class FileReader {
    private let descriptor: CInt
    private let path: String
    private let fieldName: String

    /// Opens `path` for reading and checks it is still a regular file.
    init(path: String, fieldName: String) throws(MultipartUploadError) {
        // O_NONBLOCK so that a FIFO swapped in since the upload was prepared cannot block the open.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw MultipartUploadError(.cannotOpen(reason: Self.lastError()), fieldName: fieldName, path: path)
        }
        self.descriptor = descriptor
        self.path = path
        self.fieldName = fieldName
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw MultipartUploadError(.readFailed(reason: Self.lastError()), fieldName: fieldName, path: path)
        }
        if let kind = Self.nonRegularKind(status.st_mode) {
            throw MultipartUploadError(.notRegularFile(kind: kind), fieldName: fieldName, path: path)
        }
    }

    deinit {
        close(descriptor)
    }

    /// The file's current size.
    func size() throws(MultipartUploadError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw MultipartUploadError(.readFailed(reason: Self.lastError()), fieldName: fieldName, path: path)
        }
        return Int(status.st_size)
    }

    /// Appends up to `count` bytes to `buffer`; 0 means end of file.
    func read(into buffer: inout ByteBuffer, count: Int) throws(MultipartUploadError) -> Int {
        var result = 0
        var failure: CInt = 0
        repeat {
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { destination in
                result = systemRead(descriptor, destination.baseAddress, count)
                failure = result < 0 ? errno : 0
                return max(result, 0)
            }
        } while result < 0 && failure == EINTR
        guard result >= 0 else {
            throw MultipartUploadError(.readFailed(reason: Self.describe(failure)), fieldName: fieldName, path: path)
        }
        return result
    }

    /// The size of the regular file at `path`, following symbolic links.
    package static func regularFileSize(atPath path: String, fieldName: String) throws(MultipartUploadError) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw MultipartUploadError(.cannotOpen(reason: lastError()), fieldName: fieldName, path: path)
        }
        if let kind = nonRegularKind(status.st_mode) {
            throw MultipartUploadError(.notRegularFile(kind: kind), fieldName: fieldName, path: path)
        }
        return Int(status.st_size)
    }

    /// `nil` for a regular file, else what it is. The `S_IF*` values are the same on Linux and Darwin.
    private static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & 0o170000 {
        case 0o100000: nil
        case 0o040000: "a directory"
        case 0o010000: "a FIFO"
        case 0o020000: "a character device"
        case 0o060000: "a block device"
        case 0o140000: "a socket"
        default: "mode \(String(mode, radix: 8))"
        }
    }

    private static func lastError() -> String {
        describe(errno)
    }

    private static func describe(_ code: CInt) -> String {
        String(cString: strerror(code))
    }
}
