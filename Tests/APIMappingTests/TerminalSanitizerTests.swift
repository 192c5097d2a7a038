import APIMapping
import Testing

@Suite("The terminal sanitizer")
struct TerminalSanitizerTests {
    @Test(
        arguments: [
            ("a\u{1B}[31mb", "a\\u001b[31mb"),
            ("clipboard \u{1B}]52;c;aGk=\u{07}", "clipboard \\u001b]52;c;aGk=\\u0007"),
            ("clear \u{1B}[2J", "clear \\u001b[2J"),
            ("bell\u{07}", "bell\\u0007"),
            ("c1\u{9B}31m", "c1\\u009b31m"),
            ("del\u{7F}", "del\\u007f"),
            ("user\u{202E}gnp.exe", "user\\u202egnp.exe"),
            ("isolate\u{2066}x\u{2069}", "isolate\\u2066x\\u2069"),
            ("marks\u{200E}\u{200F}\u{061C}", "marks\\u200e\\u200f\\u061c"),
            ("line\nfeed", "line\\u000afeed"),
            ("plain 杭州 ✓ é", "plain 杭州 ✓ é"),
        ])
    func unsafeScalarsBecomeVisibleEscapes(input: String, expected: String) {
        #expect(TerminalSanitizer.sanitize(input) == expected)
    }

    @Test func multiLineTextKeepsOnlyItsLineFeeds() {
        #expect(TerminalSanitizer.sanitize(lines: "one\r\ntwo\u{1B}[2J\n") == "one\\u000d\ntwo\\u001b[2J\n")
    }

    @Test(arguments: [0x0A, 0x1B, 0x7F, 0x85, 0x9F, 0x61C, 0x200E, 0x200F, 0x202A, 0x202E, 0x2066, 0x2069])
    func theJSONWriterEscapesEveryUnsafeScalar(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let text = JSONValue.string("x" + String(Character(scalar)) + "y").jsonText()
        #expect(!text.unicodeScalars.contains { TerminalSanitizer.isUnsafe($0) })
        let parsed = try JSONDocument(parsing: Array(text.utf8))
        #expect(parsed.root.stringValue == "x" + String(Character(scalar)) + "y")
    }

    @Test(arguments: ["\u{202E}", "\u{200F}", "\u{061C}", "\u{2067}", "\u{85}", "\u{7F}"])
    func rawUnsafeScalarsInParsedJSONAreEscapedWhenWritten(scalar: String) throws {
        // Raw (unescaped) in the source: the writer cannot copy the string verbatim.
        let document = try JSONDocument(parsing: Array("{\"a\":\"x\(scalar)y\"}".utf8))
        let written = document.root.jsonText()
        #expect(!written.unicodeScalars.contains { TerminalSanitizer.isUnsafe($0) })
        #expect(try JSONDocument(parsing: Array(written.utf8)).root["a"]?.stringValue == "x\(scalar)y")
    }
}
