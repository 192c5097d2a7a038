import APIMapping
import ArgumentParser
import Foundation

/// A file named on the command line, or standard input for `-`.
struct InputFile {
    /// How errors name the input: the path as given, or `<stdin>`.
    let displayName: String
    let bytes: [UInt8]

    init(_ path: String) throws {
        if path == "-" {
            displayName = "<stdin>"
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
            return
        }
        displayName = path
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            Terminal.error("\(path): cannot read: \(error.localizedDescription)")
            throw ExitCode(2)
        }
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
