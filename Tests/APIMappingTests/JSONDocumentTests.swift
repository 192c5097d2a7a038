import Testing

@testable import APIMapping

/// The document model: order, duplicates, strings, the encoding decisions.
@Suite struct JSONDocumentTests {
    @Test func objectsKeepSourceKeyOrder() throws {
        let document = try JSONDocument(parsing: #"{"zeta": 1, "alpha": 2, "mid": 3, "Alpha": 4}"#)
        #expect(document.root.members.map(\.key) == ["zeta", "alpha", "mid", "Alpha"])
        #expect(document.root.jsonText() == #"{"zeta":1,"alpha":2,"mid":3,"Alpha":4}"#)
    }

    @Test func duplicateKeysAreKeptForDisplayAndLastWinsForLookup() throws {
        let document = try JSONDocument(parsing: #"{"a": 1, "b": 2, "a": 3}"#)
        #expect(document.root.count == 3)
        #expect(document.root.members.map(\.key) == ["a", "b", "a"])
        #expect(document.root["a"]?.numberValue?.int == 3)
        #expect(document.root.jsonText() == #"{"a":1,"b":2,"a":3}"#)
        guard case .object(let object) = document.root.value else {
            Issue.record("not an object")
            return
        }
        #expect(object["a"] == 3)
        #expect(object.count == 3)
    }

    @Test func lookupComparesDecodedKeys() throws {
        let document = try JSONDocument(parsing: #"{"caf\u00e9": 1, "a\/b": 2, "\ud83d\ude00": 3}"#)
        #expect(document.root["café"]?.numberValue?.int == 1)
        #expect(document.root["a/b"]?.numberValue?.int == 2)
        #expect(document.root["😀"]?.numberValue?.int == 3)
        #expect(document.root["missing"] == nil)
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""tab\there""#, "tab\there"),
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{08}\u{0C}\n\r\t"),
        (#""\u00e9\u4e2d""#, "é中"),
        (#""\ud834\udd1e""#, "𝄞"),
        (#""\u0000""#, "\u{0}"),
        ("\"中文 🇨🇳\"", "中文 🇨🇳"),
    ])
    func stringsDecode(_ json: String, _ expected: String) throws {
        #expect(try JSONDocument(parsing: json).root.stringValue == expected)
    }

    @Test func loneSurrogatesCanBeReplaced() throws {
        let document = try JSONDocument(
            parsing: #"["\ud800", "a\udc00b", "\ud800\ud800"]"#,
            options: .init(loneSurrogates: .replace))
        #expect(document.root.elements.map(\.stringValue) == ["\u{FFFD}", "a\u{FFFD}b", "\u{FFFD}\u{FFFD}"])
    }

    @Test func leadingUTF8ByteOrderMarkIsSkipped() throws {
        let document = try JSONDocument(parsing: [0xEF, 0xBB, 0xBF] + Array(#"{"ok": true}"#.utf8))
        #expect(document.root["ok"]?.boolValue == true)
        #expect(throws: JSONParseError.self) { try JSONDocument(parsing: [0xEF, 0xBB, 0xBF]) }
    }

    @Test func scalarsAtTopLevel() throws {
        #expect(try JSONDocument(parsing: " null ").root.isNull)
        #expect(try JSONDocument(parsing: "false").root.boolValue == false)
        #expect(try JSONDocument(parsing: "-0.5e-3").root.numberValue?.text == "-0.5e-3")
    }

    @Test func arrayAccessAndNesting() throws {
        let document = try JSONDocument(parsing: #"[[1, [2]], {"a": [3, 4]}, "x", []]"#)
        let root = document.root
        #expect(root.count == 4)
        #expect(root[1]?["a"]?[1]?.numberValue?.int == 4)
        #expect(root[3]?.count == 0)
        #expect(root[4] == nil)
        #expect(root[-1] == nil)
        #expect(root[0]?[1]?[0]?.numberValue?.int == 2)
        #expect(root.elements.map(\.kind) == [.array, .object, .string, .array])
        #expect(document.nodeCount == 12)
    }

    @Test func valueRoundTripsThroughADocument() throws {
        let value: JSONValue = ["code": 0, "msg": "成功\n", "data": ["ids": [1, 2.5, nil, true], "empty": [:]]]
        let document = JSONDocument(value)
        #expect(document.root.value == value)
        #expect(value.jsonText() == #"{"code":0,"msg":"成功\n","data":{"ids":[1,2.5,null,true],"empty":{}}}"#)
    }
}
