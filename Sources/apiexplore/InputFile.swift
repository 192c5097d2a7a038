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

    /// Parses the bytes as JSON, or prints `FILE:LINE:COLUMN: message` and exits 2.
    func parseJSON() throws -> JSONDocument {
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
