import Foundation

/// Lines of a body as received, found by scanning its bytes for newlines only as far as a view needs.
///
/// There is no line table: a view keeps the byte offset of its top line and moves it by scanning
/// forward or back to the neighbouring newline, so opening a 50 MB body reads one screenful and
/// scrolling reads what scrolls past. Only the last line needs a scan to the end (`G`).
/// A line is drawn from a bounded prefix of its bytes, so a 50 MB line never becomes a 50 MB string.
enum RawBodyText {
    static let newline = UInt8(ascii: "\n")

    /// The start of the line after the one starting at `start`, or `nil` when that is the last line.
    static func nextLineStart(_ bytes: [UInt8], after start: Int) -> Int? {
        guard let found = newline(in: bytes, from: start, to: bytes.count), found + 1 < bytes.count else { return nil }
        return found + 1
    }

    /// The index of the first newline in `from..<to`, if any.
    static func newline(in bytes: [UInt8], from: Int, to: Int) -> Int? {
        let end = min(to, bytes.count)
        guard from >= 0, from < end else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            guard let hit = memchr(base + from, Int32(newline), end - from) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The start of the line before the one starting at `start` (0 stays 0).
    static func previousLineStart(_ bytes: [UInt8], before start: Int) -> Int {
        guard start > 0 else { return 0 }
        return bytes.withUnsafeBufferPointer { buffer in
            var index = min(start, buffer.count) - 2  // skip the newline ending the previous line
            while index >= 0 {
                if buffer[index] == newline { return index + 1 }
                index -= 1
            }
            return 0
        }
    }

    /// The number of lines: a body ending in a newline has no empty line after it; an empty body has none.
    static func lineCount(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        var count = 0
        var start = 0
        while let next = nextLineStart(bytes, after: start) {
            count += 1
            start = next
        }
        return count + 1
    }

    /// The start of the last line.
    static func lastLineStart(_ bytes: [UInt8]) -> Int {
        guard !bytes.isEmpty else { return 0 }
        let end = bytes.last == newline ? bytes.count - 1 : bytes.count
        return previousLineStart(bytes, before: end + 1)
    }

    /// The text of the line starting at `start`, from at most `limit` of its bytes (a trailing `\r`
    /// dropped), and whether bytes were left out.
    static func line(_ bytes: [UInt8], at start: Int, limit: Int) -> (text: String, isClipped: Bool) {
        guard start < bytes.count else { return ("", false) }
        let window = start + max(limit, 0)
        // Only the bytes that can be drawn are searched: a 50 MB line costs what a short one does.
        let end = newline(in: bytes, from: start, to: window + 1) ?? min(bytes.count, window + 1)
        var stop = min(end, window)
        let isClipped = stop < end
        if !isClipped, stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
        // Invalid UTF-8 shows as U+FFFD, as in any viewer; the screen escapes control characters.
        return (String(decoding: bytes[start..<stop], as: UTF8.self), isClipped)
    }
}
