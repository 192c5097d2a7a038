import CSQLiteShim
import Foundation
import GRDB
import Synchronization

/// Every exchange kept in one SQLite file, searchable, and the model store beside it.
///
/// The file is opened as one GRDB `DatabaseQueue` connection in WAL mode (another process's
/// readers never wait for this one's writer, nor it for them), with foreign keys on, a generous
/// busy timeout so that two processes writing at once both succeed, and versioned migrations.
/// Within a process the calls take turns on that connection: recording and queries take
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
/// ```swift
/// let store = try HistoryStore(location: HistoryLocation.resolve(explicitPath: nil, environment: env))
/// let id = try await store.record(exchange, profile: profile)
/// let recent = try await store.entries(HistoryQuery(profile: "github", limit: 20))
/// let hits = try await store.search("invalid_auth", limit: 50)
/// ```
public final class HistoryStore: Sendable {
    /// Where the database file is.
    public let location: HistoryLocation
    /// Caps, busy timeout and retention.
    public let configuration: HistoryConfiguration
    let database: DatabaseQueue
    /// The write-ahead log's file, beside the database.
    private let logPath: String
    /// Set by ``close()`` on the connection's queue, before GRDB closes the connection: every access
    /// queued after it refuses (GRDB's queue must not be used once closed).
    private let isClosed = Mutex(false)

