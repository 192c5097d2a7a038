public import Foundation

/// How the history store records and prunes: size caps, how long a writer waits for another, how
/// long recording an exchange may wait at all and where an exchange it could not record is kept,
/// who records, and the retention policy. The defaults are safe for interactive use.
///
/// ```swift
/// var configuration = HistoryConfiguration()
/// configuration.bodyLimit = 256 * 1024
/// configuration.retention = RetentionPolicy(maximumRows: 10_000)
/// let store = try HistoryStore(location: location, configuration: configuration)
/// ```
public struct HistoryConfiguration: Sendable, Hashable {
    /// The largest request or response body kept, in bytes; longer bodies are cut and flagged as
    /// truncated, with their full size kept. Default 1 MiB.
    public var bodyLimit: Int
    /// The most characters of model text indexed for full-text search. Default 4096.
    public var modelTextLimit: Int
    /// How long a write waits for another process's write before failing. Default 10 seconds,
    /// generous so that two processes writing at once never see "database is locked".
    public var busyTimeout: Duration
    /// What ``HistoryStore/applyRetention()`` prunes. Default: nothing.
    public var retention: RetentionPolicy
    /// How large the write-ahead log may grow, in bytes, before the next open copies it into the database
    /// file and empties it. Default 512 KiB.
    ///
    /// The log is kept when a process closes the store (a command-line call is a process of its own, and
    /// copying the log at each exit was most of the cost of recording a request); the next process to open
    /// the file reads the whole log back first, so a larger limit means fewer copies but slower opens
    /// (about a millisecond per megabyte here).
    public var logLimit: Int

    /// How long recording one exchange (and storing its models) may wait for the history before it
    /// gives up: on another process's write lock (SQLite) or an unreachable server (PostgreSQL).
    /// Default 2 seconds. An exchange that was not recorded is kept in ``recoveryDirectory``.
    ///
    /// After a PostgreSQL history failed to answer in time, later exchanges go straight to the
    /// recovery folder for ``outagePause`` instead of each waiting again; the next one after that
    /// tries the server again.
    public var recordTimeout: Duration
    /// How long, after an exchange could not be recorded because the history did not answer, later
    /// exchanges skip the wait and are kept for recovery at once. Default 10 seconds.
    public var outagePause: Duration = .seconds(10)
    /// Where exchanges that could not be recorded are kept (one 0600 JSON Lines file per process,
    /// under a folder named after the history) until ``HistoryStore/importRecovered()`` puts them
    /// into the history; `nil` keeps nothing, and a failed recording is only reported.
    public var recoveryDirectory: URL?
    /// Who records, where, with what: stored on every exchange. Default: this process's user and
    /// machine, no tool.
    public var recorder: HistoryRecorder?

    /// How many of the newest ids a PostgreSQL search scans for the text anywhere (`ILIKE`) before it
    /// turns to the `tsvector` index for older exchanges. Tests lower it to reach that older path.
    package var postgresSubstringWindow: Int64 = 65_536

    /// Creates a configuration; every value has a default.
    ///
    /// - Parameters:
    ///   - bodyLimit: The body cap in bytes.
    ///   - modelTextLimit: The model text cap in characters.
    ///   - busyTimeout: How long a write waits for another.
    ///   - retention: The retention policy.
    ///   - logLimit: The write-ahead log size, in bytes, past which it is copied into the file and emptied.
    ///   - recordTimeout: How long recording one exchange may wait for the history.
    ///   - recoveryDirectory: Where exchanges that could not be recorded are kept; `nil` for nowhere.
    ///   - recorder: Who records; `nil` stores no one.
    public init(
        bodyLimit: Int = 1 << 20, modelTextLimit: Int = 4096, busyTimeout: Duration = .seconds(10),
        retention: RetentionPolicy = RetentionPolicy(), logLimit: Int = 512 * 1024,
        recordTimeout: Duration = .seconds(2), recoveryDirectory: URL? = nil,
        recorder: HistoryRecorder? = HistoryRecorder.current(tool: nil)
    ) {
        self.recordTimeout = recordTimeout
        self.recoveryDirectory = recoveryDirectory
        self.recorder = recorder
        self.bodyLimit = bodyLimit
        self.modelTextLimit = modelTextLimit
        self.busyTimeout = busyTimeout
        self.retention = retention
        self.logLimit = logLimit
    }
}

/// Which exchanges are kept: at most so many rows and/or so many stored bytes, the oldest pruned
/// first. `nil` means no limit.
///
/// ```swift
/// RetentionPolicy(maximumRows: 50_000, maximumBytes: 500 * 1024 * 1024)
/// ```
public struct RetentionPolicy: Sendable, Hashable {
    /// The most exchanges kept.
    public var maximumRows: Int?
    /// The most bytes of stored requests and responses kept (bodies, headers, texts).
    public var maximumBytes: Int?

    /// Creates a policy; no limits by default.
    ///
    /// - Parameters:
    ///   - maximumRows: The most exchanges kept.
    ///   - maximumBytes: The most stored bytes kept.
    public init(maximumRows: Int? = nil, maximumBytes: Int? = nil) {
        self.maximumRows = maximumRows
        self.maximumBytes = maximumBytes
    }
}
