import Foundation
import GRDB
import Synchronization

/// Every exchange kept, searchable, and the model store beside it: in one SQLite file (the
/// embedded default) or in a PostgreSQL database that a team shares.
///
/// Both backends run the same queries (see `SQLConnection`; the few differences are named by
/// `SQLDialect`) over the same schema, migrated from one description (`HistoryMigrations`).
///
/// **SQLite.** The file is opened as one GRDB `DatabaseQueue` connection in WAL mode (another
/// process's readers never wait for this one's writer, nor it for them), with foreign keys on, a
/// generous busy timeout so that two processes writing at once both succeed, and versioned
/// migrations. Within a process the calls take turns on that connection: recording and queries take
/// milliseconds, while ``optimize()`` and an export (until its sink has taken the last exchange)
/// hold it longer, and a sink must not call back into the store. A `DatabasePool`, whose readers
/// would not wait, made a command-line request 1.8 ms slower (its WAL set-up asks Foundation for
/// the log's size, a slow first use on Linux), about half of what recording the request costs.
///
/// A new file is created readable by its owner only (0600), in a directory created 0700. Writes are
/// `IMMEDIATE` transactions with `synchronous = NORMAL`, so a write that returned survives the
/// process being killed (an operating-system crash or power loss may drop the last few, never
/// corrupt the file).
///
/// The write-ahead log (`-wal`, with its index `-shm`) stays beside the file when the store closes,
/// rather than being copied in at every exit: a command-line call is a process of its own, and that
/// copy (two fsyncs) cost more than recording the request. Opening copies the log in and empties it
/// once it has passed ``HistoryConfiguration/logLimit``. Copy all three files to move a history, or
/// ``checkpoint()`` first.
///
/// **PostgreSQL.** A `postgres://` location connects through a small pool (four connections) on
/// first use, and creates or migrates the schema then (see ``prepare()``). Calls run concurrently,
/// each in a transaction of its own; several processes and users write at once. Search differs a
/// little (see ``search(_:limit:)``).
///
/// ```swift
/// let store = try HistoryStore(location: HistoryLocation.resolve(explicitPath: nil, environment: env))
/// let id = try await store.record(exchange, profile: profile)
/// let recent = try await store.entries(HistoryQuery(profile: "github", limit: 20))
/// let hits = try await store.search("invalid_auth", limit: 50)
/// ```
public final class HistoryStore: Sendable {
    /// Where the history is: a file, or a PostgreSQL database.
    public let location: HistoryLocation
    /// Caps, busy timeout and retention.
    public let configuration: HistoryConfiguration
    /// Where transactions run.
    let backend: any SQLBackend
    /// The SQLite backend, for what only a file has (its log, its integrity check); `nil` for PostgreSQL.
    let sqlite: SQLiteBackend?
    /// Whether the schema is known to be up to date; until then the first call migrates it.
    let migrated = MigrationGate()
    /// Where exchanges that could not be recorded are kept, when the configuration names a folder.
    let recovery: RecoveryJournal?
    /// Until when recording skips the history after it did not answer (see ``HistoryConfiguration/outagePause``).
    let outage = Mutex<(until: ContinuousClock.Instant, why: HistoryError)?>(nil)

    /// Opens (creating if needed) the history at a location.
    ///
    /// A SQLite file is opened now and, when it is up to date, its insert statement is prepared; a
    /// new file is migrated by the first call (or ``prepare()``). A PostgreSQL history connects, and
    /// migrates, on its first call.
    ///
    /// ```swift
    /// let store = try HistoryStore(location: HistoryLocation(path: "/tmp/history.sqlite"))
    /// ```
    ///
    /// - Parameters:
    ///   - location: The database file or server.
    ///   - configuration: Caps, busy timeout and retention.
    /// - Throws: ``HistoryError`` when the directory or file cannot be created, the file is not a
    ///   database, or preparing it fails.
    public init(location: HistoryLocation, configuration: HistoryConfiguration = HistoryConfiguration())
        throws(HistoryError)
    {
        self.location = location
        self.configuration = configuration
        recovery = configuration.recoveryDirectory.map {
            RecoveryJournal(directory: $0, history: location.description)
        }
        if let target = location.postgres {
            backend = try PostgresBackend(target: target)
            sqlite = nil
        } else {
            let opened = try Self.openSQLite(location: location, configuration: configuration)
            backend = opened.backend
            sqlite = opened.backend
            if opened.isMigrated { migrated.markDone() }
        }
    }

