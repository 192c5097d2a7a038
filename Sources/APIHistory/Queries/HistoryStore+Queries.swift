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

    /// Finds exchanges whose URL, tip or model text contains a piece of text, newest first.
    ///
    /// The index is an FTS5 `trigram` table: it finds any substring of three or more characters,
    /// in any script. The default `unicode61` tokenizer would not do: it reads a run of CJK
    /// characters as one word, so `请求` would not find `请求成功`. Shorter texts (one or two
    /// characters, such as `请求`) are matched with `LIKE` over the same table, which scans it.
    /// Case is ignored for ASCII letters.
    ///
    /// ```swift
    /// try await store.search("invalid_auth", limit: 20).map(\.tip)  // ["invalid_auth", …]
    /// try await store.search("请求", limit: 20)                     // two characters: a scan
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text to find, taken literally (no query syntax).
    ///   - limit: The most entries returned.
    /// - Returns: Matching entries, newest first.
    /// - Throws: ``HistoryError`` when the read fails.
    public func search(_ text: String, limit: Int = 100) async throws(HistoryError) -> [HistoryEntry] {
        guard !text.isEmpty else { return [] }
        let sql: String
        let pattern: String
        if text.count >= 3 {
            // A quoted FTS5 string is a phrase of trigrams: the text anywhere, literally.
            pattern = "\"" + text.replacing("\"", with: "\"\"") + "\""
            sql = """
                SELECT \(HistoryEntry.columns) FROM exchange WHERE id IN (
                    SELECT rowid FROM exchange_text WHERE exchange_text MATCH ? ORDER BY rowid DESC LIMIT ?)
                ORDER BY id DESC
                """
        } else {
            pattern =
                "%" + text.replacing("\\", with: "\\\\").replacing("%", with: "\\%").replacing("_", with: "\\_")
                + "%"
            sql = """
                SELECT \(HistoryEntry.columns) FROM exchange WHERE id IN (
                    SELECT rowid FROM exchange_text
                    WHERE url LIKE ?1 ESCAPE '\\' OR tip LIKE ?1 ESCAPE '\\' OR model_text LIKE ?1 ESCAPE '\\'
                    ORDER BY rowid DESC LIMIT ?2)
                ORDER BY id DESC
                """
        }
        let arguments: StatementArguments = [pattern, max(limit, 0)]
        return try await read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(HistoryEntry.init(row:))
        }
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
