import APIMapping
import Foundation

extension HistoryStore {
    /// Writes the model store's objects as JSON Lines (one table, or every table) or as CSV (one
    /// table), oldest write first, in chunks.
    ///
    /// A JSON line is ``StoredModel/jsonValue``; CSV is described by ``ModelExportFormat/csv``.
    /// CSV reads the table twice in one snapshot (first for the columns), so a large table is
    /// never held whole in memory.
    ///
    /// ```swift
    /// try await store.exportModels(.csv, table: "users") { chunk in try handle.write(contentsOf: chunk) }
    /// // id,name,vip\r\n1001,Ada,true\r\n1002,"Li, Na",false\r\n
    /// ```
    ///
    /// - Parameters:
    ///   - format: JSON Lines or CSV.
    ///   - table: The table; `nil` for every table (JSON Lines only).
    ///   - sink: Receives the output in chunks; what it throws stops the export.
    /// - Throws: ``HistoryError`` when CSV is asked for without a table, the read fails, a row is
    ///   damaged, or `sink` throws.
    public func exportModels(
        _ format: ModelExportFormat, table: String?, to sink: ([UInt8]) throws -> Void
    ) async throws(HistoryError) {
        var filter = ""
        var arguments: [SQLValue] = []
        if let table {
            filter = " WHERE table_name = ?"
            arguments.append(table.sqlValue)
        }
        let sql = "SELECT * FROM model_object\(filter) ORDER BY table_name, updated_at, identity"
        if format == .csv && table == nil {
            throw HistoryError(.export, path: location.description, message: "CSV needs one table")
        }
        try await ensureMigrated()
        do {
            try await backend.transaction(.read) { connection in
                switch format {
                case .jsonLines:
                    try await connection.forEach(sql, arguments) { row in
                        try sink(Array((try StoredModel(row: row).jsonValue.jsonText() + "\n").utf8))
                    }
                case .csv:
                    var columns: [String] = []
                    var seen: Set<String> = []
                    try await connection.forEach(sql, arguments) { row in
                        ModelCSV.extend(&columns, seen: &seen, with: try StoredModel(row: row).document)
                    }
                    try sink(Array(ModelCSV.header(columns).utf8))
                    try await connection.forEach(sql, arguments) { row in
                        try sink(Array(ModelCSV.row(try StoredModel(row: row).document, columns: columns).utf8))
                    }
                }
            }
        } catch {
            throw failure(error, kind: .export)
        }
    }
}
