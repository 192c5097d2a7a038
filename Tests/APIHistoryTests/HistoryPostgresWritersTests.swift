import APIClientTesting
import APIHistory
import Foundation
import Testing

/// Two processes, each with its own connection pool, share one PostgreSQL history: the team case.
/// (The SQLite counterpart is ``HistoryCrashTests/twoWritersLoseNothing()``.)
@Suite("PostgreSQL: concurrent writers")
struct HistoryPostgresWritersTests {
    /// Two writer processes record 150 exchanges each into one new schema at once, migrating it
    /// together: both succeed, every id is distinct, and all 300 rows are there.
    @Test func twoProcessesWriteConcurrentlyWithoutLoss() async throws {
        let url = try temporaryPostgresURL()
        let location = try HistoryLocation(postgresURL: url, environment: ProcessInfo.processInfo.environment)
        try await withTemporaryPostgresHistory(location) {
            let first = try WriterProcess(history: url, count: 150, label: "a")
            let second = try WriterProcess(history: url, count: 150, label: "b")
            let (firstStatus, firstErrors) = first.finish()
            let (secondStatus, secondErrors) = second.finish()
            #expect(firstStatus == 0, "\(firstErrors)")
            #expect(secondStatus == 0, "\(secondErrors)")
            #expect(first.acknowledged.count == 150)
            #expect(second.acknowledged.count == 150)
            #expect(Set(first.acknowledged + second.acknowledged).count == 300)

            let store = try HistoryStore(location: location)
            #expect(try await store.count().rows == 300)
            #expect(try await store.search("ok a ", limit: 1000).count == 150)
            #expect(try await store.search("ok b ", limit: 1000).count == 150)
            let ids = try await store.entries(HistoryQuery(limit: 1000)).map(\.id)
            #expect(Set(ids) == Set(first.acknowledged + second.acknowledged))
            try await store.close()
        }
    }
}
