import APIClient
import APIClientTesting
import APIMapping
import APITesting
import Foundation
import Testing

@testable import APIHistory

/// A history that does not answer never loses an exchange silently: recording gives up within its
/// deadline, keeps the exchange in a private recovery file, and a later store imports it.
@Suite("History recovery")
struct HistoryRecoveryTests {
    /// A store's settings: recovery files in `folder`, and by default a deadline that a loaded machine's
    /// first write (the schema and its syncs) stays well within; only the store meant to give up gets 300 ms.
    static func configuration(_ folder: URL, timeout: Duration = .seconds(60)) -> HistoryConfiguration {
        HistoryConfiguration(recordTimeout: timeout, recoveryDirectory: folder.appendingPathComponent("recovery"))
    }

    /// Another process holds the write lock: the exchange is kept (0600) and imported once it lets go.
    @Test func anExchangeTheBusyFileRefusedIsKeptAndImportedLater() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("history.sqlite")
            let profile = try TestProfiles.codeMessage()
            let seed = try HistoryStore(
                location: HistoryLocation(path: file.path), configuration: Self.configuration(folder))
            let recordedID = try await seed.record(
                try SyntheticExchange.make(profile: profile, index: 1), profile: profile)
            try await seed.close()
            let first = try HistoryStore(
                location: HistoryLocation(path: file.path),
                configuration: Self.configuration(folder, timeout: .milliseconds(300)))
            _ = try await first.entries()

