import Testing

@testable import APIMapping

/// The pairs in `Fixtures/diff/` (see its README), each compared with its options: the changes
/// expected, written `MARK PATH [IDENTITY]`, volatile ones after a `volatile:` prefix.
@Suite struct JSONDiffFixtureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var volatile: [String] = []
        var identities: [(array: String, key: String)] = []
        let expected: [String]
        var testDescription: String { name + (identities.isEmpty ? "" : " by identity") }
    }

    static let cases: [Case] = [
        Case(name: "reordered-keys", expected: []),
        Case(name: "number-forms", expected: []),
        Case(name: "big-integers", expected: ["~ id", "~ price"]),
        Case(
            name: "volatile-timestamps",
            expected: ["~ request_id", "~ data>ts", "~ data>items>0>request_id"]),
        Case(
            name: "volatile-timestamps", volatile: ["data>ts", "$..request_id"],
            expected: ["volatile: ~ request_id", "volatile: ~ data>ts", "volatile: ~ data>items>0>request_id"]),
        Case(
            name: "array-identity", identities: [("data>items", "id")],
            expected: [
                "+ data>items>0 [id=5]", "> data>items>1 [id=3]", "~ data>items>3>price [id=2]",
                "- data>items>3 [id=4]",
            ]),
        Case(
            name: "array-identity",
            expected: [
                "~ data>items>0>id", "~ data>items>0>price", "~ data>items>1>id", "~ data>items>1>price",
                "~ data>items>2>id", "~ data>items>2>price", "~ data>items>3>id", "~ data>items>3>price",
            ]),
        Case(
            name: "kinds",
            expected: [
                "~ data>user>age", "- data>user>email", "~ data>user>flags>0", "+ data>user>flags>2",
                "+ data>user>phone",
            ]),
        Case(name: "unicode-forms", expected: ["~ name"]),
    ]

    @Test(arguments: cases)
    func fixturePair(_ testCase: Case) throws {
        let old = try JSONDocument(parsing: Fixtures.bytes("diff/\(testCase.name).old.json"))
        let new = try JSONDocument(parsing: Fixtures.bytes("diff/\(testCase.name).new.json"))
        let options = JSONDiff.Options(
            volatile: try testCase.volatile.map { try DiffPath($0) },
            identities: try testCase.identities.map {
                DiffIdentity(array: try DiffPath($0.array), key: try ProfilePath($0.key))
            })
        let diff = JSONDiff(old: old.root, new: new.root, options: options)
        #expect(diff.changes.map(Self.line) == testCase.expected)
        #expect(diff.isEqual == !testCase.expected.contains { !$0.hasPrefix("volatile: ") })
        #expect(diff.notes.isEmpty)
    }

    static func line(_ change: JSONChange) -> String {
        (change.isVolatile ? "volatile: " : "") + change.kind.mark + " " + change.profilePath
            + (change.identity.map { " [\($0)]" } ?? "")
    }
}
