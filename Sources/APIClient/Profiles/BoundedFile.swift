import APIHTTP
package import Foundation

#if canImport(CDispatch)
    // In a whole-module (release) build on Linux, `struct stat` is owned by CDispatch (reached
    // through Foundation), and member import visibility asks for its owner by name.
    import CDispatch
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file the user named the way outside input must be read: a regular file only (never a
/// FIFO or a device that would block or never end), at most a limit, checked on the opened file.
/// Descriptions to import and `--data=@FILE` bodies go through it.
package enum BoundedFile {
    /// The default limit: DigitalOcean's whole description is under 2 MB, GitHub's 11 MB.
    package static let maximumBytes = 64 << 20

    /// The file's bytes.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - maximumBytes: The most bytes read.
    /// - Throws: ``BoundedFileError`` saying why not.
    package static func read(_ url: URL, maximumBytes: Int = BoundedFile.maximumBytes) throws(BoundedFileError)
        -> [UInt8]
    {
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
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
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
package struct BoundedFileError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
