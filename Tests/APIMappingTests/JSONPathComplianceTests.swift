import APIMapping
import Testing

/// Runs the RFC 9535 JSONPath Compliance Test Suite (`Fixtures/jsonpath-cts`, see its README).
///
/// Valid cases must select the expected values — and, when the suite gives them, the expected
/// normalized paths — in order; cases with several allowed results (object member order is not
/// fixed by the RFC) may match any one of them. Invalid cases must be rejected with a
/// `PathSyntaxError` whose position lies within the query.
struct JSONPathComplianceTests {
    @Test("RFC 9535 compliance test suite: every case passes")
    func complianceSuite() throws {
        let suite = try JSONPathTestSupport.complianceSuite()
        let cases = try #require(suite.root["tests"])
        var passed = 0
        var rejected = 0
        var failures: [String] = []
        for testCase in cases.elements {
            let name = testCase["name"]?.stringValue ?? "(unnamed)"
            let selector = try #require(testCase["selector"]?.stringValue, "\(name): no selector")
            if let failure = Self.run(testCase, selector: selector) {
                failures.append("\(name): \(failure)")
            } else {
                passed += 1
                if testCase["invalid_selector"]?.boolValue == true { rejected += 1 }
            }
        }
        for failure in failures {
            Issue.record(Comment(rawValue: failure))
        }
        print("JSONPath CTS: \(passed)/\(cases.count) passed (\(rejected) invalid selectors rejected)")
        #expect(cases.count == 703)
        #expect(passed == cases.count)
    }

    /// Runs one case; returns why it failed, or `nil` when it passed.
    static func run(_ testCase: JSONNode, selector: String) -> String? {
        let path: JSONPath
        do {
            path = try JSONPath(selector)
        } catch {
            guard testCase["invalid_selector"]?.boolValue == true else {
                return "valid selector \(selector) was rejected: \(error.message) at offset \(error.offset)"
            }
            let length = selector.unicodeScalars.count
            guard (0...length).contains(error.offset), !error.message.isEmpty else {
                return "rejected with a bad position \(error.offset) or empty message"
            }
            return nil
        }
        if testCase["invalid_selector"]?.boolValue == true {
            return "invalid selector \(selector) was accepted"
        }
        guard let document = testCase["document"] else { return "case has no document" }
        let matches: [JSONMatch]
        do {
            matches = try path.select(in: document)
        } catch {
            return "evaluation stopped: \(error)"
        }
        let values = matches.map(\.node)
        let paths = matches.map(\.location.normalizedPath)
        var expectations: [(values: JSONNode, paths: JSONNode?)] = []
        if let result = testCase["result"] {
            expectations.append((result, testCase["result_paths"]))
        } else if let results = testCase["results"] {
            let allPaths = testCase["results_paths"].map { Array($0.elements) }
            for (index, result) in results.elements.enumerated() {
                expectations.append((result, allPaths.flatMap { index < $0.count ? $0[index] : nil }))
            }
        }
        guard !expectations.isEmpty else { return "case has no expected result" }
        let satisfied = expectations.contains { expected in
            guard JSONPathTestSupport.nodelist(values, equals: expected.values) else { return false }
            guard let expectedPaths = expected.paths else { return true }
            return paths.elementsEqual(expectedPaths.elements.map { $0.stringValue ?? "" })
        }
        guard !satisfied else { return nil }
        let expected = expectations.map { JSONPathTestSupport.text($0.values.elements) }.joined(separator: " or ")
        return "\(selector) selected \(JSONPathTestSupport.text(values)) at \(paths), expected \(expected)"
    }
}
