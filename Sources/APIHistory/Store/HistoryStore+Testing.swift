extension HistoryStore {
    /// Drops the PostgreSQL schema a `schema=` location names, with everything in it: a test's
    /// throwaway history. Does nothing for SQLite or a location without a schema.
    ///
    /// - Throws: ``HistoryError`` when the server refuses.
    package func dropPostgresSchema() async throws(HistoryError) {
        guard let schema = location.postgres?.schema else { return }
        try await transaction(.write) { connection in
            try await connection.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
        }
    }
}
