package import Foundation

extension FileHandle {
    /// What a server process printed up to and including its first line feed, trimmed: its port or
    /// base URL. Reading blocks until the server listens and prints it, or its output ends.
    package func readFirstLine() -> String {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
