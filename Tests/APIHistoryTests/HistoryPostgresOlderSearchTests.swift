import APIClient
import APIClientTesting
import APIHistory
import Testing

/// The PostgreSQL search path for exchanges older than the substring window (`phraseto_tsquery`
/// on the `tsvector` index, then `ILIKE`), reached by lowering the window to two ids.
@Suite("Full-text search: PostgreSQL, older exchanges")
struct HistoryPostgresOlderSearchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let expected: [Int]
        var testDescription: String { "\"\(query)\"" }
    }

    static let tips = ["invalid token", "Rate limit exceeded", "token expired", "spare one", "spare two"]

    @Test(arguments: [
        Case(query: "token", expected: [0, 2]),
        Case(query: "TOKEN", expected: [0, 2]),
        Case(query: "invalid token", expected: [0]),
        Case(query: "limit exceeded", expected: [1]),
        Case(query: "exceeded limit", expected: []),
        Case(query: "spare", expected: [3, 4]),
        Case(query: "nothing like this", expected: []),
    ])
    func findsWordsAndPhrasesBeyondTheWindow(_ testCase: Case) async throws {
        var configuration = HistoryConfiguration()
        configuration.postgresSubstringWindow = 2
        try await withTemporaryStore(.postgres, configuration) { store, _ in
            let profile = try TestProfiles.codeMessage()
            var ids: [Int64] = []
            for (index, tip) in Self.tips.enumerated() {
                let exchange = try SyntheticExchange.make(profile: profile, index: index, message: tip)
                ids.append(try await store.record(exchange, profile: profile))
            }
            let found = try await store.search(testCase.query, limit: 10).map(\.id)
            #expect(found == testCase.expected.reversed().map { ids[$0] })
        }
    }
}
