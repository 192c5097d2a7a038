import Testing

@testable import APIMapping

/// The escaping the XML converter writes its text with, and the verbatim mark the JSON parser would
/// give the result.
@Suite struct JSONTextEscapingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let input: [UInt8]
        let escaped: String
        let isVerbatim: Bool
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(
            name: "plain ASCII", input: Array("plain text, long enough".utf8), escaped: "plain text, long enough",
            isVerbatim: true),
        Case(name: "quote and backslash", input: Array(#"a"b\c"#.utf8), escaped: #"a\"b\\c"#, isVerbatim: false),
        Case(
            name: "tab, line feed, carriage return", input: [0x61, 0x09, 0x0A, 0x0D], escaped: #"a\t\n\r"#,
            isVerbatim: false),
        Case(name: "other controls", input: [0x01, 0x1F], escaped: #"\u0001\u001f"#, isVerbatim: false),
        Case(name: "DEL stays, marked", input: [0x61, 0x7F], escaped: "a\u{7F}", isVerbatim: false),
        Case(name: "C1 control stays, marked", input: Array("a\u{85}".utf8), escaped: "a\u{85}", isVerbatim: false),
        Case(
            name: "bidi control stays, marked", input: Array("\u{202E}x".utf8), escaped: "\u{202E}x", isVerbatim: false),
        Case(
            name: "other non-ASCII verbatim", input: Array("é 接口 \u{A0}".utf8), escaped: "é 接口 \u{A0}", isVerbatim: true
        ),
        Case(name: "cut-short sequence", input: [0x61, 0xE2, 0x80], escaped: "a\u{FFFD}", isVerbatim: true),
    ])
    func escapes(_ testCase: Case) throws {
        var output = [UInt8](repeating: 0, count: 6 * testCase.input.count)
        let result = output.withUnsafeMutableBufferPointer { buffer in
            testCase.input.withUnsafeBufferPointer {
                JSONTextEscaping.escape($0, into: buffer.baseAddress!, capacity: buffer.count)
            }
        }
        let (count, isVerbatim) = try #require(result)
        let text = String(decoding: output[..<count], as: UTF8.self)
        #expect(text == testCase.escaped)
        #expect(isVerbatim == testCase.isVerbatim)
    }

    @Test func sixByteEscapeWithoutRoomAsksForMore() {
        let input: [UInt8] = [0x61, 0x01, 0x62]
        var output = [UInt8](repeating: 0, count: 2 * input.count)
        let result = output.withUnsafeMutableBufferPointer { buffer in
            input.withUnsafeBufferPointer {
                JSONTextEscaping.escape($0, into: buffer.baseAddress!, capacity: buffer.count)
            }
        }
        #expect(result == nil)
    }
}
