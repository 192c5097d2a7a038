/// The RFC 8259 parser: one pass over UTF-8 bytes, open containers linked through the tape instead
/// of recursion, and node records appended to the tape in document order.
///
/// Decisions (also in README's "JSON engine"):
/// - Strict grammar: no comments, trailing commas, single quotes, NaN, leading `+` or zeros.
/// - Input must be valid UTF-8, checked inside strings (the only place non-ASCII may appear).
/// - A leading UTF-8 byte order mark is skipped (RFC 8259 §8.1 allows ignoring it); UTF-16 and
///   UTF-32 input is refused with a ``JSONParseError`` of kind `.unsupportedEncoding`.
/// - `\u` escapes must pair surrogates correctly unless ``JSONParseOptions/loneSurrogates`` says replace.
struct JSONParser {
    let input: UnsafeBufferPointer<UInt8>
    let options: JSONParseOptions
    var nodes: [JSONTape.Node] = []
    var i = 0

    init(input: UnsafeBufferPointer<UInt8>, options: JSONParseOptions) {
        self.input = input
        self.options = options
    }

    func fail(_ kind: JSONParseError.Kind, at offset: Int) -> JSONParseError {
        JSONParseError(kind, at: offset, in: input)
    }

    /// Parses into `tape`, reusing its capacity: a caller that parses many small texts and keeps
    /// none of them (a stream's events) allocates no tape per text.
    ///
    /// - Parameters:
    ///   - input: The text.
    ///   - tape: Emptied, then the text's tape.
    ///   - options: Limits and the policy for lone surrogates.
    /// - Throws: ``JSONParseError``; `tape` is then empty.
    static func parse(
        _ input: UnsafeBufferPointer<UInt8>, into tape: inout [JSONTape.Node], options: JSONParseOptions
    ) throws(JSONParseError) {
        var parser = JSONParser(input: input, options: options)
        tape.removeAll(keepingCapacity: true)
        swap(&parser.nodes, &tape)
        do {
            tape = try parser.parse()
        } catch {
            swap(&parser.nodes, &tape)
            tape.removeAll(keepingCapacity: true)
            throw error
        }
    }

