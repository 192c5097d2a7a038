import CSQLiteShim
import Foundation
import GRDB

extension HistoryStore {
    /// Opens the SQLite file: creates it (0600) in its directory (0700) if needed, turns on WAL,
    /// copies a large log in, and, when the file is already fully migrated, prepares the statement
    /// that records an exchange (SQLite compiles the full-text trigger into it), so a command's first
    /// record waits only for the insert itself.
    static func openSQLite(location: HistoryLocation, configuration: HistoryConfiguration) throws(HistoryError)
        -> (backend: SQLiteBackend, isMigrated: Bool)
    {
        let path = location.url.path
        try prepareFile(at: location.url)
        var grdb = Configuration()
        grdb.foreignKeysEnabled = true
        // A transaction spans several accesses (`BEGIN`, each statement, `COMMIT`), which the backend's
        // lock keeps from interleaving (see `SQLiteBackend`).
        grdb.allowsUnsafeTransactions = true
        let timeout = configuration.busyTimeout.components
        grdb.busyMode = .timeout(Double(timeout.seconds) + Double(timeout.attoseconds) / 1e18)
        grdb.prepareDatabase { db in
            // In WAL mode NORMAL keeps every committed write through a process crash and never
            // corrupts the file; only a power loss may drop the last commits. FULL would add an
            // fsync to every recorded request. Set first: switching a new file to WAL goes through
            // a rollback journal, which NORMAL syncs once where FULL syncs it twice.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // WAL mode is stored in the file: for a file already in it this only reads the header.
            // (Not GRDB's `journalMode = .wal`: its set-up asks Foundation for the log's size, the
            // slow first use a `DatabasePool` paid.)
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else {
                throw DatabaseError(message: "cannot turn on write-ahead logging (journal mode \(mode ?? "unknown"))")
            }
            let code = apx_sqlite3_keep_log_on_close(db.sqliteConnection)
            guard code == ResultCode.SQLITE_OK.rawValue else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot keep the log on close")
            }
        }
        let database = try openDatabase(path: path, configuration: grdb, patience: configuration.busyTimeout)
        let restart = logIsLarge(path + "-wal", limit: configuration.logLimit)
        let isMigrated: Bool
        do {
            isMigrated = try database.writeWithoutTransaction { db in
                if restart { try restartLog(db) }
                let hasVersions =
                    try Bool.fetchOne(
                        db,
                        sql: "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'")
                    ?? false
                let applied =
                    hasVersions ? try Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : []
                let complete = HistoryMigrations.all.allSatisfy { applied.contains($0.identifier) }
                if complete { _ = try db.cachedStatement(sql: ExchangeRow.insertStatement) }
                return complete
            }
        } catch {
            throw HistoryError(.open, path: path, message: "\(error)")
        }
        return (SQLiteBackend(database: database, path: path, busyTimeout: configuration.busyTimeout), isMigrated)
    }

    /// Whether the write-ahead log has grown past `limit` bytes.
    private static func logIsLarge(_ logPath: String, limit: Int) -> Bool {
        var info = stat()
        return stat(logPath, &info) == 0 && Int(info.st_size) > limit
    }

    /// Copies the log into the file and truncates it, without waiting for other processes: one
    /// reading keeps the copy from finishing, and the log is then left for the next open.
    private static func restartLog(_ db: Database) throws {
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
        // A FIFO, device or socket named as the history is refused before anything opens it: opening
        // a FIFO for writing blocks until someone reads it, and SQLite cannot use any of them.
        for path in [url.path, url.path + "-wal", url.path + "-shm"] {
            if let kind = specialFileKind(path) {
                throw HistoryError(
                    .open, path: url.path,
                    message: "\(path == url.path ? "it" : path) is \(kind), not a regular file; name a database file")
            }
        }
        // Non-blocking, so that a FIFO put there since the check still cannot make this wait.
        let descriptor = open(url.path, O_CREAT | O_WRONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        guard descriptor >= 0 else {
            throw HistoryError(.open, path: url.path, message: String(cString: strerror(errno)))
        }
        var status = stat()
        let isRegular = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        Foundation.close(descriptor)
        guard isRegular else {
            throw HistoryError(.open, path: url.path, message: "it is not a regular file; name a database file")
        }
    }

    /// `a FIFO`, `a device`, `a socket` or `a directory` when `path` (or what its link points to) is
    /// one; `nil` for a regular file or nothing.
    static func specialFileKind(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a directory"
        default: return "not a regular file"
        }
    }
}
