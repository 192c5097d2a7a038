import Foundation

extension HistoryStore {
    /// Brings the schema up to date once per store, before its first call.
    func ensureMigrated() async throws(HistoryError) {
        try await migrated.run { () async throws(HistoryError) in _ = try await migrate() }
    }

    /// Applies the migrations the database lacks, in one transaction that excludes other writers
    /// (SQLite `BEGIN IMMEDIATE`; PostgreSQL's advisory lock): two processes opening a new history
    /// at once migrate it once, the second finding it done.
    ///
    /// On PostgreSQL, a `schema=` location's schema is created first when missing; that, and creating
    /// the tables, need a role allowed to create in the database (see `docs/history-postgres.md`).
    /// - Parameter last: The last migration to apply (tests build older schemas with it); `nil` for all.
    /// - Returns: The identifiers of the migrations applied, oldest first; empty when it was up to date.
    @discardableResult
    func migrate(upTo last: String? = nil) async throws(HistoryError) -> [String] {
        // Up to date already (the usual case): confirmed in a read, which a read-only role may run;
        // creating the version table, even `IF NOT EXISTS`, needs the right to create.
        if last == nil, try await isUpToDate() { return [] }
        let schema = location.postgres?.schema
        do {
            return try await backend.transaction(.exclusiveWrite) { connection in
                // `CREATE SCHEMA IF NOT EXISTS` needs the right to create in the database even when the
                // schema exists: an owner given its schema by an administrator (the documented set-up)
                // has no such right, so the schema is created only when it is missing.
                if let schema,
                    try await connection.fetchAll("SELECT 1 FROM pg_namespace WHERE nspname = ?", [schema]).isEmpty
                {
                    try await connection.execute("CREATE SCHEMA \(schema)")
                }
                return try await Self.migrate(connection, upTo: last)
            }
        } catch {
            throw migrationFailure(error)
        }
    }

    /// Brings the history's schema up to date now, as `apiexplore history migrate` does, and says
    /// what it applied. Every other call migrates on first use too; this lets the owner of a shared
    /// history migrate it before anyone else uses the new version.
    ///
    /// ```swift
    /// try await store.migrateNow()  // ["v7: who recorded each exchange, where, with what"]
    /// try await store.migrateNow()  // []
    /// ```
    ///
    /// - Returns: The identifiers of the migrations applied, oldest first; empty when it was up to date.
    /// - Throws: ``HistoryError`` when a migration fails (for PostgreSQL, one saying that the
    ///   history's owner must run it when this role may not).
    public func migrateNow() async throws(HistoryError) -> [String] {
        var applied: [String] = []
        try await migrated.run { () async throws(HistoryError) in applied = try await migrate() }
        return applied
    }

    /// Every migration this version knows, oldest first, and whether the history has it.
    ///
    /// - Returns: Each migration's identifier and whether it is applied.
    /// - Throws: ``HistoryError`` when the history cannot be read.
    public func migrationStatus() async throws(HistoryError) -> [(identifier: String, isApplied: Bool)] {
        let applied = try await appliedMigrations()
        return HistoryMigrations.all.map { ($0.identifier, applied.contains($0.identifier)) }
    }

    /// A failed migration in words; a PostgreSQL role without the right to change the schema is told
    /// who must.
    private func migrationFailure(_ error: any Error) -> HistoryError {
        let text = PostgresBackend.describe(error)
        if let target = location.postgres, text.contains("[SQLSTATE 42501]") {
            return HistoryError(
                .open, path: location.description,
                message: "\(text): role \(target.user) may not change the history's schema; its owner must run "
                    + "`apiexplore history migrate --history postgres://OWNER@…` first (see docs/history-postgres.md)")
        }
        return failure(error, kind: .open)
    }

    /// Whether every migration is recorded as applied; `false` when there is no version table yet.
    /// Any other failure (no server, no permission) is thrown as it is: migrating would only try to
    /// connect again, or report a permission on the schema instead of the real cause.
    private func isUpToDate() async throws(HistoryError) -> Bool {
        let applied = try await appliedMigrations()
        return HistoryMigrations.all.allSatisfy { applied.contains($0.identifier) }
    }

    /// The identifiers recorded as applied; empty when there is no version table yet.
    private func appliedMigrations() async throws(HistoryError) -> Set<String> {
        do {
            return try await backend.transaction(.read) { connection in
                let versions = Migration.versionTable(connection.dialect)
                return Set(
                    try await connection.fetchAll("SELECT identifier FROM \(versions)").map {
                        try $0.string("identifier")
                    })
            }
        } catch {
            // PostgreSQL's undefined_table (also for a schema= schema not created yet); SQLite's message.
            let text = PostgresBackend.describe(error)
            if text.contains("[SQLSTATE 42P01]") || text.contains("no such table") { return [] }
            throw failure(error, kind: .open)
        }
    }

    /// Runs every step of every migration not yet applied, recording each as applied.
    @discardableResult
    static func migrate(_ connection: any SQLConnection, upTo last: String? = nil) async throws -> [String] {
        let versions = Migration.versionTable(connection.dialect)
        try await connection.execute("CREATE TABLE IF NOT EXISTS \(versions) (identifier TEXT NOT NULL PRIMARY KEY)")
        let applied = Set(
            try await connection.fetchAll("SELECT identifier FROM \(versions)").map { try $0.string("identifier") })
        var done: [String] = []
        for migration in HistoryMigrations.all {
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
                done.append(migration.identifier)
            }
            if migration.identifier == last { return done }
        }
        return done
    }
}