    /// Connects (for PostgreSQL) and brings the schema up to date now rather than on the first call,
    /// so a command's first request waits for neither.
    ///
    /// ```swift
    /// let store = try HistoryStore(location: team)
    /// try await store.prepare()  // throws at once when the server refuses the user
    /// ```
    ///
    /// - Throws: ``HistoryError`` when the server cannot be reached, refuses, or a migration fails.
    public func prepare() async throws(HistoryError) {
        try await ensureMigrated()
    }

    /// Closes the store; using it afterwards fails, and closing it again does nothing.
    ///
    /// For SQLite, every call queued before it runs and every call queued after it refuses. The
    /// write-ahead log stays as it is, whatever its size: the next process to open the file reads
    /// it back, and copies it into the file first when it has passed ``HistoryConfiguration/logLimit``.
    /// For PostgreSQL, the pool's connections are closed.
    ///
    /// ```swift
    /// try await store.close()
    /// try await store.entries()  // throws: the history store is closed
    /// ```
    ///
    /// - Throws: ``HistoryError`` when SQLite cannot close the connection; the store is then still
    ///   open, and closing may be tried again.
    public func close() async throws(HistoryError) {
        do {
            try await backend.close()
        } catch {
            throw failure(error)
        }
    }

    /// Runs a write in a transaction (see ``SQLTransactionKind``), turning errors into ``HistoryError``.
    func write<T: Sendable>(
        _ kind: SQLTransactionKind = .write, _ body: (any SQLConnection) async throws -> T
    ) async throws(HistoryError) -> T {
        try await ensureMigrated()
        return try await transaction(kind, body)
    }

    /// Runs a read in one consistent snapshot, turning errors into ``HistoryError``.
    func read<T: Sendable>(_ body: (any SQLConnection) async throws -> T) async throws(HistoryError) -> T {
        try await ensureMigrated()
        return try await transaction(.read, body)
    }

    func transaction<T: Sendable>(
        _ kind: SQLTransactionKind, _ body: (any SQLConnection) async throws -> T
    ) async throws(HistoryError) -> T {
        do {
            return try await backend.transaction(kind, body)
        } catch {
            throw failure(error)
        }
    }

    /// `error` as a ``HistoryError`` naming the history (never its password).
    func failure(_ error: any Error, kind: HistoryError.Kind = .database) -> HistoryError {
        if let error = error as? HistoryError { return error }
        return HistoryError(kind, path: location.description, message: PostgresBackend.describe(error))
    }

    /// Checks the database's structure: SQLite's `PRAGMA integrity_check`; on PostgreSQL, which
    /// keeps its own, that the server answers and the schema is there.
    ///
    /// ```swift
    /// try await store.integrityCheck()  // ["ok"]
    /// ```
    ///
    /// - Returns: The lines SQLite reports; `["ok"]` for a sound file or a reachable server.
    /// - Throws: ``HistoryError`` when the check cannot run.
    public func integrityCheck() async throws(HistoryError) -> [String] {
        try await read { connection in
            switch connection.dialect {
            case .sqlite:
                return try await connection.fetchAll("PRAGMA integrity_check").map { row in
                    try row.string(row.columns.names.first ?? "integrity_check")
                }
            case .postgres:
                _ = try await connection.fetchAll("SELECT count(*) FROM exchange WHERE id < 0")
                return ["ok"]
            }
        }
    }

    /// Copies SQLite's write-ahead log into the database file and truncates the log; nothing for
    /// PostgreSQL, whose server checkpoints on its own.
    ///
    /// ```swift
    /// try await store.checkpoint()
    /// ```
    ///
    /// - Throws: ``HistoryError`` when another connection keeps the checkpoint from completing.
    public func checkpoint() async throws(HistoryError) {
        guard let sqlite else {
            // Nothing to copy; still refuses once the store is closed, as SQLite's does.
            try await read { _ in }
            return
        }
        do {
            _ = try await sqlite.withoutTransaction { db in try db.checkpoint(.truncate) }
        } catch {
            throw failure(error)
        }
    }
}

/// Runs the migrations once per store, whichever call comes first.
final class MigrationGate: Sendable {
    private let done = Mutex(false)
    private let lock = AsyncSerialLock()

    var isDone: Bool { done.withLock { $0 } }

    func markDone() { done.withLock { $0 = true } }

    /// Runs `body` unless it already succeeded; calls that arrive meanwhile wait for it.
    func run(_ body: () async throws(HistoryError) -> Void) async throws(HistoryError) {
        if isDone { return }
        await lock.lock()
        defer { lock.unlock() }
        if isDone { return }
        try await body()
        markDone()
    }
}
