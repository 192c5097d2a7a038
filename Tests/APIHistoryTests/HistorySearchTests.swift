import APIClient
import APIClientTesting
import APIHistory
import Testing

@Suite("Full-text search")
struct HistorySearchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let expected: [Int]
        var testDescription: String { "\"\(query)\"" }
    }

    static let tips = ["invalid token", "请求成功", "用户不存在", "Rate limit exceeded", "100% done"]

    @Test(
        arguments: HistoryBackendKind.allCases,
        [
            Case(query: "token", expected: [0]),
            Case(query: "TOKEN", expected: [0]),
            Case(query: "请求成功", expected: [1]),
            Case(query: "求成", expected: [1]),
            Case(query: "请求", expected: [1]),
            Case(query: "不存在", expected: [2]),
            Case(query: "limit exc", expected: [3]),
            Case(query: "0%", expected: [4]),
            Case(query: "\"quoted", expected: []),
            Case(query: "/cmd/users/3", expected: [3]),
            Case(query: "nothing like this", expected: []),
        ])
    func findsSubstringsInAnyScript(_ backend: HistoryBackendKind, _ testCase: Case) async throws {
        try await withTemporaryStore(backend) { store, _ in
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

    @Test(arguments: HistoryBackendKind.allCases) func searchesModelTextAndListsNewestFirst(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let profile = try TestProfiles.codeMessage()
            var ids: [Int64] = []
            for index in 0..<5 {
                ids.append(
                    try await store.record(try SyntheticExchange.make(profile: profile, index: index), profile: profile)
                )
            }
            // Every model holds the filler: all five, newest first, limited.
            #expect(try await store.search("xxxxxx", limit: 3).map(\.id) == Array(ids.reversed().prefix(3)))
        }
    }

    /// 10,000 rows: a rare text lies beyond the first search window, a common one within it.
    @Test(arguments: HistoryBackendKind.allCases) func searchWidensItsWindowUntilItFindsEnough(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let profile = try TestProfiles.codeMessage()
            let exchange = try SyntheticExchange.make(profile: profile, index: 1)
            try await store.recordCopies(10_000, of: exchange, profile: profile, transactionSize: 2_500) { number in
                ("http://127.0.0.1:9/cmd/users/\(number)", number == 5 ? "needle 针" : "common 常见", "{}")
            }
            let rare = try await store.search("needle 针", limit: 10)
            #expect(rare.map(\.id) == [6])
            #expect(try await store.search("针", limit: 10).map(\.id) == [6])
            let common = try await store.search("common", limit: 3)
            #expect(common.map(\.id) == [10_000, 9_999, 9_998])
            #expect(try await store.search("常见", limit: 10_000).count == 9_999)
            // The merged index answers the same.
            try await store.optimize()
            #expect(try await store.search("needle 针", limit: 10).map(\.id) == [6])
            #expect(try await store.search("common", limit: 3).map(\.id) == [10_000, 9_999, 9_998])
            #expect(try await store.integrityCheck() == ["ok"])
        }
    }
}
