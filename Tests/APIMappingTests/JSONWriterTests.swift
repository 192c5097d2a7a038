import Testing

@testable import APIMapping

/// The compact and pretty formats, escaping, and streaming.
@Suite struct JSONWriterTests {
    static let sample =
        #"{"id":1,"name":"Octo\u0063at","tags":["a",[],{}],"nested":{"x":null,"y":[true,false]},"e":{}}"#

    @Test func compactFormat() throws {
        let document = try JSONDocument(parsing: Self.sample)
        #expect(
            document.root.jsonText()
                == #"{"id":1,"name":"Octocat","tags":["a",[],{}],"nested":{"x":null,"y":[true,false]},"e":{}}"#)
    }

    @Test func prettyFormatIsStable() throws {
        let document = try JSONDocument(parsing: Self.sample)
        #expect(
            document.root.jsonText(style: .pretty) == """
                {
                  "id": 1,
                  "name": "Octocat",
                  "tags": [
                    "a",
                    [],
                    {}
                  ],
                  "nested": {
                    "x": null,
                    "y": [
                      true,
                      false
                    ]
                  },
                  "e": {}
                }
                """)
    }

    @Test func subtreesWriteOnTheirOwn() throws {
        let document = try JSONDocument(parsing: Self.sample)
        #expect(document.root["nested"]?.jsonText() == #"{"x":null,"y":[true,false]}"#)
        #expect(document.root["tags"]?[0]?.jsonText() == #""a""#)
    }

    @Test(arguments: [
        ("\"\\u001b[31mred\\u001B[0m\"", #""\u001B[31mred\u001B[0m""#),
        (#""a\/b""#, #""a/b""#),
        (#""\u0000\u0007\b\f\n\r\t""#, #""\u0000\u0007\b\f\n\r\t""#),
        (#""del\u007f c1\u009b ok\u00a0""#, "\"del\\u007F c1\\u009B ok\u{00A0}\""),
        ("\"del\u{7F}\"", #""del\u007F""#),
        ("\"c1\u{9B}\"", #""c1\u009B""#),
        (#""quote\" back\\""#, #""quote\" back\\""#),
    ])
    func controlCharactersAreEscaped(_ input: String, _ output: String) throws {
        #expect(try JSONDocument(parsing: input).root.jsonText() == output)
    }

    @Test func keysAreEscapedToo() throws {
        let value: JSONValue = ["a\"b\n": 1]
        #expect(value.jsonText() == #"{"a\"b\n":1}"#)
        #expect(JSONDocument(value).root.jsonText(style: .pretty) == "{\n  \"a\\\"b\\n\": 1\n}")
    }

    @Test func writingStreamsInBoundedChunks() throws {
        let input = "[" + (0..<10_000).map { #"{"id":\#($0),"login":"user\#($0)"}"# }.joined(separator: ",") + "]"
        let document = try JSONDocument(parsing: input)
        var chunks: [[UInt8]] = []
        document.root.writeJSON(style: .pretty, chunkSize: 4096) { chunks.append($0) }
        #expect(chunks.count > 50)
        #expect(chunks.dropLast().allSatisfy { $0.count >= 4096 && $0.count < 4096 + 200 })
        let joined = chunks.flatMap { $0 }
        #expect(String(decoding: joined, as: UTF8.self) == document.root.jsonText(style: .pretty))
        #expect(try JSONDocument(parsing: joined).root.value == document.root.value)
    }

    @Test func deepDocumentsWriteWithoutRecursion() throws {
        let depth = 1000
        let input = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = try JSONDocument(parsing: input)
        #expect(document.root.jsonText() == input)
    }

    /// `appendCompact` writes scalars and containers of scalars in a pass of their own; it must write
    /// what the general walk writes, byte for byte, and hand deeper values to the walk.
    @Test(arguments: [
        #"{"n":0}"#, #"{"n":-1.5e3,"s":"caf\u00e9 \"q\"","t":true,"f":false,"z":null}"#, #"[1,"two",null]"#,
        #"{}"#, #"[]"#, #"{"a":{},"b":[]}"#, #"[[],{}]"#, #"{"a":{"b":1}}"#, #"[1,[2]]"#, #"{"a":[],"b":[1]}"#,
        #""alone""#, #"12.5"#, #"null"#, #"{"del\u007f":"\u001b[0m","k\n":"\u202e"}"#,
    ])
    func compactAppendMatchesTheWalk(_ text: String) throws {
        let document = try JSONDocument(parsing: text)
        var appended: [UInt8] = [0x2A]
        JSONWriter.appendCompact(document.root, to: &appended)
        #expect(appended == [0x2A] + JSONWriter.bytes(of: document.root, style: .compact))
    }

    /// Printable ASCII is copied as it is; anything else goes scalar by scalar. Both give the same bytes.
    @Test(arguments: [
        "", "plain id-42", "quote\"", "back\\slash", "tab\t", "nl\n", "\u{7F}", "\u{1B}[31m", "café", "中文",
        "\u{202E}rtl", "\u{9B}c1", "~ !#$%&'()*+,-./:;<=>?@[]^_`{|}", "🙂",
    ])
    func escapingCopiesPrintableASCIIAsTheScalarPathWrites(_ text: String) {
        var fast: [UInt8] = []
        JSONWriter.appendEscaped(text, to: &fast)
        var scalars: [UInt8] = []
        JSONWriter.appendEscapedScalars(text, to: &scalars)
        #expect(fast == scalars)
    }
}
