import APIClient
import APIClientTesting
import APIDemoBackend
import APIHTTP
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

    /// An exchange of `inventory` with `v` and a model of our own, without a network.
    static func exchange(_ profile: Profile, v: String, model: String) throws -> APIExchange {
        let request = try profile.resolveRequest(
            endpoint: "inventory", parameters: ["v": v], environment: [:], demoBaseURL: "http://127.0.0.1:9")
        let bytes = Array(#"{"code":0,"msg":"ok","data":\#(model)}"#.utf8)
        let response = HTTPResponseRecord(
            status: 200, reason: "OK", headers: [("Content-Type", "application/json")], body: bytes,
            httpVersion: "HTTP/1.1",
            timing: .init(headersReceived: .microseconds(200), bodyComplete: .microseconds(400)))
        let body = ResponseBody(bytes: bytes, contentType: "application/json", xmlArrays: [])
        return APIExchange(
            profileName: profile.name, endpointID: "inventory", request: request, response: response, body: body,
            evaluation: request.envelope.evaluate(httpStatus: 200, body: body.document?.root))
    }

    /// Detection reads the exchanges of the same request up to the one compared, not its newest
    /// ones: `count` changed on every call up to #3 (1, 2, 3), then stayed at 3.
    @Test func detectionReadsTheExchangesUpToTheOneCompared() async throws {
        try await withTemporaryStore { store, _ in
            let profile = try Profile(yaml: Self.yaml, file: "inv.yaml")
            var ids: [Int64] = []
            for count in [1, 2, 3, 3, 3, 3] {
                let exchange = try Self.exchange(profile, v: "4", model: #"{"count":\#(count),"name":"pen"}"#)
                ids.append(try await store.record(exchange, profile: profile))
            }
            let request = try #require(try await store.exchange(id: ids[2])?.requestKey)
            let early = try await store.detectVolatilePaths(
                profile: "inv", endpoint: "inventory", through: ids[2], request: request)
            #expect(early.map(\.description) == ["count"])
            let newest = try await store.detectVolatilePaths(profile: "inv", endpoint: "inventory", request: request)
            #expect(newest.isEmpty, "\(newest)")

            let settings = profile.diffSettings(endpoint: "inventory")
            let comparison = try #require(try await store.compareWithPrevious(id: ids[2], settings: settings))
            #expect(comparison.detected.map(\.description) == ["count"])
            #expect(comparison.differentRequests == nil)
            #expect(comparison.diff?.isEqual == true, "\(String(describing: comparison.diff?.significantChanges))")
        }
    }

    /// Alternating parameters (`v=1`, `v=2`, `v=1`…) make every value of the answer differ between
    /// consecutive exchanges; none of it is volatile. The comparison says the requests differ and
    /// shows every change; detection among exchanges of one request finds nothing.
    @Test(arguments: HistoryBackendKind.allCases) func alternatingParametersShowEveryChange(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(on: backend) { store in
            let profile = try Profile(yaml: Self.yaml, file: "inv.yaml")
            var ids: [Int64] = []
            for round in 0..<6 {
                let v = round.isMultiple(of: 2) ? "1" : "2"
                let model = v == "1" ? #"{"id":1001,"name":"张伟","city":"杭州"}"# : #"{"id":1002,"name":"李娜","city":"成都"}"#
                ids.append(try await store.record(try Self.exchange(profile, v: v, model: model), profile: profile))
            }
            let all = try await store.detectVolatilePaths(profile: "inv", endpoint: "inventory")
            // Without the request, every value seems to change every time: what the old diff ignored.
            #expect(Set(all.map(\.description)) == ["id", "name", "city"])
            let settings = profile.diffSettings(endpoint: "inventory")
            let comparison = try #require(try await store.compareWithPrevious(id: ids[5], settings: settings))
            #expect(comparison.previousID == ids[4])
            #expect(comparison.detected.isEmpty)
            #expect(comparison.differentRequests != nil)
            #expect(comparison.differentRequestsNote?.contains("sent different requests") == true)
            #expect(
                Set(comparison.diff?.significantChanges.map(\.profilePath) ?? []) == ["id", "name", "city"])
            #expect(comparison.diff?.isEqual == false)
            let same = try #require(try await store.exchange(id: ids[5])?.requestKey)
            #expect(try await store.detectVolatilePaths(profile: "inv", endpoint: "inventory", request: same).isEmpty)
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
