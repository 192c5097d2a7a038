/// Reads shell words one command at a time, keeping byte offsets and line numbers.
struct ShellLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    private static let operators = ["||", "&&", ">>", ">&", "<<", "|", "&", ";", "<", ">"].map { Array($0.utf8) }

    private var location: TextLocation { TextLocation(offset: index, line: line, column: index - lineStart + 1) }

    private func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    /// The length of a backslash-newline continuation at `offset` (`\` then `\n` or `\r\n`), or 0.
    private func continuationLength(at offset: Int) -> Int {
        guard byte(at: offset) == UInt8(ascii: "\\") else { return 0 }
        if byte(at: offset + 1) == UInt8(ascii: "\n") { return 2 }
        if byte(at: offset + 1) == UInt8(ascii: "\r"), byte(at: offset + 2) == UInt8(ascii: "\n") { return 3 }
        return 0
    }

    /// The next command's words, or `nil` at the end of the text.
    mutating func nextCommand() throws(ShellWordsError) -> [ShellWord]? {
        var words: [ShellWord] = []
        while let current = byte(at: index) {
            switch current {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                advance()
            case UInt8(ascii: "\n"):
                advance()
                if !words.isEmpty { return words }
            case UInt8(ascii: "#"):
                while let next = byte(at: index), next != UInt8(ascii: "\n") { advance() }
            default:
                let continuation = continuationLength(at: index)
                if continuation > 0 {
                    advance(continuation)
                } else if let word = readOperator() {
                    words.append(word)
                } else {
                    words.append(try readWord())
                }
            }
        }
        return words.isEmpty ? nil : words
    }

    /// An operator at the current position (with a leading file descriptor number, as in `2>`).
    private mutating func readOperator() -> ShellWord? {
        var digits = 0
        while let next = byte(at: index + digits), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") { digits += 1 }
        if digits > 0, byte(at: index + digits) != UInt8(ascii: "<"), byte(at: index + digits) != UInt8(ascii: ">") {
            return nil
        }
        let rest = bytes[(index + digits)...]
        guard let match = Self.operators.first(where: { rest.starts(with: $0) }) else { return nil }
        let start = location
        let text = String(decoding: bytes[index..<(index + digits + match.count)], as: UTF8.self)
        advance(digits + match.count)
        return ShellWord(text: text, position: start, isOperator: true)
    }

    private mutating func readWord() throws(ShellWordsError) -> ShellWord {
        let start = location
        var word: [UInt8] = []
        loop: while let current = byte(at: index) {
            switch current {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
                UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: ";"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                break loop
            case UInt8(ascii: "\\"):
                let continuation = continuationLength(at: index)
                if continuation > 0 {
                    advance(continuation)
                } else {
                    advance()
                    if let escaped = byte(at: index) {
                        word.append(escaped)
                        advance()
                    }
                }
            case UInt8(ascii: "'"):
                try readSingleQuoted(into: &word)
            case UInt8(ascii: "\""):
                try readDoubleQuoted(into: &word)
            case UInt8(ascii: "$") where byte(at: index + 1) == UInt8(ascii: "'"):
                try readANSIQuoted(into: &word)
            default:
                word.append(current)
                advance()
            }
        }
        return ShellWord(text: String(decoding: word, as: UTF8.self), position: start)
    }

    private mutating func readSingleQuoted(into word: inout [UInt8]) throws(ShellWordsError) {
        let start = location
        advance()
        while let current = byte(at: index) {
            advance()
            if current == UInt8(ascii: "'") { return }
            word.append(current)
        }
        throw ShellWordsError(.unterminatedSingleQuote, at: start)
    }

    private mutating func readDoubleQuoted(into word: inout [UInt8]) throws(ShellWordsError) {
        let start = location
        advance()
        while let current = byte(at: index) {
            if current == UInt8(ascii: "\"") {
                advance()
                return
            }
            if current == UInt8(ascii: "\\"), let next = byte(at: index + 1) {
                let continuation = continuationLength(at: index)
                if continuation > 0 {
                    advance(continuation)
                    continue
                }
                if "\"\\$`".utf8.contains(next) {
                    word.append(next)
                    advance(2)
                    continue
                }
            }
            word.append(current)
            advance()
        }
        throw ShellWordsError(.unterminatedDoubleQuote, at: start)
    }

    private mutating func readANSIQuoted(into word: inout [UInt8]) throws(ShellWordsError) {
        let start = location
        advance(2)
        while let current = byte(at: index) {
            if current == UInt8(ascii: "'") {
                advance()
                return
            }
            guard current == UInt8(ascii: "\\"), let escape = byte(at: index + 1) else {
                word.append(current)
                advance()
                continue
            }
            let escapeStart = location
            advance(2)
            if let simple = ANSIEscapes.simple[escape] {
                word.append(simple)
            } else if let radix = ANSIEscapes.numeric[escape] {
                let digits = readDigits(radix: radix.radix, max: radix.maxDigits)
                let value = digits.isEmpty && radix.radix == 8 ? 0 : UInt32(digits, radix: radix.radix)
                if digits.isEmpty && radix.radix != 8 {
                    throw ShellWordsError(.invalidEscape, at: escapeStart)
                }
                if radix.radix == 16 && radix.maxDigits == 2 || radix.radix == 8 {
                    word.append(UInt8(truncatingIfNeeded: value ?? 0))
                } else if let value, let scalar = Unicode.Scalar(value) {
                    word += Array(String(Character(scalar)).utf8)
                } else {
                    throw ShellWordsError(.invalidEscape, at: escapeStart)
                }
            } else {
                word += [UInt8(ascii: "\\"), escape]
            }
        }
        throw ShellWordsError(.unterminatedANSIString, at: start)
    }

    private mutating func readDigits(radix: Int, max: Int) -> String {
        var digits = ""
        while digits.count < max, let next = byte(at: index), Character(Unicode.Scalar(next)).isHexDigit,
            Int(String(Unicode.Scalar(next)), radix: radix) != nil
        {
            digits.append(Character(Unicode.Scalar(next)))
            advance()
        }
        return digits
    }
}

/// The escapes of bash's `$'…'` strings.
private enum ANSIEscapes {
    static let simple: [UInt8: UInt8] = [
        UInt8(ascii: "n"): 0x0A, UInt8(ascii: "t"): 0x09, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "a"): 0x07,
        UInt8(ascii: "b"): 0x08, UInt8(ascii: "e"): 0x1B, UInt8(ascii: "E"): 0x1B, UInt8(ascii: "f"): 0x0C,
        UInt8(ascii: "v"): 0x0B, UInt8(ascii: "\\"): UInt8(ascii: "\\"), UInt8(ascii: "'"): UInt8(ascii: "'"),
        UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "?"): UInt8(ascii: "?"),
    ]

    /// `\xHH` (a byte), `\uHHHH` and `\UHHHHHHHH` (code points), `\0nn` (an octal byte).
    static let numeric: [UInt8: (radix: Int, maxDigits: Int)] = [
        UInt8(ascii: "x"): (16, 2), UInt8(ascii: "u"): (16, 4), UInt8(ascii: "U"): (16, 8), UInt8(ascii: "0"): (8, 2),
    ]
}
