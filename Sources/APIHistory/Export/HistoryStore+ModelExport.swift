import APIMapping
public import Foundation
import GRDB

extension HistoryStore {
    /// Writes the model store's objects as JSON Lines (one table, or every table) or as CSV (one
    /// table), oldest write first, in chunks.
    ///
    /// A JSON line is ``StoredModel/jsonValue``; CSV is described by ``ModelExportFormat/csv``.
    /// CSV reads the table twice in one snapshot (first for the columns), so a large table is
    /// never held whole in memory.
    ///
    /// ```swift
    /// try store.exportModels(.csv, table: "users") { chunk in try handle.write(contentsOf: chunk) }
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
    ) throws(HistoryError) {
        var filter = ""
        var arguments: [any DatabaseValueConvertible] = []
        if let table {
            filter = " WHERE table_name = ?"
            arguments.append(table)
        }
        let sql = "SELECT * FROM model_object\(filter) ORDER BY table_name, updated_at, identity"
        do {
            try readNow { db in
                switch format {
                case .jsonLines:
                    let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
                    while let row = try rows.next() {
                        try sink(Array((try StoredModel(row: row).jsonValue.jsonText() + "\n").utf8))
                    }
                case .csv:
                    guard table != nil else {
                        throw HistoryError(.export, path: location.url.path, message: "CSV needs one table")
                    }
                    var columns: [String] = []
                    var seen: Set<String> = []
                    let first = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
                    while let row = try first.next() {
                        ModelCSV.extend(&columns, seen: &seen, with: try StoredModel(row: row).document)
                    }
                    try sink(Array(ModelCSV.header(columns).utf8))
                    let second = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(arguments))
                    while let row = try second.next() {
                        try sink(Array(ModelCSV.row(try StoredModel(row: row).document, columns: columns).utf8))
                    }
                }
            }
        } catch let error as HistoryError {
            throw error
        } catch {
            throw HistoryError(.export, path: location.url.path, message: "\(error)")
        }
    }
}
