import APIClient
import APIClientTesting
import APIDemoBackend
import APIHTTP
import APIHistory
import APIMapping
import Testing

@Suite("Model store")
struct ModelStoreTests {
    /// Real answers from the demo backend fill the `users` table, then the fixture's update
    /// variant is merged in (see Fixtures/README.md for the documented result).
    @Test(arguments: HistoryBackendKind.allCases) func demoUsersThenUpdateVariantGiveTheDocumentedMerge(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            try await withDemoBackend { backend, transport in
                let profile = try TestProfiles.codeMessage()
                let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)

                let user = try await client.call(profile: profile, endpoint: "user")
                #expect(user.response.body == (try Fixtures.bytes("demo-cmd-user-1001.json")).dropLast())
                let userID = try await store.record(user, profile: profile)
                let first = try #require(try await store.storeModels(from: user, profile: profile, exchangeID: userID))
                #expect(first.description == "users: 1 inserted, 0 updated, 0 unchanged, 0 rejected")

                let list = try await client.call(profile: profile, endpoint: "users")
                let second = try #require(try await store.storeModels(from: list, profile: profile))
                #expect(second.description == "users: 1 inserted, 0 updated, 1 unchanged, 0 rejected")

                let identity = [try ProfilePath("id")]
                let update = try Fixtures.json("users-update.json")
                let third = try await store.upsertModels(
                    update, table: "users", identity: identity, profile: "fixture", endpoint: "users-update")
                #expect(
                    third.description
                        == "users: 1 inserted, 1 updated, 1 unchanged, 2 rejected ($[2]: identity 'id' is missing; $[3]: string is not an object)"
                )
                let merged = try #require(try await store.model(table: "users", identity: [1001]))
                #expect(JSONValue.object(merged.document) == (try Fixtures.json("users-1001-merged.json")))
                #expect(merged.endpoint == "users-update")
                #expect(try await store.model(table: "users", identity: [1003])?.document["vip"] == false)
                #expect(Set(try await store.models(table: "users").map(\.identity)) == ["[1001]", "[1002]", "[1003]"])
                #expect(try await store.modelTables() == ["users"])

                let again = try await store.upsertModels(
                    update, table: "users", identity: identity, profile: "fixture", endpoint: "users-update")
                #expect((again.inserted, again.updated, again.unchanged, again.rejected.count) == (0, 0, 3, 2))
            }
        }
    }

    struct IdentityCase: Sendable, CustomTestStringConvertible {
        let name: String
        let model: JSONValue
        var identity = ["id"]
        let reason: String
        var testDescription: String { name }
    }

    @Test(
        arguments: HistoryBackendKind.allCases,
        [
            IdentityCase(name: "null identity", model: ["id": nil, "a": 1], reason: "$: identity 'id' is missing"),
            IdentityCase(
                name: "object identity", model: ["id": ["x": 1]], reason: "$: identity 'id' is object, not a scalar"),
            IdentityCase(name: "scalar model", model: 42, reason: "$: number is not an object"),
            IdentityCase(
                name: "no identity declared", model: ["id": 1], identity: [],
                reason: "$: the store declares no identity paths"),
        ])
    func rejectionsSayWhy(_ backend: HistoryBackendKind, _ testCase: IdentityCase) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let report = try await store.upsertModels(
                testCase.model, table: "t", identity: try testCase.identity.map { try ProfilePath($0) }, profile: "p",
                endpoint: "e")
            #expect(report.rejected.map(\.description) == [testCase.reason])
            #expect(try await store.models(table: "t").isEmpty)
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func compositeIdentity(_ backend: HistoryBackendKind) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let identity = [try ProfilePath("owner>login"), try ProfilePath("name")]
            let report = try await store.upsertModels(
                [
                    ["owner": ["login": "apple"], "name": "swift"],
                    ["owner": ["login": "apple"], "name": "swift", "stars": 1],
                ],
                table: "repos", identity: identity, profile: "p", endpoint: "e")
            #expect((report.inserted, report.updated) == (1, 1))
            let stored = try #require(try await store.model(table: "repos", identity: ["apple", "swift"]))
            #expect(stored.identity == #"["apple","swift"]"#)
            #expect(stored.document["stars"] == 1)
        }
    }
}
