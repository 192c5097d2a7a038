import Foundation
import GRDB
import PostgresNIO

extension HistoryStore {
    /// Why recording failed, as a ``HistoryError`` that tells an unavailable history (busy, not
    /// answering, unreachable: worth keeping the exchange and trying later) from a read-only one
    /// (this user or role may only read) from anything else.
    func recordingFailure(_ error: any Error) -> HistoryError {
        let path = location.description
        switch Self.recordingFailureKind(error) {
        case .readOnly?:
            let role = location.postgres.map { " (PostgreSQL role \($0.user))" } ?? ""
            return HistoryError(
                .readOnly, path: path,
                message: "\(PostgresBackend.describe(error))\(role); nothing is recorded, ask the history's owner "
                    + "for the right to write, or use --no-history")
        case .unavailable?:
            return HistoryError(.unavailable, path: path, message: PostgresBackend.describe(error))
        default:
            return failure(error)
        }
    }

    /// The kind of failure `error` is, when it is one of the two that recording treats apart.
    static func recordingFailureKind(_ error: any Error) -> HistoryError.Kind? {
        switch error {
        case is SQLDeadlineExceeded, is CancellationError:
            return .unavailable
        case let error as HistoryError:
            return error.kind == .readOnly || error.kind == .unavailable ? error.kind : nil
        case let error as RollbackFailure:
            return recordingFailureKind(error.error)
        case let error as DatabaseError:
            switch error.resultCode {
            case .SQLITE_READONLY: return .readOnly
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .unavailable
            default: return nil
            }
        case let error as PSQLError:
            guard let state = error.serverInfo?[.sqlState] else {
                // No answer from the server at all: refused, closed, timed out, TLS failed.
                return .unavailable
            }
            // 42501 insufficient_privilege; 25006 read_only_sql_transaction (a hot standby).
            if state == "42501" || state == "25006" { return .readOnly }
            // 08 connection exceptions; 57P01-57P05 the server shutting down or not yet up; 53300 too many connections.
            if state.hasPrefix("08") || state.hasPrefix("57P") || state == "53300" { return .unavailable }
            return nil
        default:
            return nil
        }
    }
}

extension HistoryStore {
    /// Whether this user may record in the history: `nil` when it may, else the error recording would
    /// fail with (``HistoryError/isReadOnly``), so that a command can say so before it sends anything.
    ///
    /// A PostgreSQL role is asked whether it may insert into the exchange table (a viewer may not); a
    /// SQLite file, whether this user may write it.
    ///
    /// ```swift
    /// if let refusal = try await store.readOnlyRefusal() { print("warning: \(refusal)") }
    /// // warning: history postgres://viewer@db:5432/api?… is read-only for this user: …
    /// ```
    ///
    /// - Returns: The refusal, or `nil`.
    /// - Throws: ``HistoryError`` when the history cannot be read.
    public func readOnlyRefusal() async throws(HistoryError) -> HistoryError? {
        if let target = location.postgres {
            let allowed = try await read { connection in
                try await connection.fetchAll("SELECT has_table_privilege('exchange', 'INSERT') AS allowed")
                    .first?.bool("allowed") ?? false
            }
            guard !allowed else { return nil }
            return HistoryError(
                .readOnly, path: location.description,
                message: "role \(target.user) may not insert into its exchange table; nothing is recorded (ask the "
                    + "history's owner for the writer's grants, or use --no-history)")
        }
        guard access(location.url.path, W_OK) != 0 else { return nil }
        return HistoryError(
            .readOnly, path: location.description,
            message: "the file is not writable (\(String(cString: strerror(errno)))); nothing is recorded")
    }
}
