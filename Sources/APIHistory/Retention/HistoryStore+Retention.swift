extension HistoryStore {
    /// Prunes the oldest exchanges until the store is within its ``RetentionPolicy``.
    ///
    /// Recording never prunes: call this where it cannot delay a request, such as at start-up or
    /// from a background task after a batch of requests. It deletes in small transactions
    /// (`retentionBatch` rows each), so a request recorded meanwhile waits for one batch at most.
    ///
    /// ```swift
    /// var configuration = HistoryConfiguration()
    /// configuration.retention = RetentionPolicy(maximumRows: 10_000)
    /// let store = try HistoryStore(location: location, configuration: configuration)
    /// Task.detached { try await store.applyRetention() }  // 1_204 pruned
    /// ```
    ///
    /// - Returns: How many exchanges were pruned.
    /// - Throws: ``HistoryError`` when a read or delete fails.
    @discardableResult
    public func applyRetention() async throws(HistoryError) -> Int {
        let policy = configuration.retention
        guard policy.maximumRows != nil || policy.maximumBytes != nil else { return 0 }
        var pruned = 0
        while true {
            let batch = Self.retentionBatch
            let deleted = try await write(.exclusiveWrite) { connection -> Int in
                let (rows, bytes) = try await Self.totals(connection)
                var excessRows = 0
                if let maximum = policy.maximumRows { excessRows = max(rows - maximum, 0) }
                var excessBytes = 0
                if let maximum = policy.maximumBytes { excessBytes = max(bytes - maximum, 0) }
                guard excessRows > 0 || excessBytes > 0 else { return 0 }
                // The oldest rows first: enough of them for the row excess, then as many as the byte excess needs.
                let candidates = try await connection.fetchAll(
                    "SELECT id, stored_bytes FROM exchange ORDER BY id LIMIT ?", [batch])
                var count = 0
                var freed = 0
                var last: Int64?
                for candidate in candidates where count < excessRows || freed < excessBytes {
                    count += 1
                    freed += try candidate.int("stored_bytes")
                    last = try candidate.int64("id")
                }
                guard count > 0, let last else { return 0 }
                try await connection.execute("DELETE FROM exchange WHERE id <= ?", [last])
                return count
            }
            pruned += deleted
            if deleted < batch { return pruned }
        }
    }

    /// How many rows one retention transaction deletes at most.
    static let retentionBatch = 500
}

extension HistoryStore {
    /// Merges the full-text index into one segment and refreshes SQLite's statistics (on PostgreSQL:
    /// `ANALYZE`).
    ///
    /// Searches read fewer, larger index segments afterwards. It rewrites the whole index, so run
    /// it when the store is idle, such as after ``applyRetention()`` at start-up; every other call
    /// on the store waits for it meanwhile.
    ///
    /// ```swift
    /// try await store.applyRetention()
    /// try await store.optimize()
    /// ```
    ///
    /// - Throws: ``HistoryError`` when the write fails.
    public func optimize() async throws(HistoryError) {
        try await write(.exclusiveWrite) { connection in
            switch connection.dialect {
            case .sqlite:
                try await connection.execute("INSERT INTO exchange_text(exchange_text) VALUES ('optimize')")
                try await connection.execute("PRAGMA optimize")
            case .postgres:
                // VACUUM cannot run in a transaction; the server's autovacuum keeps the GIN index tidy.
                try await connection.execute("ANALYZE exchange")
            }
        }
    }
}
