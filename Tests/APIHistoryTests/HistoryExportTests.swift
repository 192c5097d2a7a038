import APIClient
import APIClientTesting
import APIDemoBackend
import APIHistory
import APIMapping
import Testing

@Suite("Export")
struct HistoryExportTests {
    @Test(arguments: HistoryBackendKind.allCases) func jsonLinesHasOneRecordPerExchangeOldestFirst(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let profile = try TestProfiles.codeMessage()
            var ids: [Int64] = []
            for index in 0..<3 {
                ids.append(
                    try await store.record(try SyntheticExchange.make(profile: profile, index: index), profile: profile)
                )
            }
            let text = try await store.exportText(.jsonLines)
            let lines = text.split(separator: "\n")
            #expect(lines.count == 3)
            let records = try lines.map { try JSONDocument(parsing: String($0)).root }
            #expect(records.map { $0["id"]?.numberValue?.int64 } == ids)
            #expect(records[1]["tip"]?.stringValue == "message 1")
            #expect(records[1]["outcome"]?.stringValue == "business-failure")
            #expect(records[0]["responseBody"]?.stringValue?.contains(#""code":0"#) == true)
            #expect(
                try await store.exportText(.jsonLines, query: HistoryQuery(outcomes: [.success])).split(separator: "\n")
                    .count
                    == 1)
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func harIsAnHTTPArchive12(_ backend: HistoryBackendKind) async throws
    {
        try await withTemporaryStore(backend) { store, _ in
            try await withDemoBackend { backend, transport in
                let profile = try TestProfiles.codeMessage()
                let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
                let exchange = try await client.call(profile: profile, endpoint: "orders")
                try await store.record(exchange, profile: profile)
                let har = try JSONDocument(parsing: try await store.exportText(.har)).root
                #expect(har["log"]?["version"]?.stringValue == "1.2")
                let entry = try #require(har["log"]?["entries"]?[0])
                for key in ["startedDateTime", "time", "request", "response", "cache", "timings"] {
                    #expect(entry[key] != nil, "\(key)")
                }
                #expect(entry["request"]?["method"]?.stringValue == "GET")
                #expect(entry["request"]?["url"]?.stringValue == backend.baseURL + "/cmd/orders")
                #expect(entry["response"]?["status"]?.numberValue?.int == 200)
                #expect(entry["response"]?["content"]?["text"]?.stringValue?.contains("invalid token") == true)
                #expect(entry["_outcome"]?.stringValue == "business-failure")
            }
        }
    }
}
