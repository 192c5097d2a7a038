import APIHistory
import Foundation
import Testing

@testable import apiexplore

/// The store opened early (``EarlyStart``) is used only when it is the one the parsed command
/// chose; otherwise the chosen one opens.
@Suite(.timeLimit(.minutes(1))) struct HistoryOpeningTests {
    @Test(arguments: [true, false]) func theEarlyStoreIsUsedOnlyWhenChosen(_ sameChoice: Bool) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apiexplore-opening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let earlyChoice = HistoryChoice(
            location: HistoryLocation(path: directory.appendingPathComponent("early.sqlite").path),
            configuration: HistoryConfiguration())
        let chosen =
            sameChoice
            ? earlyChoice
            : HistoryChoice(
                location: HistoryLocation(path: directory.appendingPathComponent("chosen.sqlite").path),
                configuration: HistoryConfiguration())
        let early = ThreadedValue { () -> EarlyStart.EarlyHistory? in (earlyChoice, HistoryOpening.open(earlyChoice)) }
        let earlyStore = try await early.value?.store.get()

        let store = try await HistoryOpening(early: early, choice: chosen).store

        #expect(store.location == chosen.location)
        #expect((store === earlyStore) == sameChoice)
        try await store.close()
        if !sameChoice { try await earlyStore?.close() }
    }
}
