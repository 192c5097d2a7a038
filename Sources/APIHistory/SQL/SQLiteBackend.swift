import CSQLiteShim
import Foundation
import GRDB
import Synchronization

/// The embedded backend: one SQLite file through a GRDB `DatabaseQueue` connection.
///
/// Store calls take turns on the connection with an ``AsyncSerialLock``: a transaction holds it from
/// `BEGIN` to `COMMIT`, and runs each statement synchronously on GRDB's queue (`inDatabase`), so a
/// statement costs what it cost before the store had two backends, without a hop per statement.
/// Statements are prepared once per text and kept (`cachedStatement`).
final class SQLiteBackend: SQLBackend {
    let database: DatabaseQueue
    let path: String
    /// How long a write waits for another process's write lock, as the connection was opened with.
    let busyTimeout: Duration
    private let lock = AsyncSerialLock()
    /// Set by ``close()`` while it holds the lock: every transaction queued after it refuses.
    private let isClosed = Mutex(false)

    var dialect: SQLDialect { .sqlite }

    init(database: DatabaseQueue, path: String, busyTimeout: Duration) {
        self.database = database
        self.path = path
        self.busyTimeout = busyTimeout
    }

    func transaction<T: Sendable>(
        _ kind: SQLTransactionKind, _ body: (any SQLConnection) async throws -> T
    ) async throws -> T {
        try await transaction(kind, patience: nil, body)
    }

    /// The transaction with SQLite's busy timeout lowered to `deadline` for its `BEGIN`: another
    /// process holding the write lock longer makes it fail with ``SQLDeadlineExceeded``.
    func transaction<T: Sendable>(
        _ kind: SQLTransactionKind, deadline: Duration,
        _ body: @escaping @Sendable (any SQLConnection) async throws -> T
    ) async throws -> T {
        do {
            return try await transaction(kind, patience: min(deadline, busyTimeout), body)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            throw SQLDeadlineExceeded(deadline: min(deadline, busyTimeout), waitingFor: "another process's write lock")
        }
    }

    private func transaction<T: Sendable>(
        _ kind: SQLTransactionKind, patience: Duration?, _ body: (any SQLConnection) async throws -> T
    ) async throws -> T {
        await lock.lock()
        defer { lock.unlock() }
        try refuseIfClosed()
        if let patience, patience != busyTimeout {
            try setBusyTimeout(patience)
        }
        defer {
            if let patience, patience != busyTimeout {
                // Back to the connection's own patience for the calls that follow, whatever happened.
                do {
                    try setBusyTimeout(busyTimeout)
                } catch {
                    restoreFailure.withLock { $0 = "\(error)" }
                }
            }
        }
        try database.inDatabase { db in try db.beginTransaction(kind == .read ? .deferred : .immediate) }
        let value: T
        do {
            value = try await body(SQLiteConnection(database: database))
            try database.inDatabase { db in try db.commit() }
        } catch {
            try rollBack(after: error)
            throw error
        }
        return value
    }

    /// Why restoring the busy timeout after a transaction with a deadline failed, if it did: the next
    /// transaction reports it rather than running with the wrong patience.
    private let restoreFailure = Mutex<String?>(nil)

    private func setBusyTimeout(_ duration: Duration) throws {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        try database.inDatabase { db in try db.execute(sql: "PRAGMA busy_timeout = \(max(milliseconds, 0))") }
    }

    /// Runs `body` on the connection outside any transaction, in turn with the store's transactions
    /// (a checkpoint, which SQLite refuses inside one).
    func withoutTransaction<T: Sendable>(_ body: (Database) throws -> T) async throws -> T {
        await lock.lock()
        defer { lock.unlock() }
        try refuseIfClosed()
        return try database.inDatabase(body)
    }

    /// Rolls back the open transaction, if SQLite has not already; when even that fails, the error
    /// says both what failed and that the rollback did.
    private func rollBack(after error: any Error) throws {
        do {
            try database.inDatabase { db in
                if db.isInsideTransaction { try db.rollback() }
            }
        } catch let rollbackError {
            throw HistoryError(.database, path: path, message: "\(error); rolling back: \(rollbackError)")
        }
    }

    func close() async throws {
        await lock.lock()
        defer { lock.unlock() }
        let wasOpen = isClosed.withLock { isClosed in
            defer { isClosed = true }
            return !isClosed
        }
        guard wasOpen else { return }
        do {
            try database.close()
        } catch {
            isClosed.withLock { $0 = false }
            throw error
        }
    }

    private func refuseIfClosed() throws(HistoryError) {
        if isClosed.withLock({ $0 }) {
            throw HistoryError(.database, path: path, message: "the history store is closed")
        }
        if let failure = restoreFailure.withLock({ $0 }) {
            throw HistoryError(.database, path: path, message: "cannot restore the busy timeout: \(failure)")
        }
    }
}

/// The SQLite connection inside one transaction.
struct SQLiteConnection: SQLConnection {
    let database: DatabaseQueue

    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ arguments: [SQLValue]) async throws {
        try database.inDatabase { db in
            try db.cachedStatement(sql: sql).execute(arguments: Self.arguments(arguments))
        }
    }

    func fetchAll(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        var rows: [SQLRow] = []
        try forEachRow(sql, arguments) { rows.append($0) }
        return rows
    }

    func forEach(_ sql: String, _ arguments: [SQLValue], _ body: (SQLRow) throws -> Void) async throws {
        try forEachRow(sql, arguments, body)
    }

    private func forEachRow(_ sql: String, _ arguments: [SQLValue], _ body: (SQLRow) throws -> Void) throws {
        try database.inDatabase { db in
            let statement = try db.cachedStatement(sql: sql)
            let columns = SQLRow.Columns(statement.columnNames)
            let cursor = try Row.fetchCursor(statement, arguments: Self.arguments(arguments))
            while let row = try cursor.next() {
                var values: [SQLValue] = []
                values.reserveCapacity(row.count)
                for index in 0..<row.count {
                    values.append(Self.value(row[index] as DatabaseValue))
                }
                try body(SQLRow(columns: columns, values: values))
            }
        }
    }

    static func arguments(_ values: [SQLValue]) -> StatementArguments {
        StatementArguments(
            values.map { value -> DatabaseValue in
                switch value {
                case .null: .null
                case .integer(let integer): integer.databaseValue
                case .real(let real): real.databaseValue
                case .text(let text): text.databaseValue
                case .blob(let bytes): Data(bytes).databaseValue
                }
            })
    }

    static func value(_ value: DatabaseValue) -> SQLValue {
        switch value.storage {
        case .null: .null
        case .int64(let integer): .integer(integer)
        case .double(let real): .real(real)
        case .string(let text): .text(text)
        case .blob(let data): .blob(Array(data))
        }
    }
}
