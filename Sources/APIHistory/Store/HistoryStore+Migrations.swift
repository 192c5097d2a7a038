import Foundation

extension HistoryStore {
    /// Brings the schema up to date once per store, before its first call.
    func ensureMigrated() async throws(HistoryError) {
        try await migrated.run { () async throws(HistoryError) in try await migrate() }
    }

    /// Applies the migrations the database lacks, in one transaction that excludes other writers
    /// (SQLite `BEGIN IMMEDIATE`; PostgreSQL's advisory lock): two processes opening a new history
    /// at once migrate it once, the second finding it done.
    ///
    /// On PostgreSQL, a `schema=` location's schema is created first when missing; that, and creating
    /// the tables, need a role allowed to create in the database (see `docs/history-postgres.md`).
    /// - Parameter last: The last migration to apply (tests build older schemas with it); `nil` for all.
    func migrate(upTo last: String? = nil) async throws(HistoryError) {
        // Up to date already (the usual case): confirmed in a read, which a read-only role may run;
        // creating the version table, even `IF NOT EXISTS`, needs the right to create.
        if last == nil, try await isUpToDate() { return }
        let schema = location.postgres?.schema
        do {
            try await backend.transaction(.exclusiveWrite) { connection in
                if let schema { try await connection.execute("CREATE SCHEMA IF NOT EXISTS \(schema)") }
                try await Self.migrate(connection, upTo: last)
            }
        } catch {
            throw failure(error, kind: .open)
        }
    }

    /// Whether every migration is recorded as applied; `false` when there is no version table yet.
    /// Any other failure (no server, no permission) is thrown as it is: migrating would only try to
    /// connect again, or report a permission on the schema instead of the real cause.
    private func isUpToDate() async throws(HistoryError) -> Bool {
        do {
            return try await backend.transaction(.read) { connection in
                let versions = HistorySchema.versionTable(connection.dialect)
                let applied = Set(
                    try await connection.fetchAll("SELECT identifier FROM \(versions)").map {
                        try $0.string("identifier")
                    })
                return HistorySchema.migrations.allSatisfy { applied.contains($0.identifier) }
            }
        } catch {
            // PostgreSQL's undefined_table (also for a schema= schema not created yet); SQLite's message.
            let text = PostgresBackend.describe(error)
            if text.contains("[SQLSTATE 42P01]") || text.contains("no such table") { return false }
            throw failure(error, kind: .open)
        }
    }

    /// Runs every step of every migration not yet applied, recording each as applied.
    static func migrate(_ connection: any SQLConnection, upTo last: String? = nil) async throws {
        let versions = HistorySchema.versionTable(connection.dialect)
        try await connection.execute("CREATE TABLE IF NOT EXISTS \(versions) (identifier TEXT NOT NULL PRIMARY KEY)")
        let applied = Set(
            try await connection.fetchAll("SELECT identifier FROM \(versions)").map { try $0.string("identifier") })
        for migration in HistorySchema.migrations {
            if !applied.contains(migration.identifier) {
                for step in migration.steps {
                    if case .code(let body) = step {
                        try await body(connection)
                    } else {
                        for statement in step.render(connection.dialect) { try await connection.execute(statement) }
                    }
                }
                try await connection.execute(
                    "INSERT INTO \(versions) (identifier) VALUES (?)", [migration.identifier])
            }
            if migration.identifier == last { return }
        }
    }
}
