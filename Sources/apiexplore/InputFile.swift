import APIMapping
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file named on the command line, or standard input for `-`, read up to a byte budget: past
/// it the command stops with a message (exit 2) instead of growing without bound.
struct InputFile {
    /// The default budget: the transport's largest body, so any saved response can be read back.
    static let defaultMaximumBytes = 256 << 20

    /// How errors name the input: the path as given, or `<stdin>`.
    let displayName: String
    let bytes: [UInt8]

    /// Reads the input.
    ///
    /// - Parameters:
    ///   - path: A file, or `-` for standard input.
    ///   - maximumBytes: The most bytes read.
    /// - Throws: `ExitCode(2)` after printing why: unreadable, or over the budget.
    init(_ path: String, maximumBytes: Int = InputFile.defaultMaximumBytes) throws {
        displayName = path == "-" ? "<stdin>" : path
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            Terminal.error("\(path): cannot read: \(String(cString: strerror(errno)))")
            throw ExitCode(2)
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        // A regular file's size is known: one allocation of that size, instead of doubling through
        // copies that, for a 20 MB feed, cost more than a tenth of probing it and a third more memory.
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0 {
            bytes.reserveCapacity(min(Int(status.st_size), maximumBytes))
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { inputRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                Terminal.error("\(displayName): cannot read: \(String(cString: strerror(errno)))")
                throw ExitCode(2)
            }
            if count == 0 { break }
            guard bytes.count + count <= maximumBytes else {
                Terminal.error(
                    "\(displayName): larger than \(ByteCountDisplay.text(maximumBytes)), the most read "
                        + (path == "-" ? "from standard input" : "from a file") + "; refused")
                throw ExitCode(2)
            }
            bytes += chunk[..<count]
        }
        self.bytes = bytes
    }

    /// Whether the content looks like XML: its first non-blank character (after a byte order mark) is `<`.
    var looksLikeXML: Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return true }
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }

    /// Parses the bytes as JSON, or as XML when forced or detected; on error prints
    /// `FILE:LINE:COLUMN: message` and exits 2.
    func parseDocument(forceXML: Bool, alwaysArray: [ProfilePath]) throws -> JSONDocument {
        if forceXML || looksLikeXML {
            do {
                return try JSONDocument(xml: bytes, options: XMLConversionOptions(alwaysArray: alwaysArray))
            } catch {
                Terminal.errorLine("\(displayName):\(error.line):\(error.column): \(error.message)")
                throw ExitCode(2)
            }
        }
        do {
            return try JSONDocument(parsing: bytes)
        } catch {
            // The compiler-style first line lets editors and terminals jump to the spot.
            Terminal.errorLine("\(displayName):\(error.line):\(error.column): \(error.message)")
            Terminal.errorLine(
                "  \(error.excerpt)\n  " + String(repeating: " ", count: max(0, error.excerptColumn - 1)) + "^")
            throw ExitCode(2)
        }
    }
}

/// `read(2)`, by a name ``InputFile`` does not hide.
private func inputRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
