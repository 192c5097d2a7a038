import APIMapping
import Testing

/// JSONPath evaluation is bounded: amplifying queries stop at the node limit with a clear error,
/// and a cancelled task stops the evaluation.
@Suite("JSONPath evaluation limits")
struct JSONPathLimitsTests {
    static func array(_ count: Int) throws -> JSONDocument {
        try JSONDocument(parsing: "[" + (0..<count).map(String.init).joined(separator: ",") + "]")
    }

    @Test func aUnionOfThousandsOfWildcardsOverALargeArrayStopsAtTheLimit() throws {
        // 2,000 wildcards over 10,000 elements would be 20,000,000 nodes; the default limit stops it.
        let document = try Self.array(10_000)
        let query = try JSONPath("$[" + Array(repeating: "*", count: 2_000).joined(separator: ",") + "]")
        let error = try #require(throws: JSONPathEvaluationError.self) { try query.select(in: document.root) }
        #expect(error.isTooManyNodes)
        #expect(error.description.contains("stopped after producing 5000000 nodes, its limit"))
    }

    @Test func nestedDescendantsStopAtAGivenLimit() throws {
        let document = try JSONDocument(parsing: #"{"a":[[1,[2,[3,[4]]]],{"b":{"c":[5,6,7]}}]}"#)
        let query = try JSONPath("$..*..*..*")
        let error = try #require(throws: JSONPathEvaluationError.self) {
            try query.select(in: document.root, maximumNodes: 20)
        }
        #expect(error.isTooManyNodes)
        #expect(try !query.select(in: document.root).isEmpty)
    }

    @Test func aQueryUnderTheLimitSelectsAsBefore() throws {
        let document = try Self.array(1_000)
        let matches = try JSONPath("$[*,*]").select(in: document.root, maximumNodes: 2_000)
        #expect(matches.count == 2_000)
        #expect(throws: JSONPathEvaluationError.self) {
            try JSONPath("$[*,*]").select(in: document.root, maximumNodes: 1_999)
        }
    }

    @Test func filterQueriesCountTowardsTheLimit() throws {
        // Each element's filter runs a descendant query over that element: 1,500 x 100 nodes.
        let element = "[" + (0..<100).map(String.init).joined(separator: ",") + "]"
        let document = try JSONDocument(
            parsing: "[" + Array(repeating: element, count: 1_500).joined(separator: ",") + "]")
        let query = try JSONPath("$[?count(@..*) > 0]")
        #expect(try query.select(in: document.root).count == 1_500)
        #expect(throws: JSONPathEvaluationError.self) { try query.select(in: document.root, maximumNodes: 100_000) }
    }

    @Test func aCancelledTaskStopsTheEvaluation() async throws {
        let document = try Self.array(100_000)
        let query = try JSONPath("$[" + Array(repeating: "*", count: 40).joined(separator: ",") + "]")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(JSONPathEvaluationError) in try query.select(in: document.root) }
        }
        guard case .failure(let error) = await task.value else {
            Issue.record("a cancelled evaluation finished")
            return
        }
        #expect(error.isCancelled)
    }
}
