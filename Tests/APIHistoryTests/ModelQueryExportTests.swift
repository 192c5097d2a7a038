import APIClient
import APIClientTesting
import APIHistory
import APIMapping
import Foundation
import Testing

/// Reading the model store back: table summaries, JSONPath queries, JSON Lines and CSV.
@Suite("Model store queries and export")
struct ModelQueryExportTests {
    static let users: JSONValue = [
        ["id": 1001, "name": "Ada", "vip": true, "tags": ["a", "b"]],
        ["id": 1002, "name": "Li, \"Na\"", "vip": false, "city": "杭州\nWest"],
        ["id": 1003, "vip": true, "address": ["city": "London"]],
    ]

    static func filled(_ store: HistoryStore) async throws {
        _ = try await store.upsertModels(
            users, table: "users", identity: [try ProfilePath("id")], profile: "p", endpoint: "users")
        _ = try await store.upsertModels(
            ["id": 1], table: "repositories", identity: [try ProfilePath("id")], profile: "p", endpoint: "repos")
    }

    @Test(arguments: HistoryBackendKind.allCases) func summariesCountRowsPerTable(_ backend: HistoryBackendKind)
        async throws
    {
        try await withTemporaryStore(backend) { store, _ in
            try await Self.filled(store)
            let summaries = try await store.modelTableSummaries()
            #expect(summaries.map(\.table) == ["repositories", "users"])
            #expect(summaries.map(\.rows) == [1, 3])
        }
    }

    struct QueryCase: Sendable, CustomTestStringConvertible {
        let path: String
        let results: [String]
        var testDescription: String { path }
    }

    @Test(
        arguments: HistoryBackendKind.allCases,
        [
            QueryCase(path: "$[?@.vip == true].id", results: ["1001", "1003"]),
            QueryCase(path: "$[*].address.city", results: [#""London""#]),
            QueryCase(path: "$[?search(@.name, 'Na')].city", results: [#""杭州\nWest""#]),
            QueryCase(path: "$[?@.missing]", results: []),
            QueryCase(path: "$.length", results: []),
        ])
    func jsonPathRunsOverTheTableAsAnArray(_ backend: HistoryBackendKind, _ testCase: QueryCase) async throws {
        try await withTemporaryStore(backend) { store, _ in
            try await Self.filled(store)
            let matches = try await store.queryModels(table: "users", try JSONPath(testCase.path))
            #expect(matches.map { $0.node.value.jsonText() } == testCase.results)
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func aRunawayQueryStopsWithItsLimit(_ backend: HistoryBackendKind)
        async throws
    {
        try await withTemporaryStore(backend) { store, _ in
            try await Self.filled(store)
            let error = await #expect(throws: HistoryError.self) {
                try await store.queryModels(table: "users", try JSONPath("$..*"), maximumNodes: 3)
            }
            #expect(error?.description.contains("cannot query the model store") == true)
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func jsonLinesCarryProvenanceAndDocument(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            try await Self.filled(store)
            var bytes: [UInt8] = []
            try await store.exportModels(.jsonLines, table: nil) { bytes += $0 }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            #expect(lines.count == 4)
            let first = try JSONDocument(parsing: String(lines[0])).root.value.objectValue
            #expect(first?["table"] == "repositories")
            #expect(first?["identity"] == [1])
            #expect(first?["document"] == ["id": 1])
            #expect(first?["endpoint"] == "repos")
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func csvUsesTheUnionOfKeysAndQuotesAsRFC4180Says(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            try await Self.filled(store)
            var bytes: [UInt8] = []
            try await store.exportModels(.csv, table: "users") { bytes += $0 }
            #expect(
                String(decoding: bytes, as: UTF8.self)
                    == "id,name,vip,tags,city,address\r\n"
                    + "1001,Ada,true,\"[\"\"a\"\",\"\"b\"\"]\",,\r\n"
                    + "1002,\"Li, \"\"Na\"\"\",false,,\"杭州\nWest\",\r\n"
                    + "1003,,true,,,\"{\"\"city\"\":\"\"London\"\"}\"\r\n")
            let error = await #expect(throws: HistoryError.self) {
                try await store.exportModels(.csv, table: nil) { _ in }
            }
            #expect(error?.description.contains("CSV needs one table") == true)
        }
    }
}
