/// Why and where JSON text was rejected.
///
/// Every error names the byte offset of the offending byte, its 1-based line and column (columns
/// count Unicode scalars, so they match an editor's), and a short excerpt of the line around it.
///
/// ```swift
/// do {
///     _ = try JSONDocument(parsing: "{\"a\": 1,\n \"b\" 2}")
/// } catch {
///     print(error)
///     // line 2, column 6 (byte 14): expected ':' after object key
///     //  "b" 2}
///     //      ^
/// }
/// ```
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let kind: Kind
    /// The 0-based byte offset of the offending byte (the input's length for an early end).
    public let offset: Int
    /// The 1-based line of ``offset``.
    public let line: Int
    /// The 1-based column of ``offset``, counted in Unicode scalars.
    public let column: Int
    /// The line around the offset, with control bytes and invalid UTF-8 shown as escapes.
    public let excerpt: String
    /// The column of ``offset`` within ``excerpt``, counted in Unicode scalars, 1-based.
    public let excerptColumn: Int

    /// A short message without the position: `expected ':' after object key`.
    public var message: String { kind.message }

    public var description: String {
        "line \(line), column \(column) (byte \(offset)): \(message)\n"
            + "  \(excerpt)\n  \(String(repeating: " ", count: max(0, excerptColumn - 1)))^"
    }

    init(_ kind: Kind, at offset: Int, in input: UnsafeBufferPointer<UInt8>) {
        self.kind = kind
        self.offset = offset
        let position = TextPosition(of: offset, in: input)
        line = position.line
        column = position.column
        (excerpt, excerptColumn) = TextPosition.excerpt(around: offset, lineStart: position.lineStart, in: input)
    }

    /// What went wrong, as a value tests and callers can match.
    ///
    /// Matching a kind ignores its detail text, so `error.kind == .unexpectedCharacter` holds
    /// whatever character was found.
    public typealias Kind = ErrorKind<JSONParseError>

    enum Code: Hashable, Sendable {
        case emptyInput, unexpectedEnd, unexpectedCharacter, invalidLiteral, invalidNumber
        case leadingZero, controlCharacterInString, invalidEscape, invalidUnicodeEscape, loneSurrogate
        case invalidUTF8, trailingComma, trailingContent, tooDeep, tooLarge, unsupportedEncoding
    }
}

extension ErrorKind where Owner == JSONParseError {
    /// The input holds no value (only whitespace, or nothing).
    public static var emptyInput: Self { Self(JSONParseError.Code.emptyInput, "no JSON value in the input") }
    /// The input stops inside a value.
    public static var unexpectedEnd: Self { Self(JSONParseError.Code.unexpectedEnd, "unexpected end of input") }
    /// A byte that cannot start or continue anything here.
    public static var unexpectedCharacter: Self {
        Self(JSONParseError.Code.unexpectedCharacter, "unexpected character")
    }
    /// Something that starts like `true`, `false` or `null` but is not.
    public static var invalidLiteral: Self { Self(JSONParseError.Code.invalidLiteral, "invalid literal") }
    /// A number that breaks the RFC 8259 grammar (`1.`, `-`, `1e`, `.5`).
    public static var invalidNumber: Self { Self(JSONParseError.Code.invalidNumber, "invalid number") }
    /// A number with a leading zero (`01`).
    public static var leadingZero: Self {
        Self(JSONParseError.Code.leadingZero, "leading zeros are not allowed in numbers")
    }
    /// A raw control character (U+0000 to U+001F) inside a string.
    public static var controlCharacterInString: Self {
        Self(JSONParseError.Code.controlCharacterInString, "control character in string (must be escaped)")
    }
    /// A backslash followed by something other than `"\/bfnrtu`.
    public static var invalidEscape: Self { Self(JSONParseError.Code.invalidEscape, "invalid escape sequence") }
    /// `\u` not followed by four hex digits.
    public static var invalidUnicodeEscape: Self {
        Self(JSONParseError.Code.invalidUnicodeEscape, "\\u must be followed by four hex digits")
    }
    /// A `\u` escape naming half a surrogate pair alone.
    public static var loneSurrogate: Self {
        Self(JSONParseError.Code.loneSurrogate, "lone UTF-16 surrogate in \\u escape")
    }
    /// Bytes that are not valid UTF-8.
    public static var invalidUTF8: Self { Self(JSONParseError.Code.invalidUTF8, "invalid UTF-8") }
    /// A comma right before `]` or `}`.
    public static var trailingComma: Self { Self(JSONParseError.Code.trailingComma, "trailing comma") }
    /// More text after the complete top-level value.
    public static var trailingContent: Self {
        Self(JSONParseError.Code.trailingContent, "unexpected content after the JSON value")
    }
    /// Nesting deeper than ``JSONParseOptions/maximumDepth``.
    public static var tooDeep: Self { Self(JSONParseError.Code.tooDeep, "nesting too deep") }
    /// Input larger than ``JSONParseOptions/maximumSize``.
    public static var tooLarge: Self { Self(JSONParseError.Code.tooLarge, "input too large") }
    /// Input in UTF-16 or UTF-32 (JSON exchanged between systems must be UTF-8).
    public static var unsupportedEncoding: Self { Self(JSONParseError.Code.unsupportedEncoding, "input is not UTF-8") }
}

/// Line, column and excerpt for a byte offset; computed only when an error is reported.
struct TextPosition {
    var line = 1
    var column = 1
    var lineStart = 0

    init(of offset: Int, in input: UnsafeBufferPointer<UInt8>) {
        let end = min(offset, input.count)
        var i = 0
        while i < end {
            let byte = input[i]
            if byte == 0x0A {
                line += 1
                column = 1
                lineStart = i + 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
    }

    /// Up to 30 scalars either side of `offset` on its line, made printable.
    static func excerpt(around offset: Int, lineStart: Int, in input: UnsafeBufferPointer<UInt8>) -> (String, Int) {
        var start = lineStart
        // Keep the excerpt short on long lines (minified JSON is one line).
        if offset - start > 40 { start = offset - 30 }
        while start < offset, start < input.count, input[start] & 0xC0 == 0x80 { start += 1 }
        var end = min(input.count, offset + 30)
        if let newline = input[min(offset, input.count)..<end].firstIndex(of: 0x0A) { end = newline }
        var text = start > lineStart ? "…" : ""
        var column = text.unicodeScalars.count + 1
        var i = start
        while i < end {
            if i == offset { column = text.unicodeScalars.count + 1 }
            let byte = input[i]
            if byte < 0x20 || byte == 0x7F {
                text += byte == 0x09 ? "\\t" : byte == 0x0D ? "\\r" : "\\u\(hex4(UInt16(byte)))"
                i += 1
            } else if byte < 0x80 {
                text.unicodeScalars.append(Unicode.Scalar(byte))
                i += 1
            } else {
                let length = UTF8Validation.sequenceLength(input, at: i)
                if length > 0 {
                    text += String(decoding: UnsafeBufferPointer(rebasing: input[i..<i + length]), as: UTF8.self)
                    i += length
                } else {
                    text += "\\x" + String(byte, radix: 16, uppercase: true)
                    i += 1
                }
            }
        }
        if offset >= end { column = text.unicodeScalars.count + 1 }
        if end < input.count, input[end] != 0x0A { text += "…" }
        return (text, column)
    }
}

/// Four uppercase hex digits.
func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
}
