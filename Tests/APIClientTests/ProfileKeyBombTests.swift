import APIClient
import Testing

/// Keys built from aliases expand exponentially inside Yams while it checks for duplicate keys,
/// before any check on the composed tree can run; such keys are refused from the text first.
@Suite struct ProfileKeyBombTests {
    /// Nine keys a level, each a sequence holding an alias of the level below: 9^levels work.
    static func keyBomb(levels: Int, explicit: Bool) -> String {
        var lines = ["name: bomb", "base_url: http://127.0.0.1:9", "a0: &a0 [x]"]
        for level in 1...levels {
            let keys = (0..<9).map { explicit ? "? [*a\(level - 1), \($0)] : \($0)" : "[*a\(level - 1), \($0)]: \($0)" }
            lines.append("a\(level): &a\(level) {" + keys.joined(separator: ", ") + "}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var yaml: String
        var line: Int
        var column: Int
        var kind: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "explicit keys of aliases, 12 levels", yaml: keyBomb(levels: 12, explicit: true), line: 4, column: 10,
            kind: "an explicit key ('?')"),
        Case(
            name: "collection keys of aliases, 12 levels", yaml: keyBomb(levels: 12, explicit: false), line: 4,
            column: 10, kind: "a collection"),
        Case(
            name: "an alias as a key",
            yaml: "name: t\nbase_url: http://x\nbase: &b k\nheaders:\n  *b : v\n", line: 5, column: 3,
            kind: "an alias"),
    ]

    @Test(arguments: cases)
    func refusedBeforeYAMLIsRead(_ testCase: Case) {
        let error = profileError { _ = try Profile(yaml: testCase.yaml, file: "profiles/t.yaml") }
        #expect(error?.line == testCase.line, "\(String(describing: error))")
        #expect(error?.column == testCase.column, "\(String(describing: error))")
        #expect(error?.message.hasPrefix("\(testCase.kind) as a mapping key") == true, "\(String(describing: error))")
    }

    @Test func aliasesAsValuesAndColonsInQuotesStayValid() throws {
        let profile = try Profile(
            yaml: """
                name: t
                base_url: http://127.0.0.1:9
                headers: &h {Accept: "a: b # c", X-Note: 'it''s *not: an alias'}
                endpoints:
                  a: {path: /a, headers: *h}   # a comment: with *stars
                  b: {path: "/b?x=1", headers: *h}
                """, file: "profiles/t.yaml")
        #expect(profile.endpoints.count == 2)
    }
}

/// A built request's URL and headers stay within their documented limits, whatever fills the templates.
@Suite struct RequestSizeLimitTests {
    static let profile = """
        name: t
        base_url: http://127.0.0.1:9
        headers:
          X-Big: "${env:BIG}"
        endpoints:
          search:
            path: /search
            query: {q: "${q}"}
        """

    @Test func aHugeParameterIsRefusedAtTheEndpoint() throws {
        let profile = try Profile(yaml: Self.profile, file: "profiles/t.yaml")
        let error = profileError {
            _ = try profile.resolveRequest(
                endpoint: "search", parameters: ["q": String(repeating: "x", count: 70_000)], environment: ["BIG": "b"])
        }
        #expect(
            error?.message.contains("the URL of endpoint 'search' is 70028 bytes, over the limit of 65536 bytes")
                == true,
            "\(String(describing: error))")
        #expect(error?.line == 6)
    }

    @Test func aHugeHeaderIsRefused() throws {
        let profile = try Profile(yaml: Self.profile, file: "profiles/t.yaml")
        let error = profileError {
            _ = try profile.resolveRequest(
                endpoint: "search", parameters: ["q": "a"], environment: ["BIG": String(repeating: "b", count: 70_000)])
        }
        #expect(error?.message.contains("header 'X-Big' of endpoint 'search' is over the limit") == true)
        #expect(
            try profile.resolveRequest(endpoint: "search", parameters: ["q": "a"], environment: ["BIG": "b"]).url
                == "http://127.0.0.1:9/search?q=a")
    }
}
