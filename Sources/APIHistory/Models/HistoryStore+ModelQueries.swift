public import APIMapping
import Foundation

extension HistoryStore {
    /// The model store's tables with their row counts and last update, sorted by name.
    ///
    /// ```swift
    /// try await store.modelTableSummaries().map { "\($0.table) \($0.rows)" }  // ["repositories 2", "users 1"]
    /// ```
    ///
    /// - Returns: One summary per table that holds objects.
    /// - Throws: ``HistoryError`` when the read fails.
    public func modelTableSummaries() async throws(HistoryError) -> [ModelTableSummary] {
        try await read { connection in
            try await connection.fetchAll(
                """
                SELECT table_name, COUNT(*) AS row_count, MAX(updated_at) AS updated_at
                FROM model_object GROUP BY table_name ORDER BY table_name
                """
            ).map { row in
                ModelTableSummary(
                    table: try row.string("table_name"), rows: try row.int("row_count"),
                    updatedAt: Date(timeIntervalSince1970: try row.double("updated_at")))
            }
        }
    }

    /// Every object of a table, oldest write first (then by identity): the order ``queryModels(table:_:maximumNodes:)``
    /// and the export use, so their output is stable.
    ///
    /// ```swift
    /// try await store.allModels(table: "users").map(\.identity)  // ["[1001]", "[1002]"]
    /// ```
    ///
    /// - Parameter table: The table name.
    /// - Returns: The stored objects.
    /// - Throws: ``HistoryError`` when the read fails or a document is damaged.
    public func allModels(table: String) async throws(HistoryError) -> [StoredModel] {
        try await read { connection in
            try await connection.fetchAll(
                "SELECT * FROM model_object WHERE table_name = ? ORDER BY updated_at, identity", [table]
            ).map(StoredModel.init)
        }
    }

    /// Evaluates an RFC 9535 JSONPath over a table seen as one JSON array of its documents
    /// (in ``allModels(table:)`` order).
    ///
    /// ```swift
    /// let vip = try JSONPath("$[?@.vip == true].name")
    /// try await store.queryModels(table: "users", vip).map(\.node.value)  // ["Ada"]
    /// ```
    ///
    /// The evaluation is bounded as `JSONPath.select(in:maximumNodes:)` is.
    ///
    /// - Parameters:
    ///   - table: The table name.
    ///   - path: The query; `$` is the array of documents.
    ///   - maximumNodes: The most nodes the evaluation may produce.
    /// - Returns: The matches with their locations (`$[0]['name']`).
    /// - Throws: ``HistoryError`` when the read fails or the evaluation reaches its limit.
    public func queryModels(
        table: String, _ path: JSONPath, maximumNodes: Int = JSONPath.defaultMaximumNodes
    ) async throws(HistoryError) -> [JSONMatch] {
        let documents = try await allModels(table: table).map { JSONValue.object($0.document) }
        do {
            return try path.select(in: JSONDocument(.array(documents)).root, maximumNodes: maximumNodes)
        } catch {
            throw HistoryError(.query, path: location.description, message: error.description)
        }
    }
}
