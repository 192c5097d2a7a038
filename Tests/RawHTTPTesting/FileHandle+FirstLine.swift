package import Foundation

extension FileHandle {
    /// What a server process printed up to and including its first line feed, trimmed: its port or
    /// base URL. Returns once the server listens and prints it, or its output ends; the blocking reads
    /// run on a thread of their own, so the wait holds no thread of the concurrency pool.
    package func readFirstLine() async -> String {
        await onOwnThread { [self] in
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
