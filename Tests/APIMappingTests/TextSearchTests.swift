import Foundation
import Testing

@testable import APIMapping

/// `/` text search: literal with smartcase, `re:` I-Regexp, over a JSON tree's rows and over raw bytes.
@Suite("Text search")
struct TextSearchTests {
    static let document = #"""
        {"name": "Ada Lovelace", "city": "杭州市", "tags": ["Admin", "ada"],
         "escaped": "caf\u00e9 \"q\" back\\slash", "count": 1.50, "ok": true, "none": null,
         "Ada": {"x": 1}, "nested": {"deep": {"needle": "haystack"}}, "\u0041dmin": 2}
        """#

    /// The matching rows of `query` over ``document``, as profile paths.
    static func rows(_ query: String, in text: String = document) throws -> [String] {
        let document = try JSONDocument(parsing: text)
        let rows = try #require(try TextSearch(query).matchingRows(in: document.root))
        return rows.map { JSONNode(storage: document.root.storage, index: $0).documentLocation.profilePath }
    }

    @Test(arguments: [
        // Literal, smartcase: lower case ignores the case of ASCII letters, one capital makes it exact.
        ("ada", ["name", "tags>1", "Ada"]),
        ("Ada", ["name", "Ada"]),
        ("ADMIN", []),
        ("admin", ["tags>0", "Admin"]),
        ("Admin", ["tags>0", "Admin"]),
        // Keys and values: a key match is its value's row; containers match by their key only.
        ("needle", ["nested>deep>needle"]),
        ("hay", ["nested>deep>needle"]),
        ("deep", ["nested>deep"]),
        ("ok", ["ok"]),
        // CJK, as UTF-8 bytes.
        ("杭州", ["city"]),
        ("州市", ["city"]),
        // Strings are searched decoded: escapes as what they stand for, never their source text.
        ("café", ["escaped"]),
        (#""q""#, ["escaped"]),
        (#"back\slash"#, ["escaped"]),
        (#"\u00e9"#, []),
        (#"back\\slash"#, []),
        // Numbers as their source text; literals as written.
        ("1.50", ["count"]),
        ("1.5e0", []),
        ("true", ["ok"]),
        ("null", ["none"]),
        // Nothing across the JSON punctuation between values.
        (#"e": "A"#, []),
        (#"", ""#, []),
        // Regex: case-sensitive, anchored per key or value.
        (#"re:^[0-9]+(\.[0-9]+)?$"#, ["count", "Ada>x", "Admin"]),
        ("re:^a", ["tags>1"]),
        ("re:州", ["city"]),
        ("re:é", ["escaped"]),
        ("re:^(needle|none)$", ["none", "nested>deep>needle"]),
    ])
    func rowsOfATree(query: String, expected: [String]) throws {
        #expect(try Self.rows(query) == expected)
    }

    @Test(
        arguments: [
            ("", 1, "empty search"),
            ("re:", 4, "empty regex"),
            ("re:a{2,1}", 8, "quantifier maximum is less than its minimum"),
            ("re:(ab", 7, nil),
            ("re:[b-a]", 6, "range out of order"),
            ("re:杭(", 6, nil),
        ] as [(String, Int, String?)])
    func badQueriesSayWhere(query: String, column: Int, message: String?) {
        #expect {
            try TextSearch(query)
        } throws: { error in
            guard let error = error as? TextSearch.PatternError else { return false }
            return error.column == column && (message.map { error.message == $0 } ?? true)
                && error.description.hasSuffix("at column \(column)")
        }
    }

    @Test func smartcaseAndRegexFlags() throws {
        #expect(try !TextSearch("abc").isCaseSensitive)
        #expect(try TextSearch("aBc").isCaseSensitive)
        #expect(try TextSearch("Éclair").isCaseSensitive)
        #expect(try TextSearch("re:abc").isRegex)
        #expect(try !TextSearch("rex").isRegex)
        #expect(try TextSearch("hangzhou").contains("Hangzhou"))
        #expect(try !TextSearch("é").contains("É"))
    }

    struct RawCase: CustomTestStringConvertible, Sendable {
        var query: String
        var bytes: [UInt8]
        var expected: [TextMatch]
        var testDescription: String { "\(query) in \(String(decoding: bytes, as: UTF8.self).debugDescription)" }
    }

    static let rawCases: [RawCase] = [
        RawCase(
            query: "ok", bytes: Array("a\nok ok\nOK\n".utf8),
            expected: [
                TextMatch(range: 2..<4, line: 2), TextMatch(range: 5..<7, line: 2), TextMatch(range: 8..<10, line: 3),
            ]),
        RawCase(query: "OK", bytes: Array("a\nok ok\nOK".utf8), expected: [TextMatch(range: 8..<10, line: 3)]),
        RawCase(
            query: "杭州", bytes: Array("{\n  \"city\": \"杭州市\"\n}\n".utf8),
            expected: [TextMatch(range: 13..<19, line: 2)]),
        RawCase(
            query: "aa", bytes: Array("aaaaa".utf8),
            expected: [TextMatch(range: 0..<2, line: 1), TextMatch(range: 2..<4, line: 1)]),
        RawCase(query: "end", bytes: Array("\n\nthe end".utf8), expected: [TextMatch(range: 6..<9, line: 3)]),
        RawCase(query: "longer than input", bytes: Array("short".utf8), expected: []),
        RawCase(query: "x", bytes: [], expected: []),
        RawCase(
            query: #"re:^  "c"#, bytes: Array("{\n  \"city\": 1,\r\n  \"code\": 2\n}".utf8),
            expected: [TextMatch(range: 2..<14, line: 2), TextMatch(range: 16..<27, line: 3)]),
        RawCase(query: "re:a$", bytes: [0xFF, 0x61, 0x0A, 0x62], expected: [TextMatch(range: 0..<2, line: 1)]),
        RawCase(query: "re:^$", bytes: Array("a\n\nb".utf8), expected: [TextMatch(range: 2..<2, line: 2)]),
    ]

    @Test(arguments: rawCases)
    func rawBytes(_ example: RawCase) throws {
        #expect(try TextSearch(example.query).matches(in: example.bytes) == example.expected)
    }

    /// Hits on both sides of every chunk boundary, where the scan stops to check for cancellation.
    @Test func rawBytesAcrossChunks() throws {
        var search = try TextSearch("needle")
        search.chunk = 64
        var bytes = [UInt8](repeating: UInt8(ascii: "."), count: 3 * 64 + 100)
        var expected: [Int] = []
        for boundary in [64, 128, 192] {
            for start in [boundary - 9, boundary - 3, boundary + 3, boundary + 12] {
                bytes.replaceSubrange(start..<start + 6, with: Array("NeeDle".utf8))
                expected.append(start)
            }
        }
        bytes[64 + 50] = 0x0A
        let found = try #require(search.matches(in: bytes))
        #expect(found.map(\.range.lowerBound) == expected)
        #expect(found.map(\.line) == expected.map { $0 > 64 + 50 ? 2 : 1 })
    }

    /// A large tree against a walk of every row through the public API.
    @Test(arguments: ["item-1234", "tem-99", "item-29", "NEEDLE", "needle", "x", "re:^item-12[0-9]$", "ü"])
    func largeTreeAgreesWithAWalk(query: String) throws {
        var text = "["
        for i in 0..<3_000 {
            if i > 0 { text += "," }
            switch i % 7 {
            case 0: text += #"{"id": \#(i), "label": "item-\#(i)", "note": "needle\u00fc \#(i)"}"#
            case 3: text += #""NEEDLE-\#(i)""#
            default: text += #"{"k\#(i % 3)": "item-\#(i)x"}"#
            }
        }
        text += "]"
        let document = try JSONDocument(parsing: text)
        var search = try TextSearch(query)
        search.chunk = 1_000  // dozens of chunk boundaries
        #expect(document.bytes.count > 50 * search.chunk)
        var expected: [Int] = []
        func walk(_ node: JSONNode, key: String?) {
            let scalar = TextSearch.searchedText(of: node)
            if (key.map(search.contains) ?? false) || (scalar.map(search.contains) ?? false) {
                expected.append(node.index)
            }
            for element in node.elements { walk(element, key: nil) }
            for member in node.members { walk(member.value, key: member.key) }
        }
        walk(document.root, key: nil)
        #expect(try #require(search.matchingRows(in: document.root)) == expected)
    }

    /// A subtree's search stays inside it.
    @Test func subtreeOnly() throws {
        let document = try JSONDocument(parsing: #"{"a": {"x": "find"}, "b": {"y": "find"}, "c": "find"}"#)
        let b = try #require(document.root["b"])
        let rows = try #require(try TextSearch("find").matchingRows(in: b))
        #expect(rows == [try #require(b["y"]).index])
        let scalar = try #require(document.root["c"])
        #expect(try TextSearch("fin").matchingRows(in: scalar) == [scalar.index])
    }

    @Test func cancelledSearchReturnsNil() async throws {
        let document = try JSONDocument(parsing: #"{"a": "b"}"#)
        let search = try TextSearch("b")
        let outcome = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return (search.matchingRows(in: document.root), search.matches(in: document.bytes))
        }.value
        #expect(outcome.0 == nil)
        #expect(outcome.1 == nil)
    }

    @Test func ordinalsOfDescendants() throws {
        let document = try JSONDocument(parsing: #"{"a": 1, "b": [true, "x"]}"#)
        let root = document.root
        #expect(root.ordinals(to: 0) == [])
        #expect(root.ordinals(to: 2) == [0])
        #expect(root.ordinals(to: 6) == [1, 1])
        #expect(root.ordinals(to: 1) == nil)  // a key
        #expect(root.ordinals(to: 7) == nil)  // outside
        let b = try #require(root["b"])
        #expect(b.ordinals(to: 6) == [1])
        #expect(b.ordinals(to: 2) == nil)
    }
}
