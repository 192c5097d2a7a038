/// One connection inside a transaction, as both backends offer it: statements written once, with
/// `?` placeholders, which the PostgreSQL backend numbers (`$1`, `$2`…) before sending.
///
/// The SQLite backend runs each statement on its GRDB connection at once (a few microseconds, the
/// calling task waits); the PostgreSQL backend sends it on the pooled connection the transaction
/// leased. A connection must not be kept past the transaction's closure.
protocol SQLConnection {
    /// Which SQL the connection speaks, for the few statements that differ.
    var dialect: SQLDialect { get }

    /// Runs a statement that returns no rows.
    func execute(_ sql: String, _ arguments: [SQLValue]) async throws

    /// Runs a query and returns all its rows.
    func fetchAll(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow]

    /// Runs a query and hands its rows to `body` one at a time, never holding them all.
    func forEach(_ sql: String, _ arguments: [SQLValue], _ body: (SQLRow) throws -> Void) async throws
}

extension SQLConnection {
    func execute(_ sql: String, _ arguments: [any SQLBindable] = []) async throws {
        try await execute(sql, arguments.map(\.sqlValue))
    }

    func fetchAll(_ sql: String, _ arguments: [any SQLBindable] = []) async throws -> [SQLRow] {
        try await fetchAll(sql, arguments.map(\.sqlValue))
    }

    func fetchOne(_ sql: String, _ arguments: [any SQLBindable] = []) async throws -> SQLRow? {
        try await fetchAll(sql, arguments.map(\.sqlValue)).first
    }
}

/// The kind of transaction a store call needs.
enum SQLTransactionKind: Sendable {
    /// A consistent read: SQLite `BEGIN DEFERRED`; PostgreSQL `REPEATABLE READ, READ ONLY`.
    case read
    /// A write that conflicts with no other: SQLite `BEGIN IMMEDIATE`; PostgreSQL `READ COMMITTED`
    /// (recording, where every writer inserts its own rows).
    case write
    /// A read-modify-write that must not interleave with another writer's (a model upsert, retention,
    /// a migration): SQLite `BEGIN IMMEDIATE` already serialises writers; PostgreSQL takes the
    /// store's transaction-scoped advisory lock first.
    case exclusiveWrite
}

/// A database the store runs transactions on: one SQLite file, or one PostgreSQL database (schema).
protocol SQLBackend: Sendable {
    /// Which SQL it speaks.
    var dialect: SQLDialect { get }

    /// Runs `body` in a transaction of `kind`, committing when it returns and rolling back when it
    /// throws.
    func transaction<T: Sendable>(
        _ kind: SQLTransactionKind, _ body: (any SQLConnection) async throws -> T
    ) async throws -> T

    /// Runs `body` in a transaction of `kind` that gives up after `deadline`: waiting for another
    /// process's lock (SQLite) or for an unreachable server (PostgreSQL) ends with ``SQLDeadlineExceeded``
    /// instead of going on. Used to record an exchange, which must never hold a request up for long.
    func transaction<T: Sendable>(
        _ kind: SQLTransactionKind, deadline: Duration,
        _ body: @escaping @Sendable (any SQLConnection) async throws -> T
    ) async throws -> T

    /// Releases the connections; the backend refuses transactions afterwards.
    func close() async throws
}

/// A transaction with a deadline did not finish in time; it was rolled back or never began.
struct SQLDeadlineExceeded: Error, CustomStringConvertible {
    /// The deadline that passed.
    let deadline: Duration
    /// What it waited for: `another process's write lock`, `the server`.
    let waitingFor: String

    var description: String {
        "no answer from \(waitingFor) within \(Self.seconds(deadline)) s"
    }

    /// `2`, `0.5`: a duration in seconds, to a tenth.
    static func seconds(_ duration: Duration) -> String {
        let tenths = duration.components.seconds * 10 + duration.components.attoseconds / 100_000_000_000_000_000
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
