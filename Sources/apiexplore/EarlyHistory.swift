import APIHistory
import Synchronization

/// The history store of a command that records, opened on another thread while the command line
/// parses.
///
/// Opening takes milliseconds (the file, the write-ahead log it replays, migrations): more than
/// reading the profile, which was all it overlapped with when it started after parsing. It starts
/// with the store a command records in when it names none (no `--history…` option); `SessionHost`
/// takes it only when the parsed options chose that same store, and opens the one they chose
/// otherwise, so the early start never changes which store a command uses. A command line that
/// then fails to parse has opened the default store (creating it, the first time) for nothing.
enum EarlyHistory {
    private static let pending = Mutex<(choice: HistoryChoice, opening: HistoryOpening)?>(nil)

    /// Starts opening the default store of `environment`.
    static func start(environment: [String: String]) {
        let location: HistoryLocation
        do {
            location = try HistoryLocation.resolve(explicitPath: nil, environment: environment)
        } catch {
            // No early store: `SessionHost` resolves the location again and reports why it does not.
            return
        }
        let choice = HistoryChoice(location: location, configuration: HistoryConfiguration())
        let opening = HistoryOpening { () throws(HistoryError) in try choice.open() }
        pending.withLock { $0 = (choice, opening) }
    }

    /// The store started early when it is the one `choice` names, else `nil` (each is taken once).
    static func take(for choice: HistoryChoice?) -> HistoryOpening? {
        let early = pending.withLock { pending in
            defer { pending = nil }
            return pending
        }
        guard let early, early.choice == choice else { return nil }
        return early.opening
    }
}