    mutating func parse() throws(JSONParseError) -> [JSONTape.Node] {
        let limit = min(options.maximumSize ?? Int(UInt32.max - 1), Int(UInt32.max - 1))
        if input.count > limit {
            throw fail(.tooLarge.detail("input too large: \(input.count) bytes, the limit is \(limit)"), at: limit)
        }
        try skipByteOrderMark()
        nodes.reserveCapacity(max(16, input.count / 16))
        // Open containers, without a stack of their own: `top` is the innermost one's node, and an
        // open container's `next` holds its parent's index + 1 (0 for none) until it closes and
        // `next` gets its real value. Whether it is an object is read from the node itself.
        var top = -1
        var depth = 0
        let valueLimit = min(options.maximumValues, JSONTape.maximumNodes) - 2
        let end = input.count

        skipWhitespace()
        if i == end { throw fail(i == 0 || isAllWhitespace ? .emptyInput : .unexpectedEnd, at: i) }

        // The loop alternates between reading a value and reading what follows it.
        valueLoop: while true {
            // MARK: a value starts at i (whitespace already skipped)
            guard i < end else { throw fail(.unexpectedEnd.detail("unexpected end of input, expected a value"), at: i) }
            // A value and its key take at most two nodes: checked here, the tape's `next` always fits.
            guard nodes.count < valueLimit else {
                throw fail(.tooLarge.detail("too many values: the limit is \(valueLimit)"), at: i)
            }
            let byte = input[i]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth >= options.maximumDepth {
                    throw fail(.tooDeep.detail("nesting deeper than \(options.maximumDepth) levels"), at: i)
                }
                let isObject = byte == UInt8(ascii: "{")
                nodes.append(
                    JSONTape.Node(
                        header: isObject ? JSONTape.object : JSONTape.array, offset: UInt32(i), length: 0,
                        next: UInt32(top + 1)))
                top = nodes.count - 1
                depth += 1
                i += 1
                skipWhitespace()
                if i < end && input[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    close(&top, &depth)
                    break  // to "after a value"
                }
                nodes[top].length = 1
                if isObject {
                    try readKeyAndColon()
                }
                continue valueLoop
            case UInt8(ascii: "\""):
                try readString()
            case UInt8(ascii: "t"):
                try readLiteral("true", JSONTape.true)
            case UInt8(ascii: "f"):
                try readLiteral("false", JSONTape.false)
            case UInt8(ascii: "n"):
                try readLiteral("null", JSONTape.null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try readNumber()
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth > 0, let comma = previousComma { throw fail(.trailingComma, at: comma) }
                throw fail(unexpected("expected a value"), at: i)
            default:
                throw fail(unexpected("expected a value"), at: i)
            }

            // MARK: after a value: a separator, a closing bracket, or the end
            while true {
                guard top >= 0 else {
                    skipWhitespace()
                    if i != end { throw fail(.trailingContent, at: i) }
                    return nodes
                }
                skipWhitespace()
                guard i < end else {
                    let isObject = nodes[top].header == JSONTape.object
                    throw fail(
                        .unexpectedEnd.detail("unexpected end of input, expected ',' or '\(isObject ? "}" : "]")'"),
                        at: i)
                }
                let isObject = nodes[top].header == JSONTape.object
                let separator = input[i]
                if separator == UInt8(ascii: ",") {
                    i += 1
                    skipWhitespace()
                    nodes[top].length += 1
                    if isObject { try readKeyAndColon() }
                    continue valueLoop
                }
                if separator == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    close(&top, &depth)
                    continue
                }
                throw fail(
                    unexpected(
                        isObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element"
                    ), at: i)
            }
        }
    }

    /// Closes the innermost open container: its `next` gets the node after its subtree, and its
    /// parent (kept in `next` while it was open) becomes the innermost.
    @inline(__always)
    private mutating func close(_ top: inout Int, _ depth: inout Int) {
        let parent = Int(nodes[top].next) - 1
        nodes[top].next = UInt32(nodes.count)
        top = parent
        depth -= 1
    }

    private var isAllWhitespace: Bool {
        input.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// The offset of the comma before `i`, when the byte at `i` closes a container right after one.
    private var previousComma: Int? {
        var j = i - 1
        while j >= 0, input[j] == 0x20 || input[j] == 0x0A || input[j] == 0x0D || input[j] == 0x09 { j -= 1 }
        return j >= 0 && input[j] == UInt8(ascii: ",") ? j : nil
    }

    private func unexpected(_ expectation: String) -> JSONParseError.Kind {
        let byte = input[i]
        let found: String
        if byte >= 0x20 && byte < 0x7F {
            found = "'\(Character(Unicode.Scalar(byte)))'"
        } else if byte < 0x80 {
            found = "control character U+\(hex4(UInt16(byte)))"
        } else {
            let length = UTF8Validation.sequenceLength(input, at: i)
            if length == 0 {
                return .invalidUTF8.detail("invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))")
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: input[i..<i + length]), as: UTF8.self)
            found = "'\(text)'"
        }
        return .unexpectedCharacter.detail("unexpected \(found), \(expectation)")
    }

    private mutating func skipByteOrderMark() throws(JSONParseError) {
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            i = 3
        } else if input.count >= 2, (input[0] == 0xFE && input[1] == 0xFF) || (input[0] == 0xFF && input[1] == 0xFE) {
            throw fail(
                .unsupportedEncoding.detail("input is UTF-16 or UTF-32 (byte order mark); JSON must be UTF-8"), at: 0)
        } else if input.count >= 2, input[0] == 0 || input[1] == 0 {
            throw fail(
                .unsupportedEncoding.detail("input looks like UTF-16 or UTF-32 (NUL bytes); JSON must be UTF-8"), at: 0)
        }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < input.count {
            let b = input[i]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            i += 1
        }
    }

    private mutating func readKeyAndColon() throws(JSONParseError) {
        guard i < input.count else {
            throw fail(.unexpectedEnd.detail("unexpected end of input, expected an object key"), at: i)
        }
        guard input[i] == UInt8(ascii: "\"") else {
            if input[i] == UInt8(ascii: "}"), let comma = previousComma { throw fail(.trailingComma, at: comma) }
            throw fail(unexpected("expected a string as object key"), at: i)
        }
        try readString()
        skipWhitespace()
        guard i < input.count else { throw fail(.unexpectedEnd.detail("unexpected end of input, expected ':'"), at: i) }
        guard input[i] == UInt8(ascii: ":") else { throw fail(unexpected("expected ':' after object key"), at: i) }
        i += 1
        skipWhitespace()
    }

    private mutating func readLiteral(_ word: StaticString, _ tag: UInt32) throws(JSONParseError) {
        let length = word.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: length)
        var k = 0
        while k < length {
            guard i + k < input.count else {
                throw fail(.unexpectedEnd.detail("unexpected end of input in literal, expected '\(word)'"), at: i + k)
            }
            guard input[i + k] == expected[k] else {
                throw fail(.invalidLiteral.detail("invalid literal, expected '\(word)'"), at: i + k)
            }
            k += 1
        }
        nodes.append(
            JSONTape.Node(header: tag, offset: UInt32(i), length: UInt32(length), next: UInt32(nodes.count + 1)))
        i += length
    }

    private mutating func readNumber() throws(JSONParseError) {
        let start = i
        let stop = JSONNumberGrammar.scan(input, from: start)
        if stop < 0 {
            let bad = -stop - 1
            if bad == input.count { throw fail(.unexpectedEnd.detail("unexpected end of input in number"), at: bad) }
            throw fail(.invalidNumber.detail("invalid number: expected a digit"), at: bad)
        }
        // "01" scans as "0" followed by a digit: report it as what it is.
        if stop < input.count, input[stop] &- 0x30 < 10 {
            throw fail(.leadingZero, at: start + (input[start] == UInt8(ascii: "-") ? 1 : 0))
        }
        nodes.append(
            JSONTape.Node(
                header: JSONTape.number, offset: UInt32(start), length: UInt32(stop - start),
                next: UInt32(nodes.count + 1)))
        i = stop
    }

    /// Reads a string starting at its opening quote; validates escapes and UTF-8.
    private mutating func readString() throws(JSONParseError) {
        let contentStart = i + 1
        var j = contentStart
        let end = input.count
        var flags = JSONTape.string
        let base = input.baseAddress!
        while true {
            // Eight bytes at a time while they are plain printable ASCII.
            while j + 8 <= end {
                let word = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)
                if Self.needsAttention(word) { break }
                j += 8
            }
            guard j < end else { throw fail(.unexpectedEnd.detail("unexpected end of input in string"), at: j) }
            let byte = input[j]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                flags |= JSONTape.notVerbatim
                j = try readEscape(at: j)
            } else if byte < 0x20 {
                throw fail(
                    .controlCharacterInString.detail(
                        "control character U+\(hex4(UInt16(byte))) in string (must be escaped)"), at: j)
            } else if byte < 0x7F {
                j += 1
            } else if byte == 0x7F {
                flags |= JSONTape.notVerbatim
                j += 1
            } else {
                let length = UTF8Validation.sequenceLength(input, at: j)
                guard length > 0 else {
                    throw fail(
                        .invalidUTF8.detail(
                            "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) in string"), at: j)
                }
                // C1 controls (U+0080...U+009F) and bidirectional controls are escaped on output; mark them.
                if Self.isEscapedOnOutput(input, at: j, lead: byte) { flags |= JSONTape.notVerbatim }
                j += length
            }
        }
        nodes.append(
            JSONTape.Node(
                header: flags, offset: UInt32(contentStart), length: UInt32(j - contentStart),
                next: UInt32(nodes.count + 1)))
        i = j + 1
    }

    /// Whether the valid UTF-8 sequence at `j` encodes a scalar the writer escapes: a C1 control
    /// (`C2 80`...`C2 9F`), U+061C (`D8 9C`), U+200E/F (`E2 80 8E`/`8F`), U+202A...U+202E
    /// (`E2 80 AA`...`AE`) or U+2066...U+2069 (`E2 81 A6`...`A9`).
    @inline(__always)
    static func isEscapedOnOutput(_ input: UnsafeBufferPointer<UInt8>, at j: Int, lead: UInt8) -> Bool {
        switch lead {
        case 0xC2: return input[j + 1] < 0xA0
        case 0xD8: return input[j + 1] == 0x9C
        case 0xE2:
            let second = input[j + 1]
            let third = input[j + 2]
            return second == 0x80 && (third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third))
                || second == 0x81 && (0xA6...0xA9).contains(third)
        default: return false
        }
    }

    /// Whether any of eight bytes is a quote, backslash, control, DEL or non-ASCII.
    @inline(__always)
    static func needsAttention(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (word &- ones &* 0x20) & ~word & highs
        let quote = hasZeroByte(word ^ (ones &* 0x22))
        let backslash = hasZeroByte(word ^ (ones &* 0x5C))
        let delete = hasZeroByte(word ^ (ones &* 0x7F))
        return (word & highs) | control | quote | backslash | delete != 0
    }

    /// Validates one escape at `j` (the backslash) and returns the offset after it.
    private func readEscape(at j: Int) throws(JSONParseError) -> Int {
        guard j + 1 < input.count else {
            throw fail(.unexpectedEnd.detail("unexpected end of input in escape"), at: j + 1)
        }
        switch input[j + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return j + 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: j + 2)
            if unit >= 0xDC00 && unit <= 0xDFFF {
                return try loneSurrogate(at: j, after: j + 6)
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                if j + 7 < input.count, input[j + 6] == UInt8(ascii: "\\"), input[j + 7] == UInt8(ascii: "u") {
                    let low = try hexUnit(at: j + 8)
                    if low >= 0xDC00 && low <= 0xDFFF { return j + 12 }
                }
                return try loneSurrogate(at: j, after: j + 6)
            }
            return j + 6
        default:
            let length = input[j + 1] < 0x80 ? 1 : UTF8Validation.sequenceLength(input, at: j + 1)
            let shown =
                length > 0
                ? String(decoding: UnsafeBufferPointer(rebasing: input[j + 1..<j + 1 + length]), as: UTF8.self) : "?"
            throw fail(.invalidEscape.detail("invalid escape sequence '\\\(shown)'"), at: j)
        }
    }

    private func loneSurrogate(at j: Int, after next: Int) throws(JSONParseError) -> Int {
        guard options.loneSurrogates == .replace else { throw fail(.loneSurrogate, at: j) }
        return next
    }

    private func hexUnit(at k: Int) throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for offset in k..<k + 4 {
            guard offset < input.count else {
                throw fail(.unexpectedEnd.detail("unexpected end of input in \\u escape"), at: offset)
            }
            guard let digit = hexValue(input[offset]) else { throw fail(.invalidUnicodeEscape, at: offset) }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}

@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
