import APIHistory
import APITesting
import Foundation
import Testing

/// Real processes writing one real file: killed mid-stream, and two at once.
@Suite("Crashes and concurrent writers", .serialized)
struct HistoryCrashTests {
    /// Kills a writer with SIGKILL after a random number of acknowledged writes, 24 times on the
    /// same file; after each kill the file opens, passes `integrity_check` and holds every id the
    /// writer had printed (it prints an id only after its transaction committed).
    @Test func sigkillNeverLosesAnAcknowledgedWrite() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("history.sqlite")
            var generator = SystemRandomNumberGenerator()
            var allAcknowledged: [Int64] = []
            for round in 0..<24 {
                let writer = try WriterProcess(database: file, count: 0, label: "round\(round)")
                // Round 0 kills before the first write can return, perhaps while the file is created.
                let target = round == 0 ? 0 : Int.random(in: 1...40, using: &generator)
                let reached = writer.waitForAcknowledged(target)
                #expect(reached, "the writer stopped before \(target) writes in round \(round)")
                writer.kill()
                allAcknowledged += writer.acknowledged

                let store = try HistoryStore(location: HistoryLocation(path: file.path))
                #expect(try await store.integrityCheck() == ["ok"], "round \(round)")
                for id in writer.acknowledged {
                    let stored = try await store.exchange(id: id)
                    #expect(stored?.entry.profile == "writer", "id \(id) of round \(round) is missing")
                }
            }
            let store = try HistoryStore(location: HistoryLocation(path: file.path))
            let (rows, _) = try await store.count()
            #expect(rows >= allAcknowledged.count)
            #expect(Set(allAcknowledged).count == allAcknowledged.count)
        }
    }

    /// Two processes write 150 exchanges each into one new file at the same time: both succeed,
    /// no "database is locked" surfaces, and all 300 rows are there.
    @Test func twoWritersLoseNothing() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("history.sqlite")
            let first = try WriterProcess(database: file, count: 150, label: "a")
            let second = try WriterProcess(database: file, count: 150, label: "b")
            let (firstStatus, firstErrors) = first.finish()
            let (secondStatus, secondErrors) = second.finish()
            #expect(firstStatus == 0, "\(firstErrors)")
            #expect(secondStatus == 0, "\(secondErrors)")
            #expect(!firstErrors.contains("locked") && !secondErrors.contains("locked"))
            #expect(first.acknowledged.count == 150)
            #expect(second.acknowledged.count == 150)
            #expect(Set(first.acknowledged + second.acknowledged).count == 300)

            let store = try HistoryStore(location: HistoryLocation(path: file.path))
            #expect(try await store.integrityCheck() == ["ok"])
            #expect(try await store.count().rows == 300)
            let hits = try await store.search("ok a ", limit: 1000)
            #expect(hits.count == 150)
        }
    }
}
