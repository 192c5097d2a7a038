import APIMapping

extension HistoryStore {
    /// Lists exchanges newest first, filtered by profile, endpoint, outcome and business status.
    ///
    /// ```swift
    /// let failures = try await store.entries(HistoryQuery(profile: "slack", outcomes: [.businessFailure]))
    /// failures.first?.tip  // "invalid_auth"
    /// ```
    ///
    /// - Parameter query: The filters, limit and page.
    /// - Returns: Matching entries, newest first.
    /// - Throws: ``HistoryError`` when the read fails.
    public func entries(_ query: HistoryQuery = HistoryQuery()) async throws(HistoryError) -> [HistoryEntry] {
        let (filter, filterArguments) = Self.filter(query)
        let sql = "SELECT \(HistoryEntry.columns) FROM exchange\(filter) ORDER BY id DESC LIMIT ?"
        let arguments = filterArguments + [Int64(max(query.limit, 0)).sqlValue]
        return try await read { connection in
            try await connection.fetchAll(sql, arguments).map(HistoryEntry.init(row:))
        }
    }

    /// Hands the exchanges a query lists to `body` one at a time, newest first, as the database reads
    /// them, never holding the whole list: what `history list` streams.
    ///
    /// The read is one transaction, so the rows are one consistent snapshot; `body` must not call
    /// back into the store (on SQLite it runs while the store's connection is held).
    ///
    /// ```swift
    /// try await store.forEachEntry(HistoryQuery(limit: 20_000)) { entry in print(entry.id) }
    /// ```
    ///
    /// - Parameters:
    ///   - query: The filters, limit and page.
    ///   - body: Receives each entry.
    /// - Throws: ``HistoryError`` when the read fails, or what `body` throws, wrapped.
    public func forEachEntry(_ query: HistoryQuery, _ body: (HistoryEntry) throws -> Void) async throws(HistoryError) {
        let (filter, filterArguments) = Self.filter(query)
        let sql = "SELECT \(HistoryEntry.columns) FROM exchange\(filter) ORDER BY id DESC LIMIT ?"
        let arguments = filterArguments + [Int64(max(query.limit, 0)).sqlValue]
        try await read { connection in
            try await connection.forEach(sql, arguments) { row in try body(try HistoryEntry(row: row)) }
        }
    }

    /// The `WHERE` clause and arguments for a query's filters (not its limit).
    static func filter(_ query: HistoryQuery) -> (String, [SQLValue]) {
        var conditions: [String] = []
        var arguments: [SQLValue] = []
        if let profile = query.profile {
            conditions.append("profile = ?")
            arguments.append(profile.sqlValue)
        }
        if let endpoint = query.endpoint {
            conditions.append("endpoint = ?")
            arguments.append(endpoint.sqlValue)
        }
        if !query.outcomes.isEmpty {
            let outcomes = query.outcomes.map(\.rawValue).sorted()
            conditions.append("outcome IN (" + outcomes.map { _ in "?" }.joined(separator: ",") + ")")
            arguments += outcomes.map(\.sqlValue)
        }
        if let url = query.url {
            conditions.append("url = ?")
            arguments.append(url.sqlValue)
        }
        if let method = query.method {
            conditions.append("method = ?")
            arguments.append(method.sqlValue)
        }
        if let environment = query.environment {
            conditions.append("environment = ?")
            arguments.append(environment.sqlValue)
        }
        if let name = query.businessError {
            conditions.append("business_error = ?")
            arguments.append(name.sqlValue)
        }
        if let status = query.businessStatus {
            conditions.append("business_status = ?")
            arguments.append(status.sqlValue)
        }
        if let before = query.before {
            conditions.append("id < ?")
            arguments.append(before.sqlValue)
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), arguments)
    }

    /// How many exchanges are stored, and how many bytes of them (bodies, headers and texts).
    ///
    /// ```swift
    /// try await store.count()  // (rows: 1204, bytes: 3_811_202)
    /// ```
    ///
    /// - Returns: The row count and the stored bytes.
    /// - Throws: ``HistoryError`` when the read fails.
    public func count() async throws(HistoryError) -> (rows: Int, bytes: Int) {
        try await read { connection in try await Self.totals(connection) }
    }
}

extension HistoryStore {
    /// The row count and stored bytes (`sum` is `numeric` in PostgreSQL: cast back to an integer).
    static func totals(_ connection: any SQLConnection) async throws -> (rows: Int, bytes: Int) {
        let row = try await connection.fetchOne(
            "SELECT count(*) AS row_count, CAST(coalesce(sum(stored_bytes), 0) AS BIGINT) AS byte_count FROM exchange")
        return (try row?.int("row_count") ?? 0, try row?.int("byte_count") ?? 0)
    }
}
