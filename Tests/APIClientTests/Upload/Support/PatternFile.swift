import Crypto
import Foundation

/// Bytes from a fixed xorshift64* sequence: the same file on every run, with every byte value, CR, LF and
/// `-` spread through it so that the parser's boundary matching gets exercised.
struct PatternBytes {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    mutating func next(count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            var word = state &* 0x2545_F491_4F6C_DD1D
            for _ in 0..<Swift.min(8, count - bytes.count) {
                bytes.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        return bytes
    }
}

/// Writes `size` pattern bytes to `path`, one mebibyte at a time.
func writePatternFile(path: String, size: Int, seed: UInt64) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    let handle = try FileHandle(forWritingAtPath: path).orThrow(path)
    var pattern = PatternBytes(seed: seed)
    var written = 0
    while written < size {
        let count = Swift.min(1 << 20, size - written)
        try handle.write(contentsOf: pattern.next(count: count))
        written += count
    }
    try handle.close()
}

/// The SHA-256 of the file at `path`, read back from disk in chunks.
func sha256OfFile(atPath path: String) throws -> String {
    let handle = try FileHandle(forReadingAtPath: path).orThrow(path)
    var hasher = SHA256()
    while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty {
        hasher.update(data: data)
    }
    try handle.close()
    return hasher.finalize().hexString
}

extension Optional where Wrapped == FileHandle {
    fileprivate func orThrow(_ path: String) throws -> FileHandle {
        guard let self else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        return self
    }
}

extension SHA256.Digest {
    var hexString: String {
        map { String(format: "%02x", $0) }.joined()
    }
}
