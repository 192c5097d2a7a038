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
    private let opening: ThreadedValue<Result<HistoryStore, HistoryError>>

    /// Starts opening the chosen store on a thread of its own.
    init(_ choice: HistoryChoice) {
        opening = ThreadedValue {
            Result { () throws(HistoryError) in
                try HistoryStore(location: choice.location, configuration: choice.configuration)
            }
        }
    }

    /// The opened store, once it is open.
    ///
    /// - Throws: Why the store does not open.
    var store: HistoryStore {
        get async throws(HistoryError) { try await opening.value.get() }
    }
}
