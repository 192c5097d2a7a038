import APIClient
import APIClientTesting
import APIMapping
import Foundation
import Testing

@testable import APIHistory

/// The roles `docs/history-postgres.md` describes: an owner migrates, a viewer with `SELECT` only
/// reads everything and records nothing.
@Suite("PostgreSQL: a read-only viewer")
struct HistoryPostgresRolesTests {
    @Test func aViewerReadsButCannotRecord() async throws {
        try await withTemporaryStore(.postgres) { owner, _ in
            let profile = try TestProfiles.codeMessage()
            let exchange = try SyntheticExchange.make(profile: profile, index: 1, message: "请求成功")
            let id = try await owner.record(exchange, profile: profile)
            let schema = try #require(owner.location.postgres?.schema)
            let viewer = "viewer_" + UUID().uuidString.lowercased().replacing("-", with: "")
            try await owner.transaction(.write) { connection in
                try await connection.execute("CREATE ROLE \(viewer) LOGIN")
                try await connection.execute("GRANT USAGE ON SCHEMA \(schema) TO \(viewer)")
                try await connection.execute("GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO \(viewer)")
            }
            let result: Result<Void, any Error>
            do {
                var components = try #require(URLComponents(string: try temporaryPostgresURL()))
                components.user = viewer
                components.queryItems = [URLQueryItem(name: "schema", value: schema)]
                let store = try HistoryStore(
                    location: HistoryLocation(postgresURL: try #require(components.string), environment: [:]))
                #expect(try await store.entries().map(\.id) == [id])
                #expect(try await store.search("请求", limit: 10).map(\.id) == [id])
                #expect(try await store.exchange(id: id)?.entry.tip == "请求成功")
                #expect(try await store.exportText(.jsonLines).split(separator: "\n").count == 1)
                let refused = await #expect(throws: HistoryError.self) {
                    try await store.record(exchange, profile: profile)
                }
                #expect(refused?.description.contains("permission denied") == true, "\(String(describing: refused))")
                try await store.close()
                result = .success(())
            } catch {
                result = .failure(error)
            }
            try await owner.transaction(.write) { connection in
                try await connection.execute("REVOKE ALL ON ALL TABLES IN SCHEMA \(schema) FROM \(viewer)")
                try await connection.execute("REVOKE ALL ON SCHEMA \(schema) FROM \(viewer)")
                try await connection.execute("DROP ROLE \(viewer)")
            }
            try result.get()
        }
    }

    /// A role that may not read the version table is told so, not that it may not create a schema.
    @Test func aRoleWithoutSelectIsToldWhichTableItCannotRead() async throws {
        try await withTemporaryStore(.postgres) { owner, _ in
            _ = try await owner.entries()
            let schema = try #require(owner.location.postgres?.schema)
            let stranger = "stranger_" + UUID().uuidString.lowercased().replacing("-", with: "")
            try await owner.transaction(.write) { connection in
                try await connection.execute("CREATE ROLE \(stranger) LOGIN")
                try await connection.execute("GRANT USAGE ON SCHEMA \(schema) TO \(stranger)")
            }
            let result: Result<Void, any Error>
            do {
                var components = try #require(URLComponents(string: try temporaryPostgresURL()))
                components.user = stranger
                components.queryItems = [URLQueryItem(name: "schema", value: schema)]
                let store = try HistoryStore(
                    location: HistoryLocation(postgresURL: try #require(components.string), environment: [:]))
                let refused = await #expect(throws: HistoryError.self) { try await store.entries() }
                #expect(
                    refused?.description.contains("permission denied for table apiexplore_migrations") == true,
                    "\(String(describing: refused))")
                try await store.close()
                result = .success(())
            } catch {
                result = .failure(error)
            }
            try await owner.transaction(.write) { connection in
                try await connection.execute("REVOKE ALL ON SCHEMA \(schema) FROM \(stranger)")
                try await connection.execute("DROP ROLE \(stranger)")
            }
            try result.get()
        }
    }

    /// The writer's grants from the deployment guide suffice to record, upsert models and prune.
    @Test func aWriterWithTheDocumentedGrantsRecordsStoresAndPrunes() async throws {
        try await withTemporaryStore(.postgres) { owner, _ in
            let profile = try TestProfiles.codeMessage()
            _ = try await owner.record(try SyntheticExchange.make(profile: profile, index: 0), profile: profile)
            let schema = try #require(owner.location.postgres?.schema)
            let writer = "writer_" + UUID().uuidString.lowercased().replacing("-", with: "")
            try await owner.transaction(.write) { connection in
                try await connection.execute("CREATE ROLE \(writer) LOGIN")
                try await connection.execute("GRANT USAGE ON SCHEMA \(schema) TO \(writer)")
                try await connection.execute(
                    "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA \(schema) TO \(writer)")
                try await connection.execute("GRANT USAGE ON ALL SEQUENCES IN SCHEMA \(schema) TO \(writer)")
            }
            let result: Result<Void, any Error>
            do {
                var components = try #require(URLComponents(string: try temporaryPostgresURL()))
                components.user = writer
                components.queryItems = [URLQueryItem(name: "schema", value: schema)]
                var configuration = HistoryConfiguration()
                configuration.retention = RetentionPolicy(maximumRows: 2)
                let store = try HistoryStore(
                    location: HistoryLocation(postgresURL: try #require(components.string), environment: [:]),
                    configuration: configuration)
                for index in 1...3 {
                    _ = try await store.record(
                        try SyntheticExchange.make(profile: profile, index: index), profile: profile)
                }
                let report = try await store.upsertModels(
                    ["id": 7, "name": "Ada"], table: "users", identity: [try ProfilePath("id")], profile: "p",
                    endpoint: "e")
                #expect(report.inserted == 1)
                #expect(try await store.applyRetention() == 2)
                #expect(try await store.count().rows == 2)
                try await store.close()
                result = .success(())
            } catch {
                result = .failure(error)
            }
            try await owner.transaction(.write) { connection in
                try await connection.execute("REVOKE ALL ON ALL TABLES IN SCHEMA \(schema) FROM \(writer)")
                try await connection.execute("REVOKE ALL ON ALL SEQUENCES IN SCHEMA \(schema) FROM \(writer)")
                try await connection.execute("REVOKE ALL ON SCHEMA \(schema) FROM \(writer)")
                try await connection.execute("DROP ROLE \(writer)")
            }
            try result.get()
        }
    }
}
