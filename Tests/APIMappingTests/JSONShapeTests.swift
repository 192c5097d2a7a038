import APIMapping
import Testing

/// Shape inference and drift: the types, presence, small string sets and element shapes a sequence of
/// models shows, and the breaks a new model reports against them.
struct JSONShapeTests {
    static func shape(_ texts: [String], limits: JSONShape.Limits = JSONShape.Limits()) throws -> JSONShape {
        var shape = JSONShape(limits: limits)
        for text in texts { shape.add(try JSONDocument(parsing: text).root) }
        return shape
    }

    struct DriftCase: CustomTestStringConvertible, Sendable {
        let name: String
        let earlier: [String]
        let model: String
        let changes: [String]
        var notes: [String] = []
        var testDescription: String { name }
    }

    static let driftCases: [DriftCase] = [
        DriftCase(
            name: "same shape", earlier: [#"{"age": 1, "name": "a"}"#, #"{"age": 2, "name": "b"}"#],
            model: #"{"age": 3, "name": "c"}"#, changes: []),
        DriftCase(
            name: "int becomes string", earlier: [#"{"user": {"age": 1}}"#, #"{"user": {"age": 2}}"#],
            model: #"{"user": {"age": "3"}}"#, changes: ["data>user>age: int → string"]),
        DriftCase(
            name: "integer where numbers were seen is not drift", earlier: [#"{"p": 1.5}"#, #"{"p": 2.25}"#],
            model: #"{"p": 4}"#, changes: []),
        DriftCase(
            name: "a fraction where only integers were seen is", earlier: [#"{"p": 1}"#, #"{"p": 2}"#],
            model: #"{"p": 2.5}"#, changes: ["data>p: int → number"]),
        DriftCase(
            name: "a whole decimal where only integers were seen is not", earlier: [#"{"p": 5}"#, #"{"p": 5}"#],
            model: #"{"p": 5.0}"#, changes: []),
        DriftCase(
            name: "null never seen", earlier: [#"{"p": 1}"#, #"{"p": null}"#, #"{"q": true}"#],
            model: #"{"q": null}"#, changes: ["data>q: bool → null"]),
        DriftCase(
            name: "types listed in order", earlier: [#"{"p": 1}"#, #"{"p": null}"#],
            model: #"{"p": "x"}"#, changes: ["data>p: null|int → string"]),
        DriftCase(
            name: "new key in array elements, once",
            earlier: [#"{"items": [{"sku": "a"}]}"#, #"{"items": [{"sku": "b"}, {"sku": "c"}]}"#],
            model: #"{"items": [{"sku": "a", "price": 1}, {"sku": "b", "price": 2}]}"#,
            changes: ["data>items[]>price: new"]),
        DriftCase(
            name: "missing key that was always present",
            earlier: [#"{"user": {"email": "a", "id": 1}}"#, #"{"user": {"email": "b", "id": 2}}"#],
            model: #"{"user": {"id": 3}}"#, changes: ["data>user>email: missing (was always present)"]),
        DriftCase(
            name: "optional key may be absent",
            earlier: [#"{"user": {"email": "a", "id": 1}}"#, #"{"user": {"id": 2}}"#],
            model: #"{"user": {"id": 3}}"#, changes: []),
        DriftCase(
            name: "presence counted where the parent exists",
            earlier: [#"{"user": {"email": "a"}}"#, #"{"user": null}"#, #"{"user": {"email": "b"}}"#],
            model: #"{"user": {}}"#, changes: ["data>user>email: missing (was always present)"]),
        DriftCase(
            name: "nothing below a changed type",
            earlier: [#"{"user": {"email": "a"}}"#], model: #"{"user": [1]}"#, changes: ["data>user: object → array"]),
        DriftCase(
            name: "elements of arrays only seen empty are not checked",
            earlier: [#"{"tags": []}"#], model: #"{"tags": [1, "a"]}"#, changes: []),
        DriftCase(
            name: "new enum value is a note",
            earlier: Array(repeating: #"{"role": "admin"}"#, count: 3)
                + Array(repeating: #"{"role": "member"}"#, count: 2),
            model: #"{"role": "owner"}"#, changes: [],
            notes: [#"data>role: new value "owner" (seen: admin, member)"#]),
        DriftCase(
            name: "too few strings for an enum",
            earlier: Array(repeating: #"{"role": "admin"}"#, count: 4), model: #"{"role": "owner"}"#, changes: []),
        DriftCase(
            name: "distinct strings are not an enum",
            earlier: (1...6).map { #"{"name": "user \#($0)"}"# }, model: #"{"name": "someone"}"#, changes: []),
        DriftCase(
            name: "keys with > are escaped", earlier: [#"{"a>b": 1}"#], model: #"{"a>b": "x"}"#,
            changes: [#"data>a\>b: int → string"#]),
    ]

    @Test(arguments: driftCases)
    func drift(_ example: DriftCase) throws {
        let shape = try Self.shape(example.earlier)
        let drift = shape.drift(of: try JSONDocument(parsing: example.model).root, at: "data")
        #expect(drift.changes.map(\.description) == example.changes)
        #expect(drift.notes.map(\.description) == example.notes)
        #expect(drift.isEmpty == example.changes.isEmpty)
    }

    /// Draft 2020-12 counts a number with a zero fractional part as an integer, as the diff calls `1` and
    /// `1.0` equal.
    @Test(arguments: [
        ("5", JSONShape.Kind.integer), ("-7", .integer), ("5.0", .integer), ("5e0", .integer), ("1.50e1", .integer),
        ("100e-2", .integer), ("0.0", .integer), ("-0e-5", .integer), ("1.5", .number), ("2e-3", .number),
        ("1e999999999999", .integer), ("1e-999999999999", .number),
    ])
    func integersByValue(_ text: String, _ kind: JSONShape.Kind) throws {
        #expect(JSONShape.Kind(of: try JSONDocument(parsing: text).root) == kind)
    }

    @Test func rootArrayPathsAndEmptyBase() throws {
        let shape = try Self.shape([#"[{"id": 1}]"#])
        let drift = shape.drift(of: try JSONDocument(parsing: #"[{"id": "1"}]"#).root)
        #expect(drift.changes.map(\.description) == ["[]>id: int → string"])
        let root = shape.drift(of: try JSONDocument(parsing: #"{"id": 1}"#).root)
        #expect(root.changes.map(\.description) == ["(root): array → object"])
    }

    @Test func anEmptyShapeReportsNothing() throws {
        let drift = JSONShape().drift(of: try JSONDocument(parsing: #"{"a": 1}"#).root)
        #expect(drift.isEmpty && drift.notes.isEmpty)
    }

    @Test func jsonSchemaOfTypesPresenceItemsAndEnums() throws {
        let roles = ["admin", "member", "admin", "member", "admin"]
        let shape = try Self.shape(
            roles.enumerated().map { index, role in
                let age = index == 2 ? "null" : "\(30 + index)"
                let email = index == 1 ? "" : #", "email": "u\#(index)@x""#
                return
                    #"{"id": \#(index), "age": \#(age), "role": "\#(role)", "score": 1.5\#(email), "items": [{"sku": "a"}]}"#
            } + [#"{"id": 9, "age": 1, "role": null, "score": 2, "items": []}"#])
        let expected = """
            {
              "$schema": "https://json-schema.org/draft/2020-12/schema",
              "title": "user",
              "type": "object",
              "properties": {
                "id": {
                  "type": "integer"
                },
                "age": {
                  "type": [
                    "null",
                    "integer"
                  ]
                },
                "role": {
                  "type": [
                    "null",
                    "string"
                  ],
                  "enum": [
                    "admin",
                    "member",
                    null
                  ]
                },
                "score": {
                  "type": "number"
                },
                "email": {
                  "type": "string"
                },
                "items": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {
                      "sku": {
                        "type": "string",
                        "enum": [
                          "a"
                        ]
                      }
                    },
                    "required": [
                      "sku"
                    ]
                  }
                }
              },
              "required": [
                "id",
                "age",
                "role",
                "score",
                "items"
              ]
            }
            """
        #expect(JSONDocument(shape.jsonSchema(title: "user")).root.jsonText(style: .pretty) == expected)
    }

    @Test func enumOnlyWhenEveryValueIsAString() throws {
        let shape = try Self.shape(["\"a\"", "\"a\"", "\"b\"", "\"a\"", "\"b\"", "1"])
        #expect(shape.jsonSchema().objectValue?["enum"] == nil)
        #expect(shape.jsonSchema().objectValue?["type"] == ["integer", "string"])
    }

    /// Hostile input: the shape stops growing at its node cap, stops descending at its depth cap, forgets
    /// string sets that grow past the enum cap, and reports at most `maxChanges` changes.
    @Test func hostileInputIsBounded() throws {
        let wide = "{" + (0..<50).map { #""k\#($0)": \#($0)"# }.joined(separator: ",") + "}"
        let capped = try Self.shape([wide], limits: JSONShape.Limits(maxNodes: 10))
        #expect(capped.isCapped)
        #expect(capped.jsonSchema().objectValue?["properties"]?.objectValue?.count == 9)
        // Keys past the cap are not reported as new: the shape never looked at them.
        let other = "{" + (0..<50).map { #""k\#($0)": \#($0)"# }.joined(separator: ",") + #", "z": 1}"#
        #expect(capped.drift(of: try JSONDocument(parsing: other).root).isEmpty)

        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let shallow = try Self.shape([deep], limits: JSONShape.Limits(maxDepth: 4))
        #expect(shallow.isCapped)
        #expect(shallow.drift(of: try JSONDocument(parsing: deep).root).isEmpty)

        let many = (0..<20).map { "\"v\($0 % 10)\"" }
        #expect(try Self.shape(many).jsonSchema().objectValue?["enum"] == nil)
        let long = Array(repeating: "\"" + String(repeating: "x", count: 65) + "\"", count: 6)
        #expect(try Self.shape(long).jsonSchema().objectValue?["enum"] == nil)

        let few = try Self.shape([#"{"a": 1}"#], limits: JSONShape.Limits(maxChanges: 3))
        let newKeys = "{" + (0..<10).map { #""n\#($0)": 1"# }.joined(separator: ",") + "}"
        let drift = few.drift(of: try JSONDocument(parsing: newKeys).root)
        #expect(drift.changes.count == 3)
        #expect(drift.isCut)
    }

    @Test func changesAsJSON() {
        let change = JSONShapeChange(path: "data>age", kind: .type(was: [.integer, .null], now: .string))
        #expect(
            change.jsonValue.jsonText()
                == #"{"path":"data>age","change":"type","was":["int","null"],"now":"string","text":"data>age: int|null → string"}"#
        )
    }
}
