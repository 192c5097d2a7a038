import APIMapping
import Testing

/// A schema inferred from history against a declared one: properties one side lacks, types history saw
/// that the declaration does not allow.
struct JSONSchemaComparisonTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let inferred: String
        let declared: String
        let differences: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "same properties and types",
            inferred: #"{"type": "object", "properties": {"id": {"type": "integer"}}}"#,
            declared: #"{"type": "object", "properties": {"id": {"type": "integer"}}}"#, differences: []),
        Case(
            name: "integer fits number, nullable allows null, no type allows anything",
            inferred:
                #"{"type": "object", "properties": {"p": {"type": "integer"}, "q": {"type": ["null", "string"]}, "r": {"type": "boolean"}}}"#,
            declared:
                #"{"type": "object", "properties": {"p": {"type": "number"}, "q": {"type": "string", "nullable": true}, "r": {}}}"#,
            differences: []),
        Case(
            name: "a number where integers are declared",
            inferred: #"{"type": "object", "properties": {"p": {"type": "number"}}}"#,
            declared: #"{"type": "object", "properties": {"p": {"type": "integer"}}}"#,
            differences: ["p: number in history, integer in the schema"]),
        Case(
            name: "properties on one side only, in arrays too",
            inferred:
                #"{"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"sku": {"type": "string"}, "price": {"type": "number"}}}}}}"#,
            declared:
                #"{"type": "object", "properties": {"items": {"type": "array", "items": {"type": "object", "properties": {"sku": {"type": "string"}, "name": {"type": "string"}}}}}}"#,
            differences: [
                "items[]>price: seen in history, not in the schema", "items[]>name: in the schema, never seen",
            ]),
        Case(
            name: "nothing below a type that differs",
            inferred: #"{"type": "object", "properties": {"user": {"type": "array", "items": {"type": "integer"}}}}"#,
            declared:
                #"{"type": "object", "properties": {"user": {"type": "object", "properties": {"id": {"type": "string"}}}}}"#,
            differences: ["user: array in history, object in the schema"]),
    ]

    @Test(arguments: cases)
    func compare(_ example: Case) throws {
        let differences = JSONSchemaComparison.compare(
            inferred: try JSONDocument(parsing: example.inferred).root.value,
            declared: try JSONDocument(parsing: example.declared).root.value)
        #expect(differences.map(\.description) == example.differences)
    }
}
