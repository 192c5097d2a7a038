package import APIHistory
import Synchronization

/// What recording went through in a session: how many exchanges history did not take, and why the
/// first did not, so that a command warns once and can fail at the end (`--require-history`).
///
/// ```swift
/// let call = try await session.send(.endpoint("user", parameters: [:]), profile: demo)
/// session.historyTally.missed      // 1 when the history did not answer
/// session.historyTally.firstFailure?.recoveryFile  // where the exchange was kept
/// ```
package final class HistoryTally: Sendable {
    private struct State {
        var missed = 0
        var kept = 0
        var firstFailure: HistoryError?
    }

    private let state = Mutex(State())

    /// Creates an empty tally.
    package init() {}

    /// Counts a failed recording.
    ///
    /// - Parameter failure: Why history did not take the exchange.
    /// - Returns: Whether it is the first: the one to warn about.
    @discardableResult
    package func note(_ failure: HistoryError) -> Bool {
        state.withLock { state in
            state.missed += 1
            if failure.recoveryFile != nil { state.kept += 1 }
            guard state.firstFailure == nil else { return false }
            state.firstFailure = failure
            return true
        }
    }

    /// Notes that the user was already told why history will not record (a read-only history, said
    /// before anything was sent), so the first failure is not said again; counts nothing.
    ///
    /// - Parameter failure: What the user was told.
    package func alreadyWarned(_ failure: HistoryError) {
        state.withLock { state in
            if state.firstFailure == nil { state.firstFailure = failure }
        }
    }

    /// How many exchanges history did not record.
    package var missed: Int { state.withLock { $0.missed } }

    /// How many of those were kept in a recovery file for the next run.
    package var kept: Int { state.withLock { $0.kept } }

    /// Why the first one was not recorded.
    package var firstFailure: HistoryError? { state.withLock { $0.firstFailure } }

    /// `3 exchanges were not recorded in history (3 kept for the next run to import)`, or `nil` when
    /// every one was.
    package var summary: String? {
        let (missed, kept) = state.withLock { ($0.missed, $0.kept) }
        guard missed > 0 else { return nil }
        let noun = missed == 1 ? "exchange was" : "exchanges were"
        let keeping = kept == missed ? "all kept" : "\(kept) kept"
        return "\(missed) \(noun) not recorded in history (\(keeping) for the next run to import)"
    }
}