            let holder = try SQLiteLockHolder(database: file)
            let refused = await #expect(throws: HistoryError.self) {
                try await first.record(try SyntheticExchange.make(profile: profile, index: 2), profile: profile)
            }
            holder.release()
            #expect(refused?.isUnavailable == true, "\(String(describing: refused))")
            let kept = try #require(refused?.recoveryFile)
            #expect(refused?.description.contains("another process's write lock") == true)
            var status = stat()
            #expect(stat(kept, &status) == 0 && status.st_mode & 0o777 == 0o600)
            // While the pause lasts, the next exchange is kept at once, in the same file.
            let paused = await #expect(throws: HistoryError.self) {
                try await first.record(try SyntheticExchange.make(profile: profile, index: 3), profile: profile)
            }
            #expect(paused?.recoveryFile == kept)
            try await first.close()

            // The next process imports both, with their recording times, and removes the file.
            let next = try HistoryStore(
                location: HistoryLocation(path: file.path), configuration: Self.configuration(folder))
            let report = try await next.importRecovered()
            #expect(report.imported == 2)
            #expect(report.problems.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: kept))
            let entries = try await next.entries()
            #expect(entries.count == 3)
            #expect(entries.last?.id == recordedID)
            #expect(Set(entries.map(\.tip)) == ["message 1", "message 2", "message 3"])
            // Nothing is imported twice.
            #expect(try await next.importRecovered().isEmpty)
            try await next.close()
        }
    }

    /// A row whose write finished after all (its time, profile and endpoint are in the history) is not
    /// imported again.
    @Test func aRowAlreadyInTheHistoryIsNotImportedTwice() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("history.sqlite")
            let profile = try TestProfiles.codeMessage()
            let store = try HistoryStore(
                location: HistoryLocation(path: file.path), configuration: Self.configuration(folder))
            _ = try await store.entries()
            let row = ExchangeRow(
                exchange: try SyntheticExchange.make(profile: profile, index: 4), profile: profile,
                configuration: store.configuration, now: Date())
            // The same row kept by a process that has ended (pid 1 is never this test's).
            let journal = RecoveryJournal(directory: folder.appendingPathComponent("recovery"), history: file.path)
            let path = try journal.keep(row.arguments)
            let ended = journal.folder.appendingPathComponent("999999999-x.jsonl").path
            #expect(rename(path, ended) == 0)
            _ = try await store.transaction(.write) { connection in try await row.insert(connection) }
            let report = try await store.importRecovered()
            #expect(report.imported == 0)
            #expect(report.alreadyThere == 1)
            #expect(try await store.entries().count == 1)
            try await store.close()
        }
    }

    /// Every kind of value reads back exactly: integers, doubles to the last bit, text, bytes, nulls.
    @Test func recoveryRowsReadBackExactly() throws {
        let values: [SQLValue] = [
            .real(1_795_000_000.123_456_7), .integer(-9_223_372_036_854_775_808), .text("请求 \u{1B}[31m \"x\""),
            .blob([0, 255, 10, 13]), .null, .real(0.1 + 0.2),
        ]
        for value in values {
            let text = value.recoveryJSON.jsonText()
            let node = try JSONDocument(parsing: text).root
            #expect(SQLValue(recoveryJSON: node) == value, "\(text)")
        }
    }

    /// A file kept for another history, or with a malformed line, is refused with its file and line,
    /// and left where it is.
    @Test(arguments: [
        ("other history", #"{"apiexplore_recovery":1,"history":"/elsewhere.sqlite","columns":[]}"#, ":1:"),
        ("malformed row", #"{"apiexplore_recovery":1,"history":"HISTORY","columns":["profile"]}"# + "\n[1,2]", ":2:"),
        ("unknown column", #"{"apiexplore_recovery":1,"history":"HISTORY","columns":["mystery"]}"#, ":1:"),
    ])
    func aFileThatIsNotThisHistorysIsLeftWithItsLine(_ label: String, _ text: String, _ line: String) async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("history.sqlite")
            let store = try HistoryStore(
                location: HistoryLocation(path: file.path), configuration: Self.configuration(folder))
            let recovery = try #require(store.recovery)
            try FileManager.default.createDirectory(at: recovery.folder, withIntermediateDirectories: true)
            let kept = recovery.folder.appendingPathComponent("999999999-y.jsonl")
            try Data(text.replacing("HISTORY", with: file.path).utf8).write(to: kept)
            let report = try await store.importRecovered()
            #expect(report.imported == 0, "\(label)")
            #expect(report.problems.count == 1, "\(label)")
            #expect(report.problems.first?.contains(kept.path + ":") == true, "\(report.problems)")
            #expect(report.problems.first?.contains(line) == true, "\(label): \(report.problems)")
            #expect(FileManager.default.fileExists(atPath: kept.path), "\(label)")
            try await store.close()
        }
    }

    /// A FIFO (or any special file) named as the history is refused at once, before anything opens it
    /// for writing (which would wait for a reader forever).
    @Test func aFIFONamedAsTheHistoryIsRefused() async throws {
        try await withTemporaryDirectory { folder in
            let fifo = folder.appendingPathComponent("history.sqlite")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let refused = #expect(throws: HistoryError.self) {
                _ = try HistoryStore(location: HistoryLocation(path: fifo.path))
            }
            #expect(
                refused?.description.contains("is a FIFO, not a regular file") == true, "\(String(describing: refused))"
            )
            let directory = #expect(throws: HistoryError.self) {
                _ = try HistoryStore(location: HistoryLocation(path: folder.path))
            }
            #expect(directory?.description.contains("a directory") == true)
        }
    }

    /// Each row says who recorded it, where, and with what.
    @Test(arguments: HistoryBackendKind.allCases) func eachRowSaysWhoRecordedIt(_ backend: HistoryBackendKind)
        async throws
    {
        var configuration = HistoryConfiguration()
        configuration.recorder = HistoryRecorder(user: "ada", host: "ci-runner-7", tool: "apiexplore 9.9")
        try await withTemporaryStore(on: backend, configuration) { store in
            let profile = try TestProfiles.codeMessage()
            let id = try await store.record(try SyntheticExchange.make(profile: profile, index: 1), profile: profile)
            let entry = try #require(try await store.entries().first)
            #expect(entry.recorder == HistoryRecorder(user: "ada", host: "ci-runner-7", tool: "apiexplore 9.9"))
            #expect(entry.recorder?.label == "ada@ci-runner-7")
            #expect(try await store.exchange(id: id)?.entry.recorder?.tool == "apiexplore 9.9")
        }
    }

    /// The default recorder is this process's user and machine.
    @Test func theDefaultRecorderIsThisUserOnThisMachine() {
        let recorder = HistoryRecorder.current(tool: "t", environment: [:])
        #expect(recorder.user?.isEmpty == false)
        #expect(recorder.host?.isEmpty == false)
        #expect(recorder.tool == "t")
    }

    /// `history migrate` on a history of the previous version applies the one missing migration, once.
    @Test(arguments: HistoryBackendKind.allCases) func migratingNowAppliesWhatIsMissing(_ backend: HistoryBackendKind)
        async throws
    {
        try await withTemporaryStore(on: backend) { store in
            let previous = HistoryMigrations.all[HistoryMigrations.all.count - 2].identifier
            try await store.migrate(upTo: previous)
            let before = try await store.migrationStatus()
            #expect(before.filter { !$0.isApplied }.map(\.identifier) == [HistoryMigrations.all.last?.identifier])
            #expect(try await store.migrateNow() == [HistoryMigrations.all.last?.identifier].compactMap { $0 })
            #expect(try await store.migrationStatus().allSatisfy(\.isApplied))
            #expect(try await store.migrateNow().isEmpty)
        }
    }
}
