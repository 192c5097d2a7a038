import APIMapping

extension HistoryStore {
    /// Rewrites every model store identity in its canonical form (the v5 migration).
    ///
    /// Rows whose identities become one are merged into one row: the documents, oldest first,
    /// merged with Groot's rule (each newer one over what came before), keeping the provenance
    /// and time of the most recently updated. A row whose identity or document does not parse is
    /// left as it is, so one damaged row cannot keep the history from opening.
    static func canonicalizeModelIdentities(_ connection: any SQLConnection) async throws {
        let rows = try await connection.fetchAll("SELECT * FROM model_object ORDER BY table_name, updated_at, identity")
        // Keyed by canonical text, so Swift's canonical-equivalence hashing of String is harmless here.
        var groups: [String: [SQLRow]] = [:]
        var order: [(table: String, key: String)] = []
        for row in rows {
            let table = try row.string("table_name")
            let identity = try row.string("identity")
            let values: [JSONValue]
            do {
                guard let array = try JSONDocument(parsing: identity).root.value.arrayValue else { continue }
                values = array
            } catch {
                continue
            }
            let key = ModelMerge.key(values)
            let groupKey = table + "\u{0}" + key
            if groups[groupKey] == nil { order.append((table, key)) }
            groups[groupKey, default: []].append(row)
        }
        for (table, key) in order {
            let group = groups[table + "\u{0}" + key] ?? []
            let identities = try group.map { try $0.string("identity") }
            if group.count == 1 {
                // As bytes: Swift's `==` calls `e` + U+0301 and `é` equal, SQLite does not.
                if !identities[0].utf8.elementsEqual(key.utf8) {
                    try await connection.execute(
                        "UPDATE model_object SET identity = ? WHERE table_name = ? AND identity = ?",
                        [key, table, identities[0]])
                }
                continue
            }
            var merged: JSONObject?
            do {
                for row in group {
                    let text = try row.string("document")
                    let document = try JSONDocument(parsing: text).root.value.objectValue ?? JSONObject()
                    merged = ModelMerge.merge(stored: merged, incoming: document)
                }
            } catch {
                continue
            }
            guard let merged, let newest = group.last else { continue }
            for identity in identities {
                try await connection.execute(
                    "DELETE FROM model_object WHERE table_name = ? AND identity = ?", [table, identity])
            }
            try await connection.execute(
                """
                INSERT INTO model_object (table_name, identity, document, profile, endpoint, exchange_id, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    table, key, JSONValue.object(merged).jsonText(), try newest.string("profile"),
                    try newest.string("endpoint"), try newest.optionalInt64("exchange_id"),
                    try newest.double("updated_at"),
                ])
        }
    }
}
