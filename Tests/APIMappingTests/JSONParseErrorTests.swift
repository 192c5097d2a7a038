import Testing

@testable import APIMapping

/// Every parse error kind with its message and position.
@Suite struct JSONParseErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let kind: JSONParseError.Kind
        let offset: Int
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "empty input", input: "  \n", kind: .emptyInput, offset: 3, line: 2, column: 1,
            message: "no JSON value in the input"),
        Case(
            name: "end inside an array", input: "[1, 2", kind: .unexpectedEnd, offset: 5, line: 1, column: 6,
            message: "unexpected end of input, expected ',' or ']'"),
        Case(
            name: "end inside a string", input: #"{"a": "bc"#, kind: .unexpectedEnd, offset: 9, line: 1, column: 10,
            message: "unexpected end of input in string"),
        Case(
            name: "missing colon", input: "{\"a\": 1,\n \"b\" 2}", kind: .unexpectedCharacter, offset: 14, line: 2,
            column: 6, message: "unexpected '2', expected ':' after object key"),
        Case(
            name: "missing comma", input: #"{"a": 1 "b": 2}"#, kind: .unexpectedCharacter, offset: 8, line: 1,
            column: 9, message: "unexpected '\"', expected ',' or '}' after object member"),
        Case(
            name: "bad literal", input: "[tru]", kind: .invalidLiteral, offset: 4, line: 1, column: 5,
            message: "invalid literal, expected 'true'"),
        Case(
            name: "bad number", input: "[1.]", kind: .invalidNumber, offset: 3, line: 1, column: 4,
            message: "invalid number: expected a digit"),
        Case(
            name: "leading zero", input: "[-012]", kind: .leadingZero, offset: 2, line: 1, column: 3,
            message: "leading zeros are not allowed in numbers"),
        Case(
            name: "raw tab in string", input: "[\"a\tb\"]", kind: .controlCharacterInString, offset: 3, line: 1,
            column: 4, message: "control character U+0009 in string (must be escaped)"),
        Case(
            name: "bad escape", input: #"["a\x"]"#, kind: .invalidEscape, offset: 3, line: 1, column: 4,
            message: "invalid escape sequence '\\x'"),
        Case(
            name: "short unicode escape", input: #"["\u12G4"]"#, kind: .invalidUnicodeEscape, offset: 6, line: 1,
            column: 7, message: "\\u must be followed by four hex digits"),
        Case(
            name: "lone high surrogate", input: #"["\uD800x"]"#, kind: .loneSurrogate, offset: 2, line: 1,
            column: 3, message: "lone UTF-16 surrogate in \\u escape"),
        Case(
            name: "trailing comma", input: "[1,2,]", kind: .trailingComma, offset: 4, line: 1, column: 5,
            message: "trailing comma"),
        Case(
            name: "trailing comma in object", input: #"{"a":1,}"#, kind: .trailingComma, offset: 6, line: 1,
            column: 7, message: "trailing comma"),
        Case(
            name: "content after the value", input: "{} x", kind: .trailingContent, offset: 3, line: 1, column: 4,
            message: "unexpected content after the JSON value"),
        Case(
            name: "column counts characters", input: "{\"名前\": 值}", kind: .unexpectedCharacter, offset: 11,
            line: 1, column: 8, message: "unexpected '值', expected a value"),
        Case(
            name: "single quotes", input: "['a']", kind: .unexpectedCharacter, offset: 1, line: 1, column: 2,
            message: "unexpected ''', expected a value"),
        Case(
            name: "value missing", input: #"{"a":}"#, kind: .unexpectedCharacter, offset: 5, line: 1, column: 6,
            message: "unexpected '}', expected a value"),
    ]

    @Test(arguments: cases)
    func errorNamesKindMessageAndPosition(_ testCase: Case) {
        do {
            _ = try JSONDocument(parsing: testCase.input)
            Issue.record("\(testCase.name): parsed, expected an error")
        } catch {
            #expect(error.kind == testCase.kind)
            #expect(error.message == testCase.message)
            #expect(error.offset == testCase.offset)
            #expect(error.line == testCase.line)
            #expect(error.column == testCase.column)
        }
    }

    @Test func descriptionShowsExcerptAndCaret() throws {
        let error = try #require(throws: JSONParseError.self) { try JSONDocument(parsing: "{\"a\": 1,\n \"b\" 2}") }
        #expect(
            error.description == """
                line 2, column 6 (byte 14): unexpected '2', expected ':' after object key
                   "b" 2}
                       ^
                """)
    }

    @Test func excerptOfALongLineIsShortAndMarksControlBytes() throws {
        let input = "[" + String(repeating: "1,", count: 100) + "\u{1B}]"
        let error = try #require(throws: JSONParseError.self) { try JSONDocument(parsing: input) }
        #expect(error.offset == 201)
        #expect(error.excerpt.hasPrefix("…"))
        #expect(error.excerpt.contains("\\u001B"))
        #expect(!error.excerpt.contains("\u{1B}"))
        #expect(error.excerpt.unicodeScalars.count < 50)
    }

    @Test(
        arguments: [
            ([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], JSONParseError.Kind.unsupportedEncoding, 0),
            ([0x5B, 0x00, 0x5D, 0x00], .unsupportedEncoding, 0),
            ([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D], .invalidUTF8, 2),
            ([0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], .invalidUTF8, 2),  // an encoded surrogate
            ([0x5B, 0xE9, 0x5D], .invalidUTF8, 1),
        ] as [([UInt8], JSONParseError.Kind, Int)])
    func encodingErrors(_ bytes: [UInt8], _ kind: JSONParseError.Kind, _ offset: Int) {
        #expect {
            try JSONDocument(parsing: bytes)
        } throws: { error in
            (error as? JSONParseError)?.kind == kind && (error as? JSONParseError)?.offset == offset
        }
    }

    @Test func hundredThousandNestedArraysGiveAnErrorNotACrash() throws {
        let input = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let error = try #require(throws: JSONParseError.self) { try JSONDocument(parsing: input) }
        #expect(error.kind == .tooDeep)
        #expect(error.offset == 1024)
        #expect(error.message == "nesting deeper than 1024 levels")
    }

    @Test func depthLimitIsConfigurable() throws {
        let input = String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: input, options: .init(maximumDepth: 10)) }
        _ = try JSONDocument(parsing: input, options: .init(maximumDepth: 11))
    }

    @Test func sizeLimitRefusesBeforeReading() throws {
        let error = try #require(throws: JSONParseError.self) {
            try JSONDocument(parsing: "[1, 2, 3]", options: .init(maximumSize: 4))
        }
        #expect(error.kind == .tooLarge)
        #expect(error.message == "input too large: 9 bytes, the limit is 4")
        _ = try JSONDocument(parsing: "[1, 2, 3]", options: .init(maximumSize: 9))
    }
}
