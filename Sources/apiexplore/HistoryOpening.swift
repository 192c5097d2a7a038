import APIHistory
import Foundation

/// Which history store a command records in: where, and how.
struct HistoryChoice: Hashable, Sendable {
    var location: HistoryLocation
    var configuration: HistoryConfiguration
}

/// A history store being opened on a thread of its own (GRDB's open blocks, so not on the
/// cooperative pool).
///
/// Opening takes milliseconds (the file, the write-ahead log it replays, migrations). The default
/// store starts opening while the command line parses (``EarlyStart``); another one while
/// ``SessionHost`` reads the command's profile.
struct HistoryOpening: Sendable {
    private let result: @Sendable () async -> Result<HistoryStore, HistoryError>

    /// Starts opening the chosen store on a thread of its own.
    init(_ choice: HistoryChoice) {
        let opening = ThreadedValue { Self.open(choice) }
        result = { await opening.value }
    }

    /// The store an early start opens (it resolves the default location and opens it on its thread;
    /// `nil` when no location resolves), when that is the store `choice` names; otherwise `choice`'s
    /// own store, opened as soon as the early one is known not to be it (the early one is closed).
    init(early: ThreadedValue<EarlyStart.EarlyHistory?>, choice: HistoryChoice) {
        let resolving = Task {
            let early = await early.value
            if let early, early.choice == choice { return early.store }
            if case .success(let unused)? = early?.store {
                do {
                    try await unused.close()
                } catch {
                    Terminal.error("closing the history opened early: \(error)")
                }
            }
            return await HistoryOpening(choice).result()
        }
        result = { await resolving.value }
    }

    /// Opens `choice`'s store on the calling thread.
    static func open(_ choice: HistoryChoice) -> Result<HistoryStore, HistoryError> {
        Result { () throws(HistoryError) in
            try HistoryStore(location: choice.location, configuration: choice.configuration)
        }
    }

    /// The opened store, once it is open.
    ///
    /// - Throws: Why the store does not open.
    var store: HistoryStore {
        get async throws(HistoryError) { try await result().get() }
    }
}