    /// Opens (creating if needed) the history database at a location and brings its schema up to date.
    ///
    /// ```swift
    /// let store = try HistoryStore(location: HistoryLocation(path: "/tmp/history.sqlite"))
    /// ```
    ///
    /// - Parameters:
    ///   - location: The database file.
    ///   - configuration: Caps, busy timeout and retention.
    /// - Throws: ``HistoryError`` when the directory or file cannot be created, the file is not a
    ///   database, or migrating or preparing the statement that records an exchange fails.
    public init(location: HistoryLocation, configuration: HistoryConfiguration = HistoryConfiguration())
        throws(HistoryError)
    {
        self.location = location
        self.configuration = configuration
        let path = location.url.path
        logPath = path + "-wal"
        try Self.prepareFile(at: location.url)
        var grdb = Configuration()
        grdb.foreignKeysEnabled = true
        let timeout = configuration.busyTimeout.components
        grdb.busyMode = .timeout(Double(timeout.seconds) + Double(timeout.attoseconds) / 1e18)
        grdb.prepareDatabase { db in
            // WAL mode is stored in the file: for a file already in it this only reads the header.
            // (Not GRDB's `journalMode = .wal`: its set-up asks Foundation for the log's size, the
            // slow first use a `DatabasePool` paid.)
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else {
                throw DatabaseError(message: "cannot turn on write-ahead logging (journal mode \(mode ?? "unknown"))")
            }
            // In WAL mode NORMAL keeps every committed write through a process crash and never
            // corrupts the file; only a power loss may drop the last commits. FULL would add an
            // fsync to every recorded request.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            let code = apx_sqlite3_keep_log_on_close(db.sqliteConnection)
            guard code == ResultCode.SQLITE_OK.rawValue else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot keep the log on close")
            }
        }
        database = try Self.openDatabase(path: path, configuration: grdb, patience: configuration.busyTimeout)
        try migrate()
        // The statement that records an exchange is prepared now, on the thread that opens the
        // store (SQLite compiles the full-text trigger into it): a command's first record then
        // waits only for the insert itself.
        let restart = logIsLarge
        do {
            try database.writeWithoutTransaction { db in
                if restart { try self.restartLog(db) }
                _ = try db.cachedStatement(sql: ExchangeRow.insertStatement)
            }
        } catch {
            throw HistoryError(.open, path: path, message: "\(error)")
        }
    }

    /// Closes the store; using it afterwards fails, and closing it again does nothing.
    ///
    /// The write-ahead log stays as it is, whatever its size: the next process to open the file reads
    /// it back, and copies it into the file first when it has passed ``HistoryConfiguration/logLimit``.
    /// Copying it here, at the end of a command, put the copy and its fsync on the command's critical
    /// path (every eighth request or so); at open it runs beside the parsing of the command line.
    ///
    /// ```swift
    /// try await store.close()
    /// try await store.entries()  // throws: the history store is closed
    /// ```
    ///
    /// - Throws: ``HistoryError`` when SQLite cannot close the connection; the store is then still
    ///   open, and closing may be tried again.
    public func close() async throws(HistoryError) {
        // On the connection's queue, so that every call queued before it runs and every call queued
        // after it refuses; synchronously, so that a cancelled task still closes.
        let wasOpen = database.inDatabase { _ in
            isClosed.withLock { isClosed in
                defer { isClosed = true }
                return !isClosed
            }
        }
        guard wasOpen else { return }
        do {
            try database.close()
        } catch {
            isClosed.withLock { $0 = false }
            throw HistoryError(.database, path: location.url.path, message: "\(error)")
        }
    }

    /// Whether the write-ahead log has grown past ``HistoryConfiguration/logLimit``.
    private var logIsLarge: Bool {
        var info = stat()
        return stat(logPath, &info) == 0 && Int(info.st_size) > configuration.logLimit
    }

    /// Copies the log into the file and truncates it, without waiting for other processes: one
    /// reading keeps the copy from finishing, and the log is then left for the next open.
    private func restartLog(_ db: Database) throws {
        let patience = try Int.fetchOne(db, sql: "PRAGMA busy_timeout") ?? 0
        try db.execute(sql: "PRAGMA busy_timeout = 0")
        let copied: Result<Void, any Error>
        do {
            _ = try db.checkpoint(.truncate)
            copied = .success(())
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            copied = .success(())  // left for the next open
        } catch {
            copied = .failure(error)
        }
        // The connection's patience again, for the writes that follow an open, whatever the copy did.
        try db.execute(sql: "PRAGMA busy_timeout = \(patience)")
        try copied.get()
    }

    /// Opens the connection, waiting out another process that is switching the same new file to WAL.
    ///
    /// SQLite answers `PRAGMA journal_mode = WAL` with "database is locked" at once, without
    /// consulting the busy timeout, when another connection holds the file in that instant (two
    /// processes opening a new history together). The switch takes milliseconds, so opening is
    /// retried with a short, jittered pause until `patience` runs out.
    private static func openDatabase(
        path: String, configuration: Configuration, patience: Duration
    ) throws(HistoryError) -> DatabaseQueue {
        let deadline = ContinuousClock.now + patience
        while true {
            do {
                return try DatabaseQueue(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline
            {
                usleep(UInt32.random(in: 2_000...20_000))
            } catch {
                throw HistoryError(.open, path: path, message: "\(error)")
            }
        }
    }

    /// Creates the directory (0700) and an empty file (0600) unless they exist, so SQLite never
    /// creates the file with the process umask. SQLite gives the `-wal` and `-shm` files the
    /// database file's permissions.
    private static func prepareFile(at url: URL) throws(HistoryError) {
        let directory = url.deletingLastPathComponent()
        let manager = FileManager.default
        if !manager.fileExists(atPath: directory.path) {
            do {
                try manager.createDirectory(
                    at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw HistoryError(.open, path: url.path, message: "cannot create the directory: \(error)")
            }
        }
        let descriptor = open(url.path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw HistoryError(.open, path: url.path, message: String(cString: strerror(errno)))
        }
        Foundation.close(descriptor)  // the C function; `close()` here is the store's own
    }

    /// Runs a write in an immediate transaction, turning database errors into ``HistoryError``.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(HistoryError) -> T {
        try await access { db in try Self.transaction(db, body) }
    }

    /// Runs a read in a deferred, read-only transaction (one snapshot of the file), turning database
    /// errors into ``HistoryError``.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(HistoryError) -> T {
        try await access { db in try Self.snapshot(db, body) }
    }

    /// Runs `body` on the connection unless the store is closed. The check runs on the connection's
    /// queue, so an access queued behind ``close()`` refuses instead of reaching the closed connection.
    private func access<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(HistoryError)
        -> T
    {
        do {
            return try await database.writeWithoutTransaction { db in
                try self.refuseIfClosed()
                return try body(db)
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError(.database, path: location.url.path, message: "\(error)")
        }
    }

    /// ``read(_:)`` for a caller that cannot wait asynchronously (an export streaming to a sink):
    /// blocks the calling thread. Database errors are thrown as they are.
    func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        try database.writeWithoutTransaction { db in
            try refuseIfClosed()
            return try Self.snapshot(db, body)
        }
    }

    /// Throws once ``close()`` has run.
    private func refuseIfClosed() throws(HistoryError) {
        if isClosed.withLock({ $0 }) {
            throw HistoryError(.database, path: location.url.path, message: "the history store is closed")
        }
    }

    /// `body`'s value, computed in a deferred, read-only transaction.
    private static func snapshot<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        try db.readOnly { try transaction(db, body) }
    }

    /// `body`'s value, computed in a transaction: immediate on a connection that may write, deferred
    /// inside `readOnly`.
    private static func transaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        var value: T?
        try db.inTransaction {
            value = try body(db)
            return .commit
        }
        guard let value else { throw DatabaseError(message: "the transaction ended without a value") }
        return value
    }

    /// Checks the file's structure with `PRAGMA integrity_check`.
    ///
    /// ```swift
    /// try await store.integrityCheck()  // ["ok"]
    /// ```
    ///
    /// - Returns: The lines SQLite reports; `["ok"]` for a sound file.
    /// - Throws: ``HistoryError`` when the check cannot run.
    public func integrityCheck() async throws(HistoryError) -> [String] {
        try await read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }

    /// Copies the write-ahead log into the database file and truncates the log.
    ///
    /// ```swift
    /// try await store.checkpoint()
    /// ```
    ///
    /// - Throws: ``HistoryError`` when another connection keeps the checkpoint from completing.
    public func checkpoint() async throws(HistoryError) {
        try await access { db in _ = try db.checkpoint(.truncate) }
    }
}
