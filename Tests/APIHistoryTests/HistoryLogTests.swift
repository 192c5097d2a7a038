import APIClient
import APIClientTesting
import APITesting
import Foundation
import GRDB
import Testing

@testable import APIHistory

/// The write-ahead log kept between processes: closing leaves it, whatever its size (the next open reads it
/// back), and opening empties it once it has passed `logLimit`, without waiting for another process that is
/// reading.
@Suite("The history's write-ahead log", .timeLimit(.minutes(5)))
struct HistoryLogTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let logLimit: Int
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "under the limit", logLimit: 512 * 1024),
        Case(name: "past the limit", logLimit: 1),
    ])
    func closeKeepsTheLog(_ testCase: Case) async throws {
        try await withTemporaryDirectory { directory in
            let location = HistoryLocation(path: directory.appendingPathComponent("history.sqlite").path)
            let profile = try TestProfiles.codeMessage()
            let store = try HistoryStore(
                location: location, configuration: HistoryConfiguration(logLimit: testCase.logLimit))
            let id = try await store.record(try SyntheticExchange.make(profile: profile, index: 1), profile: profile)
            try await store.close()

            let logSize = try Self.logSize(location)
            #expect(logSize > 0, "log of \(logSize) bytes")
            // The row is in the log only, and the next process reads it.
            let reopened = try HistoryStore(location: location)
            #expect(try await reopened.entries().map(\.id) == [id])
            #expect(try await reopened.integrityCheck() == ["ok"])
            try await reopened.close()
        }
    }

    @Test func openingEmptiesALogPastTheLimit() async throws {
        try await withTemporaryDirectory { directory in
            let location = HistoryLocation(path: directory.appendingPathComponent("history.sqlite").path)
            let profile = try TestProfiles.codeMessage()
            let writer = try HistoryStore(location: location)
            for index in 1...3 {
                _ = try await writer.record(
                    try SyntheticExchange.make(profile: profile, index: index), profile: profile)
            }
            try await writer.close()
            #expect(try Self.logSize(location) > 0)

            let reader = try HistoryStore(location: location, configuration: HistoryConfiguration(logLimit: 1))
            #expect(try Self.logSize(location) == 0)
            #expect(try await reader.entries().count == 3)
            try await reader.close()
        }
    }

    /// Another connection in a read transaction keeps the log from being emptied; opening neither fails nor
    /// waits for it (with a ten-minute busy timeout, waiting would run into the suite's time limit), and the
    /// next open past the limit empties it.
    @Test func aReaderElsewhereLeavesTheLogForLater() async throws {
        try await withTemporaryDirectory { directory in
            let location = HistoryLocation(path: directory.appendingPathComponent("history.sqlite").path)
            let profile = try TestProfiles.codeMessage()
            let writer = try HistoryStore(location: location)
            _ = try await writer.record(try SyntheticExchange.make(profile: profile, index: 1), profile: profile)
            try await writer.close()

            // A plain SQLite connection, as another process would hold it: a read transaction left open.
            var unsafe = Configuration()
            unsafe.allowsUnsafeTransactions = true
            let reader = try DatabaseQueue(path: location.url.path, configuration: unsafe)
            let count = try reader.inDatabase { db in
                try db.execute(sql: "BEGIN DEFERRED")
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM exchange")
            }
            #expect(count == 1)

            let patient = HistoryConfiguration(busyTimeout: .seconds(600), logLimit: 1)
            let opened = try HistoryStore(location: location, configuration: patient)
            #expect(try Self.logSize(location) > 0)
            #expect(try await opened.entries().count == 1)
            try await opened.close()

            try reader.inDatabase { db in try db.execute(sql: "COMMIT") }
            try reader.close()
            let next = try HistoryStore(location: location, configuration: HistoryConfiguration(logLimit: 1))
            #expect(try Self.logSize(location) == 0)
            #expect(try await next.entries().count == 1)
            try await next.close()
        }
    }

    @Test(arguments: HistoryBackendKind.allCases) func aClosedStoreRefusesWork(_ backend: HistoryBackendKind)
        async throws
    {
        try await withTemporaryStore(backend) { store, _ in
            let profile = try TestProfiles.codeMessage()
            let exchange = try SyntheticExchange.make(profile: profile, index: 1)
            try await store.close()
            await #expect(throws: HistoryError.self) { try await store.record(exchange, profile: profile) }
            await #expect(throws: HistoryError.self) { try await store.entries() }
            await #expect(throws: HistoryError.self) { try await store.search("x") }
            await #expect(throws: HistoryError.self) { try await store.integrityCheck() }
            await #expect(throws: HistoryError.self) { try await store.checkpoint() }
            await #expect(throws: HistoryError.self) { try await store.exportText(.jsonLines) }
            // Closing again is not an error.
            try await store.close()
        }
    }

    static func logSize(_ location: HistoryLocation) throws -> Int {
        let path = location.url.path + "-wal"
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        return try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
    }
}
