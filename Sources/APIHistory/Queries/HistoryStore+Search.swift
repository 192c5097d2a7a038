extension HistoryStore {
    /// Finds exchanges whose URL, tip or model text contains a piece of text, newest first.
    ///
    /// **SQLite.** The index is an FTS5 `trigram` table: it finds any substring of three or more
    /// characters, in any script. The default `unicode61` tokenizer would not do: it reads a run of
    /// CJK characters as one word, so `请求` would not find `请求成功`. Shorter texts (one or two
    /// characters, such as `请求`) are matched with `LIKE` over the same table, which scans it.
    /// Case is ignored for ASCII letters.
    ///
    /// **PostgreSQL.** The newest 65,536 exchanges are searched for the text
    /// anywhere, in any script, of any length (`ILIKE`, case ignored in every script): what SQLite
    /// finds there. Older exchanges are found through the `tsvector` index (`simple`
    /// configuration): only where the text's words are whole words of the exchange, in order (a
    /// phrase), and the text is there literally. `invalid_auth`, `auth` and `limit exceeded` find
    /// old rows; `vali`, or `请求` inside the one word `请求成功`, find only recent ones.
    ///
    /// The newest exchanges are searched first, in id windows that grow sixteenfold until
    /// `limit` matches are found or the whole history was searched: a common word costs as much
    /// as its newest matches, not as all of them.
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
        guard !text.isEmpty, limit > 0 else { return [] }
        let substringWindow = configuration.postgresSubstringWindow
        return try await read { connection in
            let newest =
                try await connection.fetchOne("SELECT max(id) AS newest FROM exchange")?.optionalInt64("newest") ?? 0
            switch connection.dialect {
            case .sqlite:
                return try await Self.searchWindows(connection, newest: newest, limit: limit) { floor in
                    Self.sqliteWindow(text, floor: floor, limit: limit)
                }
            case .postgres:
                let bound = newest - substringWindow
                var found = try await Self.searchWindows(
                    connection, newest: newest, limit: limit, stopAt: bound
                ) { floor in
                    Self.postgresWindow(text, floor: max(floor, bound), limit: limit)
                }
                guard found.count < limit, bound > 0 else { return found }
                found += try await Self.postgresPhrase(connection, text, below: bound, limit: limit - found.count)
                return found
            }
        }
    }

    /// Runs `window(floor)` over id windows growing sixteenfold from the newest id, until it gives
    /// `limit` rows or the floor reaches `stopAt`.
    private static func searchWindows(
        _ connection: any SQLConnection, newest: Int64, limit: Int, stopAt: Int64 = 0,
        _ window: (Int64) -> (String, [SQLValue])
    ) async throws -> [HistoryEntry] {
        var size = firstSearchWindow
        while true {
            let floor = newest - size
            let (sql, arguments) = window(floor)
            let rows = try await connection.fetchAll(sql, arguments)
            if rows.count >= limit || floor <= stopAt || floor <= 0 { return try rows.map(HistoryEntry.init(row:)) }
            size = size > Int64.max / 16 ? Int64.max : size * 16
        }
    }

    private static func sqliteWindow(_ text: String, floor: Int64, limit: Int) -> (String, [SQLValue]) {
        let condition: String
        let pattern: String
        if text.count >= 3 {
            // A quoted FTS5 string is a phrase of trigrams: the text anywhere, literally.
            pattern = "\"" + text.replacing("\"", with: "\"\"") + "\""
            condition = "exchange_text MATCH ?1"
        } else {
            pattern = likePattern(text)
            condition = "(url LIKE ?1 ESCAPE '\\' OR tip LIKE ?1 ESCAPE '\\' OR model_text LIKE ?1 ESCAPE '\\')"
        }
        let sql = """
            SELECT \(HistoryEntry.columns) FROM exchange WHERE id IN (
                SELECT rowid FROM exchange_text WHERE \(condition) AND rowid > ?2 ORDER BY rowid DESC LIMIT ?3)
            ORDER BY id DESC
            """
        return (sql, [.text(pattern), .integer(floor), .integer(Int64(limit))])
    }

    /// The text anywhere in the URL, tip or model text of the rows above `floor`.
    private static func postgresWindow(_ text: String, floor: Int64, limit: Int) -> (String, [SQLValue]) {
        let pattern = SQLValue.text(likePattern(text))
        let sql = """
            SELECT \(HistoryEntry.columns) FROM exchange
            WHERE id > ? AND (url ILIKE ? ESCAPE '\\' OR tip ILIKE ? ESCAPE '\\' OR model_text ILIKE ? ESCAPE '\\')
            ORDER BY id DESC LIMIT ?
            """
        return (sql, [.integer(floor), pattern, pattern, pattern, .integer(Int64(limit))])
    }

    /// The rows at or below `bound` whose `tsvector` holds the text's words as a phrase, and whose
    /// columns hold the text literally.
    private static func postgresPhrase(
        _ connection: any SQLConnection, _ text: String, below bound: Int64, limit: Int
    ) async throws -> [HistoryEntry] {
        let pattern = SQLValue.text(likePattern(text))
        let sql = """
            SELECT \(HistoryEntry.columns) FROM exchange
            WHERE id <= ? AND exchange_text @@ phraseto_tsquery('simple', ?)
                AND (url ILIKE ? ESCAPE '\\' OR tip ILIKE ? ESCAPE '\\' OR model_text ILIKE ? ESCAPE '\\')
            ORDER BY id DESC LIMIT ?
            """
        return try await connection.fetchAll(
            sql, [.integer(bound), .text(text), pattern, pattern, pattern, .integer(Int64(limit))]
        ).map(HistoryEntry.init(row:))
    }

    /// `%text%` with `\`, `%` and `_` escaped.
    private static func likePattern(_ text: String) -> String {
        "%" + text.replacing("\\", with: "\\\\").replacing("%", with: "\\%").replacing("_", with: "\\_") + "%"
    }

    /// How many of the newest ids the first search window covers.
    static let firstSearchWindow: Int64 = 4096
}
