import APIMapping
import Testing

/// Object members as JSON Schema validators and the diff read them: the last of duplicate keys counts,
/// and keys and strings are told apart by their UTF-8 bytes (an NFC and an NFD spelling are two keys).
struct JSONShapeMemberTests {
    static let nfc = "\u{E9}"
    static let nfd = "e\u{301}"

    static func shape(_ texts: [String]) throws -> JSONShape {
        JSONShape(inferringFrom: try texts.map { try JSONDocument(parsing: $0).root })
    }

    @Test func theLastOfDuplicateKeysCounts() throws {
        let shape = try Self.shape([#"{"p": "x", "p": 1}"#, #"{"p": "y", "p": 2}"#])
        #expect(shape.jsonSchema().objectValue?["properties"]?.objectValue?["p"] == ["type": "integer"])
        #expect(shape.drift(of: try JSONDocument(parsing: #"{"p": 3}"#).root).isEmpty)
        let drift = shape.drift(of: try JSONDocument(parsing: #"{"p": 3, "p": "z"}"#).root, at: "data")
        #expect(drift.changes.map(\.description) == ["data>p: int → string"])
    }

    @Test func keysDifferingOnlyInNormalisationAreTwoKeys() throws {
        let shape = try Self.shape([#"{"\#(Self.nfc)": 1}"#, #"{"\#(Self.nfc)": 2}"#])
        let drift = shape.drift(of: try JSONDocument(parsing: #"{"\#(Self.nfd)": 3}"#).root, at: "data")
        #expect(
            drift.changes.map { Array($0.description.utf8) } == [
                Array("data>\(Self.nfd): new".utf8), Array("data>\(Self.nfc): missing (was always present)".utf8),
            ])
        let both = try Self.shape([#"{"\#(Self.nfc)": 1}"#, #"{"\#(Self.nfd)": 2}"#])
        let properties = both.jsonSchema().objectValue?["properties"]?.objectValue
        #expect(properties?.members.map { Array($0.key.utf8) } == [Array(Self.nfc.utf8), Array(Self.nfd.utf8)])
        #expect(both.jsonSchema().objectValue?["required"] == nil)
    }

    @Test func enumValuesDifferingOnlyInNormalisationAreTwoValues() throws {
        let earlier = Array(repeating: #"{"v": "\#(Self.nfc)"}"#, count: 3) + Array(repeating: #"{"v": "a"}"#, count: 2)
        let shape = try Self.shape(earlier)
        let drift = shape.drift(of: try JSONDocument(parsing: #"{"v": "\#(Self.nfd)"}"#).root, at: "data")
        #expect(drift.notes.count == 1, "\(drift.notes)")
    }
}
