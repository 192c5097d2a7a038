import Foundation

/// One match of a ``TextSearch`` in raw bytes.
///
/// ```swift
/// let matches = try TextSearch("ok").matches(in: Array("a\nok ok\n".utf8))
/// matches?.map(\.line)         // [2, 2]
/// matches?.map(\.range.lowerBound)  // [2, 5]
/// ```
public struct TextMatch: Sendable, Hashable {
    /// The matched bytes: the occurrence of a literal, or the whole line (without its line break) a
    /// regex matched in.
    public var range: Range<Int>
    /// The 1-based line of the match's first byte (lines end at LF).
    public var line: Int

    /// Creates a match.
    ///
    /// - Parameters:
    ///   - range: The byte range.
    ///   - line: The 1-based line number.
    public init(range: Range<Int>, line: Int) {
        self.range = range
        self.line = line
    }
}

extension TextSearch {
    /// Every match in raw bytes, in order, with its line number; `nil` when the task was cancelled.
    ///
    /// A literal reports each occurrence (they do not overlap); a regex is matched against each
    /// line on its own (LF ends a line; a CR before it is not part of it) and reports the lines it
    /// matches. Bytes that are not valid UTF-8 are matched as U+FFFD.
    ///
    /// ```swift
    /// let body = Array("{\n  \"city\": \"杭州市\"\n}\n".utf8)
    /// try TextSearch("杭州").matches(in: body)  // [TextMatch(range: 13..<19, line: 2)]
    /// ```
    ///
    /// - Parameter bytes: Any bytes, such as a raw response body.
    /// - Returns: The matches, or `nil` when cancelled.
    public func matches(in bytes: [UInt8]) -> [TextMatch]? {
        bytes.withUnsafeBufferPointer { matches(inBuffer: $0) }
    }

    /// ``matches(in:)`` over a buffer the caller holds.
    ///
    /// - Parameter bytes: Any bytes.
    /// - Returns: The matches, or `nil` when cancelled.
    public func matches(inBuffer bytes: UnsafeBufferPointer<UInt8>) -> [TextMatch]? {
        if let regexp { return lineMatches(of: regexp, in: bytes) }
        var scan = LiteralScan(needle: needle, ignoresCase: !isCaseSensitive)
        var found: [TextMatch] = []
        var lines = LineCounter()
        var from = 0
        var chunkEnd = min(chunk, bytes.count)
        while true {
            if let start = scan.next(in: bytes, from: from, before: chunkEnd) {
                found.append(TextMatch(range: start..<start + needle.count, line: lines.line(at: start, in: bytes)))
                from = start + needle.count
                continue
            }
            if chunkEnd >= bytes.count || Task.isCancelled { break }
            from = max(from, chunkEnd)
            chunkEnd = min(chunkEnd + chunk, bytes.count)
        }
        return Task.isCancelled ? nil : found
    }

    /// The lines a regex matches.
    private func lineMatches(of regexp: IRegexp, in bytes: UnsafeBufferPointer<UInt8>) -> [TextMatch]? {
        guard let base = bytes.baseAddress else { return [] }
        let matcher = IRegexp.Matcher(regexp)
        var found: [TextMatch] = []
        var start = 0
        var line = 1
        var checked = 0
        while start < bytes.count {
            let raw = UnsafeRawPointer(base + start)
            let newline = memchr(raw, 0x0A, bytes.count - start).map { start + (UnsafeRawPointer($0) - raw) }
            let end = newline ?? bytes.count
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let content = UnsafeBufferPointer(rebasing: bytes[start..<contentEnd])
            if Self.search(matcher, in: content) { found.append(TextMatch(range: start..<contentEnd, line: line)) }
            line += 1
            start = end + 1
            if start - checked > chunk {
                if Task.isCancelled { return nil }
                checked = start
            }
        }
        return Task.isCancelled ? nil : found
    }

    /// Whether a regex matches somewhere in bytes, read as UTF-8 (invalid sequences as U+FFFD).
    static func search(_ matcher: IRegexp.Matcher, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if isValidUTF8(bytes) { return matcher.matches(utf8: bytes, whole: false) }
        var text = String(decoding: bytes, as: UTF8.self)
        return text.withUTF8 { matcher.matches(utf8: $0, whole: false) }
    }

    /// Whether bytes are strict UTF-8.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            if bytes[i] < 0x80 {
                i += 1
                continue
            }
            let length = UTF8Validation.sequenceLength(bytes, at: i)
            if length == 0 { return false }
            i += length
        }
        return true
    }

    /// Line numbers of increasing offsets, counting each line break once.
    private struct LineCounter {
        var counted = 0
        var line = 1

        mutating func line(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
            guard let base = bytes.baseAddress else { return line }
            while counted < offset {
                let raw = UnsafeRawPointer(base + counted)
                guard let pointer = memchr(raw, 0x0A, offset - counted) else { break }
                line += 1
                counted += (UnsafeRawPointer(pointer) - raw) + 1
            }
            counted = max(counted, offset)
            return line
        }
    }
}
