import APIHistory
import Foundation
import Testing

@testable import apiexplore

/// The store opened early (``EarlyStart``) is used only when it is the one the parsed command
/// chose; otherwise the chosen one opens, and an early store that is not used is closed.
@Suite(.timeLimit(.minutes(1))) struct HistoryOpeningTests {
    enum Early: Sendable { case sameStore, otherStore, none }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var early: Early
    }

    @Test(arguments: [
        Case(testDescription: "the early store is the chosen one", early: .sameStore),
        Case(testDescription: "the early store is another one", early: .otherStore),
        Case(testDescription: "no location resolved early", early: .none),
    ])
    func theEarlyStoreIsUsedOnlyWhenChosen(_ testCase: Case) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apiexplore-opening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func choice(_ name: String) -> HistoryChoice {
            HistoryChoice(
                location: HistoryLocation(path: directory.appendingPathComponent(name).path),
                configuration: HistoryConfiguration())
        }
        let chosen = choice("chosen.sqlite")
        let earlyChoice: HistoryChoice? =
            switch testCase.early {
            case .sameStore: chosen
            case .otherStore: choice("early.sqlite")
            case .none: nil
            }
        let early = ThreadedValue { () -> EarlyStart.EarlyHistory? in
            earlyChoice.map { ($0, HistoryOpening.open($0)) }
        }

        let store = try await HistoryOpening(early: early, choice: chosen).store

        #expect(store.location == chosen.location)
        let earlyStore = try await early.value?.store.get()
        #expect((store === earlyStore) == (testCase.early == .sameStore))
        if testCase.early == .otherStore {
            // Not used, so closed: it refuses work.
            await #expect(throws: HistoryError.self) { try await earlyStore?.entries() }
        }
        try await store.close()
    }
}
