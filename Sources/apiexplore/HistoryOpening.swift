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
    private let task: Task<Result<HistoryStore, HistoryError>, Never>

    /// Starts opening the chosen store on a dispatch queue of utility quality of service.
    ///
    /// Nothing waits for the store before the response has arrived, while the command line's
    /// parsing and the request wait on the CPU it takes. On Linux, Dispatch runs each quality of
    /// service at its own nice value (user-initiated -2, default 0, utility +2), so at utility the
    /// open gives way to them on a busy machine instead of taking the core first.
    init(_ choice: HistoryChoice) {
        task = Task {
            await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .utility).async {
                    continuation.resume(
                        returning: Result { () throws(HistoryError) in
                            try HistoryStore(location: choice.location, configuration: choice.configuration)
                        })
                }
            }
        }
    }

    /// The opened store, once it is open.
    ///
    /// - Throws: Why the store does not open.
    var store: HistoryStore {
        get async throws(HistoryError) { try await task.value.get() }
    }
}
