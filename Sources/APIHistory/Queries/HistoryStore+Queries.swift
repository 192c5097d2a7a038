import GRDB

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
        var arguments = filterArguments
        let sql = "SELECT \(HistoryEntry.columns) FROM exchange\(filter) ORDER BY id DESC LIMIT ?"
        arguments.append(max(query.limit, 0))
        let statementArguments = StatementArguments(arguments)
        return try await read { db in
            try Row.fetchAll(db, sql: sql, arguments: statementArguments).map(HistoryEntry.init(row:))
        }
    }

    /// The `WHERE` clause and arguments for a query's filters (not its limit).
    static func filter(_ query: HistoryQuery) -> (String, [(any DatabaseValueConvertible)?]) {
        var conditions: [String] = []
        var arguments: [(any DatabaseValueConvertible)?] = []
        if let profile = query.profile {
            conditions.append("profile = ?")
            arguments.append(profile)
        }
        if let endpoint = query.endpoint {
            conditions.append("endpoint = ?")
            arguments.append(endpoint)
        }
        if !query.outcomes.isEmpty {
            let outcomes = query.outcomes.map(\.rawValue).sorted()
            conditions.append("outcome IN (" + outcomes.map { _ in "?" }.joined(separator: ",") + ")")
            arguments += outcomes.map { $0 as (any DatabaseValueConvertible)? }
        }
        if let environment = query.environment {
            conditions.append("environment = ?")
            arguments.append(environment)
        }
        if let name = query.businessError {
            conditions.append("business_error = ?")
            arguments.append(name)
        }
        if let status = query.businessStatus {
            conditions.append("business_status = ?")
            arguments.append(status)
        }
        if let before = query.before {
            conditions.append("id < ?")
            arguments.append(before)
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
        try await read { db in
            let row = try Row.fetchOne(db, sql: "SELECT count(*), coalesce(sum(stored_bytes), 0) FROM exchange")
            return (row?[0] ?? 0, row?[1] ?? 0)
        }
    }
}
