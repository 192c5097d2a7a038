/// Where masks go in JSON text so the result stays JSON: a match inside a string's content is
/// masked as it is; a match that touches anything else (a number, a literal, a quote) widens to
/// the whole tokens it touches, which become the string `"••••"`.
///
/// One pass over the text, tracking only whether each byte is inside a string.
enum JSONMaskRegions {
    /// The regions to replace, in order and disjoint; `quoted` ones become `"••••"`.
    ///
    /// - Parameters:
    ///   - ranges: The matches, sorted and disjoint (`MultiPatternMatcher.coveredRanges(in:)` in APIMapping).
    ///   - bytes: The JSON text.
    static func regions(of ranges: [Range<Int>], in bytes: [UInt8]) -> [(range: Range<Int>, quoted: Bool)] {
        var regions: [(range: Range<Int>, quoted: Bool)] = []
        var next = 0
        var inString = false
        var escaped = false
        var stringStart = 0
        // The match under way: where it widens to on the left, and whether all of it is string content.
        var current: (lower: Int, allContent: Bool)?
        // A widened match that ends inside a string: it reaches that string's closing quote.
        var pendingLower: Int?
        for index in bytes.indices {
            let byte = bytes[index]
            let isQuote = byte == UInt8(ascii: "\"") && !escaped
            let isContent = inString && !isQuote
            if next < ranges.count, index == ranges[next].lowerBound {
                current = (widenedLower(index, in: bytes, inString: inString, stringStart: stringStart), true)
            }
            if var match = current {
                if !isContent { match.allContent = false }
                current = match
                if index == ranges[next].upperBound - 1 {
                    if match.allContent {
                        regions.append((ranges[next], false))
                    } else if isContent || (!inString && isQuote) {
                        // It ends inside a string, or on its opening quote: it reaches the closing quote.
                        pendingLower = min(pendingLower ?? match.lower, match.lower)
                    } else {
                        let upper = inString || !isTokenByte(byte) ? index + 1 : widenedUpper(index + 1, in: bytes)
                        regions.append((match.lower..<upper, true))
                    }
                    current = nil
                    next += 1
                }
            }
            // The string state after this byte.
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if isQuote {
                    inString = false
                    if let lower = pendingLower {
                        regions.append((lower..<index + 1, true))
                        pendingLower = nil
                    }
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                stringStart = index
            }
        }
        if let lower = pendingLower { regions.append((lower..<bytes.count, true)) }
        return merged(regions)
    }

    /// Where a match that starts at `index` widens to when it does not stay inside a string's
    /// content: the opening quote of the string it starts in, or the start of the number or literal.
    private static func widenedLower(_ index: Int, in bytes: [UInt8], inString: Bool, stringStart: Int) -> Int {
        if inString { return stringStart }
        guard isTokenByte(bytes[index]) else { return index }
        var lower = index
        while lower > 0, isTokenByte(bytes[lower - 1]) { lower -= 1 }
        return lower
    }

    /// Where a match that ends before `upper` (not inside a string) widens to: the end of the number
    /// or literal it is in.
    private static func widenedUpper(_ upper: Int, in bytes: [UInt8]) -> Int {
        var end = upper
        while end < bytes.count, isTokenByte(bytes[end]) { end += 1 }
        return end
    }

    /// A byte of a number or a literal (`-12.5e+3`, `true`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Overlapping regions joined; a join is quoted when any part of it is.
    private static func merged(_ regions: [(range: Range<Int>, quoted: Bool)]) -> [(range: Range<Int>, quoted: Bool)] {
        let sorted = regions.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var result: [(range: Range<Int>, quoted: Bool)] = []
        for region in sorted {
            if let last = result.last, last.range.upperBound > region.range.lowerBound {
                result[result.count - 1] = (
                    last.range.lowerBound..<max(last.range.upperBound, region.range.upperBound),
                    last.quoted || region.quoted
                )
            } else {
                result.append(region)
            }
        }
        return result
    }
}
