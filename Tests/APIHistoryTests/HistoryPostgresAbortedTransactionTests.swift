import APIClientTesting
import Foundation
import Testing

@testable import APIHistory

/// A transaction whose opening statements fail gives its connection back to the pool clean.
@Suite("PostgreSQL: a failed lock wait")
struct HistoryPostgresAbortedTransactionTests {
    /// With `lock_timeout` set on the pool's only connection, an exclusive write times out waiting for
    /// the advisory lock another store holds; the next read on that connection must still work.
    @Test func aLockTimeoutLeavesThePooledConnectionUsable() async throws {
        try await withTemporaryStore(.postgres) { holder, _ in
            let target = try #require(holder.location.postgres)
            let backend = try PostgresBackend(target: target, maximumConnections: 1)
            // The first transaction runs on a connection outside the pool; the next ones on the pool's one.
            try await backend.transaction(.write) { connection in try await connection.execute("SELECT 1") }
            try await backend.transaction(.write) { connection in
                try await connection.execute("SET lock_timeout = '1ms'")
            }
            let (acquired, acquire) = AsyncStream.makeStream(of: Void.self)
            let (released, release) = AsyncStream.makeStream(of: Void.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await holder.transaction(.exclusiveWrite) { _ in
                        acquire.yield()
                        for await _ in released { break }
                    }
                }
                for await _ in acquired { break }
                let outcome: Result<Void, any Error>
                do {
                    let timedOut = await #expect(throws: (any Error).self) {
                        try await backend.transaction(.exclusiveWrite) { _ in }
                    }
                    // 55P03: lock_not_available, what lock_timeout raises.
                    #expect(PostgresBackend.describe(try #require(timedOut)).contains("55P03"))
                    try await backend.transaction(.read) { connection in try await connection.execute("SELECT 1") }
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
                release.yield()
                release.finish()
                try await group.waitForAll()
                try outcome.get()
            }
            try await backend.close()
        }
    }
}
