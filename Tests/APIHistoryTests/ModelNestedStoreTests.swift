import APIClient
import APIClientTesting
import APIHistory
import APIMapping
import Testing

/// `nested:` tables: each nested object in a table of its own, its parent keeping a reference.
@Suite("Model store nested tables")
struct ModelNestedStoreTests {
    static func spec(_ nested: [(String, StoreSpec)]) throws -> StoreSpec {
        StoreSpec(
            table: "repositories", identity: [try ProfilePath("id")],
            nested: try nested.map { NestedStore(path: try ProfilePath($0.0), store: $0.1) })
    }

    static func users() throws -> StoreSpec { StoreSpec(table: "users", identity: [try ProfilePath("id")]) }

    @Test(arguments: HistoryBackendKind.allCases) func ownersGoToUsersAndRepositoriesKeepAReference(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let repos = try JSONDocument(
                parsing: """
                    [{"id":1,"name":"hello","owner":{"login":"octocat","id":583231}},
                     {"id":2,"name":"spoon","owner":{"login":"octocat","id":583231.0}}]
                    """
            ).root.value
            let report = try await store.upsertModels(
                repos, store: try Self.spec([("owner", try Self.users())]), profile: "p", endpoint: "e")
            #expect(
                report.description
                    == "repositories: 2 inserted, 0 updated, 0 unchanged, 0 rejected; "
                    + "users: 1 inserted, 1 updated, 0 unchanged, 0 rejected")
            #expect(report.nested.map(\.table) == ["users"])
            // Both repositories refer to one user, whose document is the latest spelling.
            let other = try #require(try await store.model(table: "repositories", identity: [2]))
            #expect(other.document["owner"] == ["$ref": ["table": "users", "identity": [583231]]])
            #expect(try await store.models(table: "users").count == 1)
            let repo = try #require(try await store.model(table: "repositories", identity: [1]))
            #expect(
                JSONValue.object(repo.document).jsonText()
                    == #"{"id":1,"name":"hello","owner":{"$ref":{"table":"users","identity":[583231]}}}"#)
            let owner = try #require(try await store.model(table: "users", identity: [583231]))
            #expect(JSONValue.object(owner.document).jsonText() == #"{"login":"octocat","id":583231.0}"#)
            #expect(try await store.modelTables() == ["repositories", "users"])
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let path: String
        let repo: String
        let stored: String
        let report: String
        var testDescription: String { name }
    }

    @Test(
        arguments: HistoryBackendKind.allCases,
        [
            Case(
                name: "an array means each element", path: "contributors",
                repo: #"{"id":1,"contributors":[{"id":7},null,{"id":8},{"login":"ghost"},"x"]}"#,
                stored: #"{"id":1,"contributors":[{"$ref":{"table":"users","identity":[7]}},null,"#
                    + #"{"$ref":{"table":"users","identity":[8]}},{"login":"ghost"},"x"]}"#,
                report: "repositories: 1 inserted, 0 updated, 0 unchanged, 0 rejected; users: 2 inserted, 0 updated, "
                    + "0 unchanged, 2 rejected ($.contributors[3]: identity 'id' is missing; "
                    + "$.contributors[4]: string is not an object)"),
            Case(
                name: "a missing nested value stores nothing", path: "owner", repo: #"{"id":1,"name":"x"}"#,
                stored: #"{"id":1,"name":"x"}"#,
                report: "repositories: 1 inserted, 0 updated, 0 unchanged, 0 rejected"),
            Case(
                name: "a null nested value stores nothing and clears", path: "owner", repo: #"{"id":1,"owner":null}"#,
                stored: #"{"id":1}"#, report: "repositories: 1 inserted, 0 updated, 0 unchanged, 0 rejected"),
            Case(
                name: "a deeper path", path: "meta>owner", repo: #"{"id":1,"meta":{"owner":{"id":"a\u0301"}}}"#,
                stored: #"{"id":1,"meta":{"owner":{"$ref":{"table":"users","identity":["á"]}}}}"#,
                report: "repositories: 1 inserted, 0 updated, 0 unchanged, 0 rejected; "
                    + "users: 1 inserted, 0 updated, 0 unchanged, 0 rejected"),
            Case(
                name: "a rejected nested object stays inline", path: "owner", repo: #"{"id":1,"owner":{"login":"x"}}"#,
                stored: #"{"id":1,"owner":{"login":"x"}}"#,
                report: "repositories: 1 inserted, 0 updated, 0 unchanged, 0 rejected; "
                    + "users: 0 inserted, 0 updated, 0 unchanged, 1 rejected ($.owner: identity 'id' is missing)"),
        ])
    func nestedValues(_ backend: HistoryBackendKind, _ testCase: Case) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let report = try await store.upsertModels(
                try JSONDocument(parsing: testCase.repo).root.value,
                store: try Self.spec([(testCase.path, try Self.users())]), profile: "p", endpoint: "e")
            #expect(report.description == testCase.report)
            let repo = try #require(try await store.model(table: "repositories", identity: [1]))
            #expect(JSONValue.object(repo.document).jsonText() == testCase.stored)
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func nestedTablesNestAndARejectedParentStoresNothing(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let companies = StoreSpec(table: "companies", identity: [try ProfilePath("name")])
            let users = StoreSpec(
                table: "users", identity: [try ProfilePath("id")],
                nested: [NestedStore(path: try ProfilePath("company"), store: companies)])
            let repos = try JSONDocument(
                parsing: #"[{"id":1,"owner":{"id":5,"company":{"name":"GitHub"}}},{"owner":{"id":6}}]"#
            ).root.value
            let report = try await store.upsertModels(
                repos, store: try Self.spec([("owner", users)]), profile: "p", endpoint: "e")
            #expect(
                report.description
                    == "repositories: 1 inserted, 0 updated, 0 unchanged, 1 rejected ($[1]: identity 'id' is missing); "
                    + "companies: 1 inserted, 0 updated, 0 unchanged, 0 rejected; "
                    + "users: 1 inserted, 0 updated, 0 unchanged, 0 rejected")
            let user = try #require(try await store.model(table: "users", identity: [5]))
            #expect(user.document["company"] == ["$ref": ["table": "companies", "identity": ["GitHub"]]])
            #expect(try await store.model(table: "users", identity: [6]) == nil)
        }
    }
}
