import APIMapping
import GRDB

extension HistoryStore {
    /// Rewrites every model store identity in its canonical form (the v5 migration).
    ///
    /// Rows whose identities become one are merged into one row: the documents, oldest first,
    /// merged with Groot's rule (each newer one over what came before), keeping the provenance
    /// and time of the most recently updated. A row whose identity or document does not parse is
    /// left as it is, so one damaged row cannot keep the history from opening.
    static func canonicalizeModelIdentities(_ db: Database) throws {
        let rows = try Row.fetchAll(
            db, sql: "SELECT * FROM model_object ORDER BY table_name, updated_at, identity")
        // Keyed by canonical text, so Swift's canonical-equivalence hashing of String is harmless here.
        var groups: [String: [Row]] = [:]
        var order: [(table: String, key: String)] = []
        for row in rows {
            let table: String = row["table_name"]
            let identity: String = row["identity"]
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
            let identities = group.map { (row: Row) -> String in row["identity"] }
            if group.count == 1 {
                // As bytes: Swift's `==` calls `e` + U+0301 and `é` equal, SQLite does not.
                if !identities[0].utf8.elementsEqual(key.utf8) {
                    try db.execute(
                        sql: "UPDATE model_object SET identity = ? WHERE table_name = ? AND identity = ?",
                        arguments: [key, table, identities[0]])
                }
                continue
            }
            var merged: JSONObject?
            do {
                for row in group {
                    let text: String = row["document"]
                    let document = try JSONDocument(parsing: text).root.value.objectValue ?? JSONObject()
                    merged = ModelMerge.merge(stored: merged, incoming: document)
                }
            } catch {
                continue
            }
            guard let merged, let newest = group.last else { continue }
            for identity in identities {
                try db.execute(
                    sql: "DELETE FROM model_object WHERE table_name = ? AND identity = ?", arguments: [table, identity])
            }
            try db.execute(
                sql: """
                    INSERT INTO model_object (table_name, identity, document, profile, endpoint, exchange_id, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    table, key, JSONValue.object(merged).jsonText(), newest["profile"] as String,
                    newest["endpoint"] as String, newest["exchange_id"] as Int64?, newest["updated_at"] as Double,
                ])
        }
    }
}
