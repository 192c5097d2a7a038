import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresNIO
import Synchronization

/// The shared backend: one PostgreSQL database (and schema) through a small `PostgresClient` pool.
///
/// The pool runs in a task of its own from the first transaction until ``close()``. Transactions
/// lease a connection each, so several calls (and several processes) write at once; a
/// ``SQLTransactionKind/exclusiveWrite`` first takes a transaction-scoped advisory lock, which
/// serialises the read-modify-writes SQLite's `BEGIN IMMEDIATE` serialises.
final class PostgresBackend: SQLBackend {
    /// The advisory lock key of exclusive writes: `apiexplore` in ASCII, so it does not collide with a
    /// small number another program picked.
    static let advisoryLock: Int64 = 0x6170_6965_7870_6c6f

    let target: PostgresTarget
    private let client: PostgresClient
    private let runner: Mutex<Task<Void, Never>?> = Mutex(nil)
    private let isClosed = Mutex(false)
    /// The same settings for one connection outside the pool (see ``transaction(_:_:)``).
    private let direct: PostgresConnection.Configuration
    /// Whether a connection has succeeded; until then transactions connect outside the pool.
    private let hasConnected = Mutex(false)

    var dialect: SQLDialect { .postgres }

    init(target: PostgresTarget, maximumConnections: Int = 4) throws(HistoryError) {
        self.target = target
        var configuration = PostgresClient.Configuration(
            host: target.host, port: target.port, username: target.user, password: target.password,
            database: target.database, tls: try Self.tls(target))
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(10)
        if let schema = target.schema {
            // Any run-time setting may be sent at start-up: every connection then finds the history's tables.
            configuration.options.additionalStartupParameters = [("search_path", schema)]
        }
        var direct = PostgresConnection.Configuration(
            host: target.host, port: target.port, username: target.user, password: target.password,
            database: target.database, tls: try Self.connectionTLS(target))
        direct.options.additionalStartupParameters = configuration.options.additionalStartupParameters
        self.direct = direct
        client = PostgresClient(
            configuration: configuration,
            backgroundLogger: Logger(label: "apiexplore.history", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    private static func tls(_ target: PostgresTarget) throws(HistoryError) -> PostgresClient.Configuration.TLS {
        var unverified = TLSConfiguration.makeClientConfiguration()
        unverified.certificateVerification = .none
        switch target.tls {
        case .disable: return .disable
        case .prefer: return .prefer(unverified)
        case .require: return .require(unverified)
        case .verifyCA, .verifyFull: return .require(verifying(target))
        }
    }

    /// The TLS settings of `verify-ca` (the chain only) and `verify-full` (the chain and the host name),
    /// trusting `sslrootcert` when given, else the system's roots.
    private static func verifying(_ target: PostgresTarget) -> TLSConfiguration {
        var verified = TLSConfiguration.makeClientConfiguration()
        verified.certificateVerification = target.tls == .verifyFull ? .fullVerification : .noHostnameVerification
        if let rootCertificate = target.rootCertificate { verified.trustRoots = .file(rootCertificate) }
        return verified
    }

    /// ``tls(_:)`` for a single connection, which takes a ready TLS context.
    private static func connectionTLS(_ target: PostgresTarget) throws(HistoryError)
        -> PostgresConnection.Configuration.TLS
    {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        if target.tls.verifies { configuration = verifying(target) }
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw HistoryError(.open, path: target.redactedURL, message: "cannot set up TLS: \(error)")
        }
        switch target.tls {
        case .disable: return .disable
        case .prefer: return .prefer(context)
        case .require, .verifyCA, .verifyFull: return .require(context)
        }
    }

    /// Starts the pool's run loop once.
    private func startIfNeeded() throws(HistoryError) {
        if isClosed.withLock({ $0 }) {
            throw HistoryError(.database, path: target.redactedURL, message: "the history store is closed")
        }
        runner.withLock { runner in
            if runner == nil {
                let client = client
                runner = Task { await client.run() }
            }
        }
    }

    /// Runs `body` in a transaction on a pooled connection, or, until one connection has succeeded,
    /// on a connection of its own: the pool retries a refused connection with backoff for a minute
    /// before a lease fails, while a direct connection says at once why it cannot connect
    /// (refused, unknown host, authentication, TLS). The first call (the migration) pays for that
    /// one extra connection.
    func transaction<T: Sendable>(
        _ kind: SQLTransactionKind, _ body: (any SQLConnection) async throws -> T
    ) async throws -> T {
        try await transaction(kind, holder: nil, body)
    }

    /// The transaction in a task of its own that is given up after `deadline`: the task is cancelled,
    /// which ends a wait for the pool's connection or for a new connection, and the connection it
    /// holds is closed, which ends a statement waiting on a server that stopped answering (a
    /// statement on a leased connection does not heed cancellation). The task is awaited, so nothing
    /// runs on after this returns.
    func transaction<T: Sendable>(
        _ kind: SQLTransactionKind, deadline: Duration,
        _ body: @escaping @Sendable (any SQLConnection) async throws -> T
    ) async throws -> T {
        let holder = ConnectionHolder()
        let work = Task { try await self.transaction(kind, holder: holder, body) }
        let timer = Task {
            try await Task.sleep(for: deadline)
            holder.giveUp()
            work.cancel()
        }
        defer { timer.cancel() }
        let result = await withTaskCancellationHandler {
            await work.result
        } onCancel: {
            work.cancel()
        }
        if holder.gaveUp {
            throw SQLDeadlineExceeded(deadline: deadline, waitingFor: "the server")
        }
        return try result.get()
    }

    private func transaction<T: Sendable>(
        _ kind: SQLTransactionKind, holder: ConnectionHolder?, _ body: (any SQLConnection) async throws -> T
    ) async throws -> T {
        try startIfNeeded()
        if !hasConnected.withLock({ $0 }) {
            let connection = try await PostgresConnection.connect(
                configuration: direct, id: 0,
                logger: Logger(label: "apiexplore.history", factory: { _ in SwiftLogNoOpLogHandler() }))
            let result: Result<T, any Error>
            do {
                holder?.hold(connection)
                result = .success(try await run(kind, on: connection, body))
            } catch {
                result = .failure(error)
            }
            holder?.release()
            if !connection.isClosed { try await connection.close() }
            hasConnected.withLock { $0 = true }
            return try result.get()
        }
        return try await client.withConnection { connection in
            holder?.hold(connection)
            defer { holder?.release() }
            return try await run(kind, on: connection, body)
        }
    }

    private nonisolated(nonsending) func run<T: Sendable>(
        _ kind: SQLTransactionKind, on connection: PostgresConnection, _ body: (any SQLConnection) async throws -> T
    ) async throws -> T {
        let wrapped = PostgresSQLConnection(connection: connection)
        let value: T
        // The opening statements are inside the `do`: a lock wait that fails (lock_timeout,
        // statement_timeout, a deadlock, pg_cancel_backend) leaves the transaction open and aborted,
        // and a connection handed back so would fail every later transaction leased onto it.
        do {
            switch kind {
            case .read:
                try await wrapped.execute("START TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", [])
            case .write: try await wrapped.execute("BEGIN", [])
            case .exclusiveWrite:
                try await wrapped.execute("BEGIN", [])
                try await wrapped.execute("SELECT pg_advisory_xact_lock(?)", [.integer(Self.advisoryLock)])
            }
            value = try await body(wrapped)
            try await wrapped.execute("COMMIT", [])
        } catch {
            do {
                try await wrapped.execute("ROLLBACK", [])
            } catch let rollbackError {
                // A connection whose state is unknown must not go back to the pool: closed, it is discarded.
                var closing = ""
                if !connection.isClosed {
                    do {
                        try await connection.close()
                    } catch let closeError {
                        closing = "; closing the connection: \(Self.describe(closeError))"
                    }
                }
                throw RollbackFailure(error: error, rollback: rollbackError, closing: closing)
            }
            throw error
        }
        return value
    }

    func close() async throws {
        let task = runner.withLock { runner in
            defer { runner = nil }
            return runner
        }
        isClosed.withLock { $0 = true }
        task?.cancel()
        await task?.value
    }

    /// An error in words without leaking the statement's arguments: PostgreSQL's message, detail and
    /// SQLSTATE, or the connection failure underneath.
    static func describe(_ error: any Error) -> String {
        if let error = error as? RollbackFailure { return error.description }
        guard let error = error as? PSQLError else { return "\(error)" }
        if let info = error.serverInfo {
            var text = info[.message] ?? "server error"
            if let detail = info[.detail] { text += " (\(detail))" }
            if let state = info[.sqlState] { text += " [SQLSTATE \(state)]" }
            return text
        }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }
}

/// A transaction failed and so did its rollback: the first error, kept so that callers can tell what
/// happened (a connection the server closed), and why the rollback failed too.
struct RollbackFailure: Error, CustomStringConvertible {
    let error: any Error
    let rollback: any Error
    /// `; closing the connection: …` when closing it failed as well, else empty.
    let closing: String

    var description: String {
        "\(PostgresBackend.describe(error)); rolling back: \(PostgresBackend.describe(rollback))\(closing)"
    }
}

/// The connection a transaction with a deadline runs on, so that giving up can close it.
final class ConnectionHolder: Sendable {
    private struct State {
        var connection: PostgresConnection?
        var gaveUp = false
    }

    private let state = Mutex(State())

    /// Whether the deadline passed.
    var gaveUp: Bool { state.withLock { $0.gaveUp } }

    /// Notes the connection in use; closes it at once when the deadline has already passed.
    func hold(_ connection: PostgresConnection) {
        let late = state.withLock { state in
            state.connection = connection
            return state.gaveUp
        }
        if late { close(connection) }
    }

    func release() {
        state.withLock { $0.connection = nil }
    }

    /// Marks the deadline passed and closes the connection in use, if any: a closed connection is
    /// discarded by the pool, never leased again.
    func giveUp() {
        let connection = state.withLock { state in
            state.gaveUp = true
            return state.connection
        }
        if let connection { close(connection) }
    }

    private func close(_ connection: PostgresConnection) {
        // Closing completes on the connection's event loop; nobody waits for it here.
        connection.close().whenComplete { _ in }
    }
}

/// A leased PostgreSQL connection inside one transaction.
struct PostgresSQLConnection: SQLConnection {
    let connection: PostgresConnection

    var dialect: SQLDialect { .postgres }

    private static let logger = Logger(label: "apiexplore.history", factory: { _ in SwiftLogNoOpLogHandler() })

    func execute(_ sql: String, _ arguments: [SQLValue]) async throws {
        let rows = try await connection.query(Self.query(sql, arguments), logger: Self.logger)
        for try await _ in rows {}
    }

    func fetchAll(_ sql: String, _ arguments: [SQLValue]) async throws -> [SQLRow] {
        var rows: [SQLRow] = []
        try await forEach(sql, arguments) { rows.append($0) }
        return rows
    }

    func forEach(_ sql: String, _ arguments: [SQLValue], _ body: (SQLRow) throws -> Void) async throws {
        let rows = try await connection.query(Self.query(sql, arguments), logger: Self.logger)
        var columns: SQLRow.Columns?
        for try await row in rows {
            var names: [String] = []
            var values: [SQLValue] = []
            for cell in row {
                if columns == nil { names.append(cell.columnName) }
                values.append(try Self.value(cell))
            }
            let shared = columns ?? SQLRow.Columns(names)
            columns = shared
            try body(SQLRow(columns: shared, values: values))
        }
    }

    static func query(_ sql: String, _ arguments: [SQLValue]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument {
            case .null: bindings.appendNull()
            case .integer(let integer): bindings.append(integer)
            case .real(let real): bindings.append(real)
            case .text(let text): bindings.append(text)
            case .blob(let bytes): bindings.append(ByteBuffer(bytes: bytes))
            }
        }
        return PostgresQuery(unsafeSQL: SQLDialect.postgres.placeholders(sql), binds: bindings)
    }

    static func value(_ cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int8, .int4, .int2: return .integer(try cell.decode(Int64.self))
        case .float8, .float4: return .real(try cell.decode(Double.self))
        case .bool: return .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .bytea:
            let buffer = try cell.decode(ByteBuffer.self)
            return .blob(Array(buffer.readableBytesView))
        default: return .text(try cell.decode(String.self))
        }
    }
}
