import Foundation
import Glibc

/// Reads a description file the way an import must: a regular file only (never a FIFO or a
/// device that would block or never end), at most ``maximumBytes``, checked on the opened file.
enum BoundedFile {
    /// The largest description file read: DigitalOcean's whole description is under 2 MB, GitHub's 11 MB.
    static let maximumBytes = 64 << 20

    /// The file's bytes.
    ///
    /// - Throws: A message for ``ImportError/unreadableFile(_:_:)``.
    static func read(_ url: URL) throws(BoundedFileError) -> [UInt8] {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw BoundedFileError("cannot open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw BoundedFileError("cannot read: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw BoundedFileError("is not a regular file") }
        guard status.st_size <= maximumBytes else {
            throw BoundedFileError("is \(status.st_size) bytes, over the limit of \(maximumBytes)")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw BoundedFileError("cannot read: \(String(cString: strerror(errno)))") }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            guard bytes.count <= maximumBytes else {
                throw BoundedFileError("grew past the limit of \(maximumBytes) bytes while being read")
            }
        }
    }
}

/// Why ``BoundedFile`` did not read a file.
struct BoundedFileError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
