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
        let reader = try InputReader.open(path, maximumBytes: maximumBytes)
        try self.init(readingAll: reader)
    }

    /// Reads the rest of what `reader` holds.
    ///
    /// - Throws: `ExitCode(2)` after printing why: unreadable, or over the budget.
    init(readingAll reader: InputReader) throws {
        displayName = reader.displayName
        var bytes = reader.takePending()
        // A regular file's size is known: one allocation of that size, instead of doubling through
        // copies that, for a 20 MB feed, cost more than a tenth of probing it and a third more memory.
        if let size = reader.regularFileSize { bytes.reserveCapacity(min(size, reader.maximumBytes)) }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        do {
            while true {
                let count = try reader.read(into: chunk)
                if count == 0 { break }
                bytes += chunk[..<count]
            }
        } catch {
            Terminal.error(error.message)
            throw ExitCode(2)
        }
        self.bytes = bytes
    }

    /// Whether the content looks like XML: its first non-blank character (after a byte order mark) is `<`.
    var looksLikeXML: Bool { Self.looksLikeXML(bytes, isWhole: true) ?? false }

    /// Whether content that starts with `head` looks like XML, or `nil` when `head` is too short to tell.
    ///
    /// - Parameter isWhole: Whether `head` is the whole content.
    static func looksLikeXML(_ head: [UInt8], isWhole: Bool) -> Bool? {
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return true }
        // Two bytes may be the start of a byte order mark.
        if !isWhole && head.count < 3 { return nil }
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
        guard index < head.count else { return isWhole ? false : nil }
        return head[index] == UInt8(ascii: "<")
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
