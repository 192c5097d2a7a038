import GRDB

extension HistoryStore {
    /// Prunes the oldest exchanges until the store is within its ``RetentionPolicy``.
    ///
    /// Recording never prunes: call this where it cannot delay a request, such as at start-up or
    /// from a background task after a batch of requests. It deletes in small transactions
    /// (``retentionBatch`` rows each), so a request recorded meanwhile waits for one batch at most.
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
            let deleted = try await write { db -> Int in
                let (rows, bytes) = try Self.totals(db)
                var excessRows = 0
                if let maximum = policy.maximumRows { excessRows = max(rows - maximum, 0) }
                var excessBytes = 0
                if let maximum = policy.maximumBytes { excessBytes = max(bytes - maximum, 0) }
                guard excessRows > 0 || excessBytes > 0 else { return 0 }
                // The oldest rows first: enough of them for the row excess, then as many as the byte excess needs.
                let candidates = try Row.fetchAll(
                    db, sql: "SELECT id, stored_bytes FROM exchange ORDER BY id LIMIT ?", arguments: [batch])
                var count = 0
                var freed = 0
                for candidate in candidates where count < excessRows || freed < excessBytes {
                    count += 1
                    freed += candidate["stored_bytes"] as Int
                }
                guard count > 0, let last = candidates[count - 1]["id"] as Int64? else { return 0 }
                try db.execute(sql: "DELETE FROM exchange WHERE id <= ?", arguments: [last])
                return count
            }
            pruned += deleted
            if deleted < batch { return pruned }
        }
    }

    /// How many rows one retention transaction deletes at most.
    static let retentionBatch = 500

    private static func totals(_ db: Database) throws -> (rows: Int, bytes: Int) {
        let row = try Row.fetchOne(db, sql: "SELECT count(*), coalesce(sum(stored_bytes), 0) FROM exchange")
        return (row?[0] ?? 0, row?[1] ?? 0)
    }
}

extension HistoryStore {
    /// Merges the full-text index into one segment and refreshes SQLite's statistics.
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
        try await write { db in
            try db.execute(sql: "INSERT INTO exchange_text(exchange_text) VALUES ('optimize')")
            try db.execute(sql: "PRAGMA optimize")
        }
    }
}
