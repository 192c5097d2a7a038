import APIClient
import APIClientTesting
import APIMapping
import Foundation
import Testing

@testable import APIHistory

/// One identity per value: numbers by value (exactly, whatever their size), strings in Unicode
/// NFC, bools as bools; and the v5 migration that merges the rows older versions kept apart.
@Suite("Model store identities")
struct ModelIdentityTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let first: String
        let second: String
        let same: Bool
        /// The identity as stored, when both are one.
        var stored: String? = nil
        var testDescription: String { "\(first) \(same ? "=" : "≠") \(second)" }
    }

    @Test(
        arguments: HistoryBackendKind.allCases,
        [
            Case(first: "1", second: "1.0", same: true, stored: "[1]"),
            Case(first: "1", second: "1e0", same: true, stored: "[1]"),
            Case(first: "1", second: "1E+0", same: true, stored: "[1]"),
            Case(first: "1", second: "10e-1", same: true, stored: "[1]"),
            Case(first: "-0", second: "0", same: true, stored: "[0]"),
            Case(first: "0.5", second: "5e-1", same: true, stored: "[0.5]"),
            Case(
                first: "12345678901234567890", second: "12345678901234567890.0", same: true,
                stored: "[12345678901234567890]"),
            Case(first: "1e400", second: "10E399", same: true, stored: "[1e400]"),
            Case(first: #""\u00e9""#, second: #""e\u0301""#, same: true, stored: "[\"\u{e9}\"]"),
            Case(first: #""Å""#, second: #""A\u030a""#, same: true, stored: "[\"\u{c5}\"]"),
            Case(first: "true", second: "true", same: true, stored: "[true]"),
            Case(first: "12345678901234567890", second: "12345678901234567891", same: false),
            Case(first: "1", second: #""1""#, same: false),
            Case(first: "true", second: "1", same: false),
            Case(first: #""é""#, second: #""e""#, same: false),
        ])
    func equalValuesAreOneIdentity(_ backend: HistoryBackendKind, _ testCase: Case) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let identity = [try ProfilePath("id")]
            let first = try JSONDocument(parsing: #"{"id": \#(testCase.first), "n": 1}"#).root.value
            let second = try JSONDocument(parsing: #"{"id": \#(testCase.second), "n": 2}"#).root.value
            _ = try await store.upsertModels(first, table: "t", identity: identity, profile: "p", endpoint: "e")
            let report = try await store.upsertModels(
                second, table: "t", identity: identity, profile: "p", endpoint: "e")
            let rows = try await store.models(table: "t")
            #expect(rows.count == (testCase.same ? 1 : 2))
            #expect((report.inserted, report.updated) == (testCase.same ? (0, 1) : (1, 0)))
            if let stored = testCase.stored { #expect(rows.map { Array($0.identity.utf8) } == [Array(stored.utf8)]) }
            // A lookup canonicalises its input too: the first spelling finds the latest document.
            let firstID = try JSONDocument(parsing: testCase.first).root.value
            let found = try await store.model(table: "t", identity: [firstID])
            #expect(found?.document["n"] == (testCase.same ? 2 : 1))
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func storingOneThenOnePointZeroUpdatesOneRow(
        _ backend: HistoryBackendKind
    ) async throws {
        try await withTemporaryStore(backend) { store, _ in
            let identity = [try ProfilePath("id")]
            let first = try await store.upsertModels(
                try JSONDocument(parsing: #"{"id":1}"#).root.value, table: "users", identity: identity, profile: "p",
                endpoint: "e")
            let second = try await store.upsertModels(
                try JSONDocument(parsing: #"{"id":1.0}"#).root.value, table: "users", identity: identity, profile: "p",
                endpoint: "e")
            #expect(first.description == "users: 1 inserted, 0 updated, 0 unchanged, 0 rejected")
            #expect(second.description == "users: 0 inserted, 1 updated, 0 unchanged, 0 rejected")
            #expect(try await store.models(table: "users").map(\.identity) == ["[1]"])
            #expect(try await store.model(table: "users", identity: [1])?.document["id"]?.numberValue?.text == "1.0")
        }
    }

    /// A v4 file whose rows `[1]`, `[1e0]` and `[1.0]` (written at 100, 150 and 200) are one
    /// identity now: they become one row, the newest merged over the older, with the newest's
    /// provenance. A lone decomposed `é` is renamed; other rows and tables stay.
    @Test(arguments: HistoryBackendKind.allCases)
    func migrationMergesRowsThatShareACanonicalIdentity(_ backend: HistoryBackendKind) async throws {
        try await withTemporaryStore(backend) { old, _ in
            try await old.migrate(upTo: "v4: the environment each exchange was sent in")
            let rows: [(String, String, String, String, Double)] = [
                ("users", "[1]", #"{"id":1,"name":"Ada","city":"London"}"#, "p1", 100),
                ("users", "[1.0]", #"{"id":1.0,"name":"Ada L.","email":"ada@example.com"}"#, "p3", 200),
                ("users", "[1e0]", #"{"id":1e0,"city":"Paris"}"#, "p2", 150),
                ("users", "[2]", #"{"id":2,"name":"Lin"}"#, "p1", 120),
                ("users", "[\"e\u{301}\"]", #"{"id":"e\u0301"}"#, "p1", 130),
                ("repos", "[1.0]", #"{"id":1.0}"#, "p1", 140),
            ]
            try await old.transaction(.write) { connection in
                for (table, identity, document, profile, time) in rows {
                    try await connection.execute(
                        """
                        INSERT INTO model_object (table_name, identity, document, profile, endpoint, updated_at)
                        VALUES (?, ?, ?, ?, 'e', ?)
                        """,
                        [table, identity, document, profile, time])
                }
            }
            // A new store on the same history finds v5 missing and applies it on its first call.
            let store = try HistoryStore(location: old.location)
            let users = try await store.models(table: "users")
            // Compared as bytes: Swift's `==` would call `e` + U+0301 and `é` equal.
            #expect(
                Set(users.map { Array($0.identity.utf8) })
                    == Set(["[1]", "[2]", "[\"\u{e9}\"]"].map { Array($0.utf8) }))
            let merged = try #require(try await store.model(table: "users", identity: [1]))
            #expect(
                JSONValue.object(merged.document).jsonText()
                    == #"{"id":1.0,"name":"Ada L.","city":"Paris","email":"ada@example.com"}"#)
            #expect(merged.profile == "p3")
            #expect(merged.updatedAt == Date(timeIntervalSince1970: 200))
            #expect(try await store.model(table: "users", identity: ["\u{e9}"]) != nil)
            #expect(try await store.models(table: "repos").map(\.identity) == ["[1]"])
            try await store.close()
        }
    }
}
