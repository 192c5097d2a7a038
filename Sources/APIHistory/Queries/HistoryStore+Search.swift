import GRDB

extension HistoryStore {
    /// Finds exchanges whose URL, tip or model text contains a piece of text, newest first.
    ///
    /// The index is an FTS5 `trigram` table: it finds any substring of three or more characters,
    /// in any script. The default `unicode61` tokenizer would not do: it reads a run of CJK
    /// characters as one word, so `请求` would not find `请求成功`. Shorter texts (one or two
    /// characters, such as `请求`) are matched with `LIKE` over the same table, which scans it.
    /// Case is ignored for ASCII letters.
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
        let condition: String
        let pattern: String
        if text.count >= 3 {
            // A quoted FTS5 string is a phrase of trigrams: the text anywhere, literally.
            pattern = "\"" + text.replacing("\"", with: "\"\"") + "\""
            condition = "exchange_text MATCH ?1"
        } else {
            pattern =
                "%" + text.replacing("\\", with: "\\\\").replacing("%", with: "\\%").replacing("_", with: "\\_")
                + "%"
            condition = "(url LIKE ?1 ESCAPE '\\' OR tip LIKE ?1 ESCAPE '\\' OR model_text LIKE ?1 ESCAPE '\\')"
        }
        let sql = """
            SELECT \(HistoryEntry.columns) FROM exchange WHERE id IN (
                SELECT rowid FROM exchange_text WHERE \(condition) AND rowid > ?2 ORDER BY rowid DESC LIMIT ?3)
            ORDER BY id DESC
            """
        return try await read { db in
            let newest = try Int64.fetchOne(db, sql: "SELECT max(id) FROM exchange") ?? 0
            var window = Self.firstSearchWindow
            while true {
                let floor = newest - window
                let rows = try Row.fetchAll(db, sql: sql, arguments: [pattern, floor, limit])
                if rows.count >= limit || floor <= 0 { return rows.map(HistoryEntry.init(row:)) }
                window *= 16
            }
        }
    }

    /// How many of the newest ids the first search window covers.
    static let firstSearchWindow: Int64 = 4096
}
