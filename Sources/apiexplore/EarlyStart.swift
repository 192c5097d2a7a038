import APIClient
import APIHistory
import Synchronization

/// What a command that sends requests will need, started on other threads while this one parses
/// the command line: the HTTP client and the default history store. `SessionHost` takes each once;
/// a command that never takes them exits without them.
///
/// Parsing keeps one core busy for milliseconds on a cold start. Creating the client (its
/// event-loop threads, its first-use type metadata) takes about 2 ms, and reading the environment
/// and opening the history store (the file, the write-ahead log it replays, migrations) about as
/// long: both can run beside it.
///
/// The store started is the one a command records in when it names none. It starts only when no
/// argument may name another (`--history…`, `--no-history`) and none is one of the root's own
/// flags (help, `--version`), and it is taken only when the parsed options chose that same store
/// (``HistoryOpening/init(early:choice:)``), so the early start never changes which store a
/// command uses. A command line that then fails to parse has opened
/// the default store (creating it, the first time) for nothing.
enum EarlyStart {
    private struct Pending: Sendable {
        var transport: ThreadedValue<HTTPTransport>?
        var history: ThreadedValue<EarlyHistory?>?
    }

    /// The default store's choice, resolved from the environment, and its opening.
    typealias EarlyHistory = (choice: HistoryChoice, store: Result<HistoryStore, HistoryError>)

    private static let pending = Mutex(Pending())

    /// Starts creating the HTTP client, and opening the default history store unless `arguments` may
    /// choose another, each on a thread of its own (``ThreadedValue``).
    ///
    /// Both run at the main thread's priority. Dispatch's user-initiated threads, used before,
    /// run at nice -2 on Linux and took the core from the parsing that comes first on the
    /// critical path; the event-loop threads the client starts inherit their creator's nice value.
    ///
    /// The history's thread reads `environment` (where the default store is): the first read of the
    /// process environment builds `ProcessInfo` and the dictionary's generic types, half a
    /// millisecond on a cold start that the parsing no longer waits for.
    static func begin(arguments: [String], environment: @escaping @Sendable () -> [String: String]) {
        let transport = ThreadedValue { HTTPTransport() }
        pending.withLock { $0.transport = transport }
        let mayChooseHistory = arguments.contains { argument in
            argument.hasPrefix("--history") || argument == "--no-history" || APIExplore.isRootFlag(argument)
        }
        guard !mayChooseHistory else { return }
        let history = ThreadedValue { () -> EarlyHistory? in
            let location: HistoryLocation
            do {
                location = try HistoryLocation.resolve(explicitPath: nil, environment: environment())
            } catch {
                // No early store: `SessionHost` resolves the location again and reports why it does not.
                return nil
            }
            let choice = HistoryChoice(location: location, configuration: HistoryConfiguration())
            return (choice, HistoryOpening.open(choice))
        }
        pending.withLock { $0.history = history }
    }

    /// The HTTP client started early, or a new one when there is none.
    static func takeTransport() async -> HTTPTransport {
        let early = pending.withLock { pending in
            defer { pending.transport = nil }
            return pending.transport
        }
        guard let early else { return HTTPTransport() }
        return await early.value
    }

    /// The store `choice` names: the one started early when it is that one, else a new opening.
    static func takeHistory(for choice: HistoryChoice) -> HistoryOpening {
        let early = pending.withLock { pending in
            defer { pending.history = nil }
            return pending.history
        }
        guard let early else { return HistoryOpening(choice) }
        return HistoryOpening(early: early, choice: choice)
    }
}
