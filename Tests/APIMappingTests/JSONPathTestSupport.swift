import APIMapping

/// Helpers shared by the JSONPath tests.
enum JSONPathTestSupport {
    /// The parsed RFC 9535 compliance suite (`Fixtures/jsonpath-cts/cts.json`).
    static func complianceSuite() throws -> JSONDocument {
        try JSONDocument(parsing: Fixtures.bytes("jsonpath-cts/cts.json"))
    }

    /// Structural equality of two JSON values: numbers by value (`1 == 1.0`), strings by Unicode
    /// scalars, arrays in order, objects as maps from names to values (member order ignored).
    static func structurallyEqual(_ lhs: JSONNode, _ rhs: JSONNode) -> Bool {
        guard lhs.kind == rhs.kind else { return false }
        switch lhs.kind {
        case .null:
            return true
        case .bool:
            return lhs.boolValue == rhs.boolValue
        case .number:
            guard let a = lhs.numberValue, let b = rhs.numberValue else { return false }
            return a.numericallyCompare(b) == .equal
        case .string:
            guard let a = lhs.stringValue, let b = rhs.stringValue else { return false }
            return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case .array:
            return lhs.count == rhs.count && zip(lhs.elements, rhs.elements).allSatisfy { structurallyEqual($0, $1) }
        case .object:
            guard lhs.count == rhs.count else { return false }
            return lhs.members.allSatisfy { member in
                guard let other = rhs[member.key] else { return false }
                return structurallyEqual(member.value, other)
            }
        }
    }

    /// Whether a nodelist holds exactly `expected`'s elements, in order.
    static func nodelist(_ actual: [JSONNode], equals expected: JSONNode) -> Bool {
        actual.count == expected.count && zip(actual, expected.elements).allSatisfy { structurallyEqual($0, $1) }
    }

    /// The values of a nodelist as compact JSON text, for failure messages.
    static func text(_ nodes: some Sequence<JSONNode>) -> String {
        "[" + nodes.map { $0.value.jsonText() }.joined(separator: ",") + "]"
    }
}
