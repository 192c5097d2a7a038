import Testing

@testable import APIMapping

/// A container's children by position, as the model tree lists them.
@Suite("JSON child lists")
struct JSONChildListTests {
    static let documents: [(name: String, json: String)] = [
        ("array of scalars", #"[1, "two", null, true, 5.50]"#),
        ("array of containers", #"[{"a": [1, 2]}, [], {}, [[3]], "end"]"#),
        ("object", #"{"id": 1, "data": {"list": [1, 2, 3]}, "msg": "成功"}"#),
        ("duplicate and escaped keys", #"{"k": 1, "k": 2, "a\"b": 3, "\u6570\u636e": 4, "": 5}"#),
        ("empty array", "[]"),
        ("empty object", "{}"),
    ]

    @Test(arguments: documents)
    func listsTheSameChildrenAsWalkingThem(_ name: String, _ json: String) throws {
        let root = try JSONDocument(parsing: json).root
        let list = root.childList
        #expect(list.count == root.count)
        if root.kind == .object {
            let members = Array(root.members)
            #expect(list.map(\.key) == members.map(\.key))
            #expect(list.map(\.node) == members.map(\.value))
        } else {
            #expect(list.allSatisfy { $0.key == nil })
            #expect(list.map(\.node) == Array(root.elements))
        }
        // Any position, in any order: the last first.
        for position in list.indices.reversed() where root.kind == .array {
            #expect(list[position].node == root[position])
        }
    }

    @Test(arguments: [#""text""#, "42", "null", "false"])
    func aScalarHasNoChildren(_ json: String) throws {
        #expect(try JSONDocument(parsing: json).root.childList.isEmpty)
    }

    @Test func listsALargeArrayInFourBytesAChild() throws {
        let json = "[" + (0..<10_000).map { #"{"id":\#($0)}"# }.joined(separator: ",") + "]"
        let list = try JSONDocument(parsing: json).root.childList
        #expect(list.count == 10_000)
        #expect(list[9_999].node["id"]?.numberValue?.int == 9_999)
        #expect(list.values.capacity * MemoryLayout<UInt32>.stride <= 4 * 10_000 + 64)
    }
}
