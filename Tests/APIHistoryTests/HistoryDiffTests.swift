import APIClient
import APIClientTesting
import APIDemoBackend
import APIHistory
import APIMapping
import Testing

/// Comparing stored exchanges: the previous answered exchange of the same endpoint, the model as
/// stored, declared and detected volatile paths; against the demo backend's `/cmd/inventory`.
@Suite("Diffs from history")
struct HistoryDiffTests {
    static let yaml = """
        name: inv
        base_url: "${demo:base_url}"
        envelope: {status: code, success: 0, tip: msg, model: data}
        volatile: [$..request_id]
        endpoints:
          inventory:
            path: /cmd/inventory
            query: {v: "${v}"}
            params: {v: {default: "1"}}
            volatile: [served_at]
            identity: {items: id}
          user: {path: /cmd/users/1001}
        """

    @Test(arguments: HistoryBackendKind.allCases) func anExchangeIsComparedWithItsEndpointsPreviousOne(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(on: backend) { store in
            try await withDemoBackend { backend, transport in
                let profile = try Profile(yaml: Self.yaml, file: "inv.yaml")
                let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
                var ids: [Int64] = []
                for version in ["1", "1", "2"] {
                    let exchange = try await client.call(
                        profile: profile, endpoint: "inventory", parameters: ["v": version])
                    ids.append(try await store.record(exchange, profile: profile))
                    // Another endpoint's exchange in between is never the previous one.
                    _ = try await store.record(
                        try await client.call(profile: profile, endpoint: "user"), profile: profile)
                }
                let settings = profile.diffSettings(endpoint: "inventory")

                let first = try #require(try await store.compareWithPrevious(id: ids[0], settings: settings))
                #expect(first.previousID == nil)
                #expect(first.diff == nil)

                let same = try #require(try await store.compareWithPrevious(id: ids[1], settings: settings))
                #expect(same.previousID == ids[0])
                #expect(same.diff?.isEqual == true)
                #expect(same.diff?.volatileChanges.map(\.profilePath) == ["served_at", "request_id"])

                let changed = try #require(try await store.compareWithPrevious(id: ids[2], settings: settings))
                #expect(changed.previousID == ids[1])
                #expect(changed.diff?.significantChanges.map(\.profilePath) == ["version", "items>0", "items>2>price"])
                #expect(changed.declared.map(\.description) == ["$..request_id", "served_at"])
                // Detection finds served_at and request_id again; the declared paths already cover them.
                #expect(changed.detected.isEmpty)

                let strict = try #require(
                    try await store.compareWithPrevious(id: ids[1], settings: settings, ignoringVolatile: false))
                #expect(strict.diff?.significantChanges.map(\.profilePath) == ["served_at", "request_id"])

                let detected = try await store.detectVolatilePaths(profile: "inv", endpoint: "inventory")
                #expect(detected.map(\.description) == ["served_at", "request_id"])
                #expect(
                    try await store.answeredEntries(profile: "inv", endpoint: "inventory", limit: 10).map(\.id)
                        == ids.reversed())
            }
        }
    }

    /// Detection reads the endpoint's exchanges up to the one compared, not its newest ones: the
    /// version changed on every call up to #3 (2, 3, 4), then stayed at 4.
    @Test func detectionReadsTheExchangesUpToTheOneCompared() async throws {
        try await withTemporaryStore { store, _ in
            try await withDemoBackend { backend, transport in
                let profile = try Profile(yaml: Self.yaml, file: "inv.yaml")
                let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
                var ids: [Int64] = []
                for version in ["2", "3", "4", "4", "4", "4"] {
                    let exchange = try await client.call(
                        profile: profile, endpoint: "inventory", parameters: ["v": version])
                    ids.append(try await store.record(exchange, profile: profile))
                }
                let early = try await store.detectVolatilePaths(profile: "inv", endpoint: "inventory", through: ids[2])
                #expect(early.map(\.description).contains("version"), "\(early)")
                let newest = try await store.detectVolatilePaths(profile: "inv", endpoint: "inventory")
                #expect(!newest.map(\.description).contains("version"), "\(newest)")

                let settings = profile.diffSettings(endpoint: "inventory")
                let comparison = try #require(try await store.compareWithPrevious(id: ids[2], settings: settings))
                #expect(comparison.detected.map(\.description) == ["version", "items>2>price"])
                #expect(comparison.diff?.isEqual == true, "\(String(describing: comparison.diff?.significantChanges))")
            }
        }
    }

    /// The CLI and the comparison with the previous exchange assemble their options alike: the
    /// declared paths, then the detected ones they do not cover, with the identities.
    @Test func theOptionsJoinDeclaredPathsAndTheDetectedOnesTheyDoNotCover() throws {
        let model = try JSONDocument(parsing: #"{"request_id":"r1","served_at":"t","items":[{"id":1}]}"#).root
        let identity = DiffIdentity(array: try DiffPath("items"), key: try ProfilePath("id"))
        let settings = DiffSettings(volatile: [try DiffPath("$..request_id")], identities: [identity])
        let assembled = HistoryDiffOptions(
            settings: settings, found: [try DiffPath("request_id"), try DiffPath("served_at")], newModel: model)
        #expect(assembled.declared.map(\.description) == ["$..request_id"])
        #expect(assembled.detected.map(\.description) == ["served_at"])
        #expect(assembled.options.volatile.map(\.description) == ["$..request_id", "served_at"])
        #expect(assembled.options.identities == [identity])
    }
}
