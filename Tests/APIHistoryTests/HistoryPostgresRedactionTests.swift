import APIClient
import APIClientTesting
import APIDemoBackend
import APIHTTP
import Foundation
import Testing

@testable import APIHistory

/// ``HistoryRedactionTests`` on PostgreSQL, where there is no file to read: every row of every table
/// of the history's schema, as text (a `bytea` column shows as hex), holds the token neither as
/// text nor as hex.
@Suite("Redaction before writing: PostgreSQL")
struct HistoryPostgresRedactionTests {
    @Test func theTokenIsInNoRowOfAnyTable() async throws {
        try await withTemporaryStore(on: .postgres) { store in
            try await withDemoBackend { backend, transport in
                let token = HistoryRedactionTests.token
                let profile = try TestProfiles.secrets()
                let client = ProfileClient(
                    transport: transport, environment: ["SECRET_TOKEN": token], demoBaseURL: backend.baseURL)
                let exchange = try await client.call(profile: profile, endpoint: "echo")
                let echoed = String(decoding: exchange.response.body, as: UTF8.self)
                #expect(echoed.components(separatedBy: token).count - 1 >= 3)
                let id = try await store.record(exchange, profile: profile)
                _ = try await store.storeModels(from: exchange, profile: profile, exchangeID: id)

                let hex = Array(token.utf8).map { String($0, radix: 16) }.joined()
                let (leaked, redacted) = try await store.transaction(.read) { connection in
                    let tables = try await connection.fetchAll(
                        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                    ).map { row throws(SQLRowError) in try row.string("table_name") }
                    var leaked: [String: Int] = [:]
                    var redacted = 0
                    for table in tables {
                        let row = try await connection.fetchOne(
                            "SELECT count(*) FILTER (WHERE strpos(t::text, ?) > 0 OR strpos(t::text, ?) > 0) AS leaked, "
                                + "count(*) FILTER (WHERE strpos(t::text, ?) > 0) AS redacted FROM \(table) AS t",
                            [token, hex, "••••"])
                        leaked[table] = try #require(row).int("leaked")
                        redacted += try #require(row).int("redacted")
                    }
                    return (leaked, redacted)
                }
                #expect(leaked.keys.contains("exchange") && leaked.keys.contains("model_object"))
                #expect(leaked.values.allSatisfy { $0 == 0 }, "\(leaked)")
                // The redacted values did reach the database, so the test can fail.
                #expect(redacted > 0)
            }
        }
    }
}
