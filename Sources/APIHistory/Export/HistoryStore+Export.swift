import APIMapping
public import Foundation

extension HistoryStore {
    /// Writes the exchanges a query selects, oldest first, as JSON Lines or HAR 1.2, in chunks.
    ///
    /// What is exported is what was stored, so it is already redacted. The query's filters apply;
    /// its limit keeps the newest that many. Each exchange is written as soon as it is read, so a
    /// large history is never held whole in memory.
    ///
    /// ```swift
    /// try await store.export(.jsonLines) { chunk in try handle.write(contentsOf: chunk) }
    /// // {"id":1,"date":"2026-11-22T07:41:03.120Z","profile":"slack","endpoint":"auth_test",…}
    /// ```
    ///
    /// - Parameters:
    ///   - format: JSON Lines or HAR.
    ///   - query: Which exchanges; all by default.
    ///   - sink: Receives the output in chunks (one exchange's text each); what it throws stops the export.
    /// - Throws: ``HistoryError`` when the read fails, a row is damaged, or `sink` throws.
    public func export(
        _ format: HistoryExportFormat, query: HistoryQuery = HistoryQuery(limit: .max),
        to sink: ([UInt8]) throws -> Void
    ) async throws(HistoryError) {
        let (filter, filterArguments) = Self.filter(query)
        let arguments = filterArguments + [Int64(max(query.limit, 0)).sqlValue]
        let sql = """
            SELECT * FROM (SELECT \(StoredExchange.columns) FROM exchange\(filter) ORDER BY id DESC LIMIT ?) AS newest
            ORDER BY id
            """
        try await ensureMigrated()
        do {
            try await backend.transaction(.read) { connection in
                switch format {
                case .jsonLines:
                    try await connection.forEach(sql, arguments) { row in
                        try sink(Array((ExportDocuments.jsonLine(try StoredExchange(row: row)).jsonText() + "\n").utf8))
                    }
                case .har:
                    try sink(
                        Array(
                            #"{"log":{"version":"1.2","creator":{"name":"apiexplore","version":"1"},"entries":["#.utf8))
                    var first = true
                    try await connection.forEach(sql, arguments) { row in
                        let text = ExportDocuments.harEntry(try StoredExchange(row: row)).jsonText()
                        try sink(Array(((first ? "\n" : ",\n") + text).utf8))
                        first = false
                    }
                    try sink(Array("\n]}}\n".utf8))
                }
            }
        } catch {
            throw failure(error, kind: .export)
        }
    }

    /// Writes an export to a file handle, such as standard output.
    ///
    /// ```swift
    /// try await store.export(.har, to: FileHandle.standardOutput)
    /// ```
    ///
    /// - Parameters:
    ///   - format: JSON Lines or HAR.
    ///   - query: Which exchanges; all by default.
    ///   - handle: Where to write.
    /// - Throws: ``HistoryError`` when reading or writing fails.
    public func export(
        _ format: HistoryExportFormat, query: HistoryQuery = HistoryQuery(limit: .max), to handle: FileHandle
    ) async throws(HistoryError) {
        try await export(format, query: query) { chunk in try handle.write(contentsOf: chunk) }
    }

    /// An export as one string, for small histories and tests.
    ///
    /// ```swift
    /// let har = try await store.exportText(.har, query: HistoryQuery(profile: "demo"))
    /// ```
    ///
    /// - Parameters:
    ///   - format: JSON Lines or HAR.
    ///   - query: Which exchanges; all by default.
    /// - Returns: The whole export.
    /// - Throws: ``HistoryError`` when the read fails.
    public func exportText(_ format: HistoryExportFormat, query: HistoryQuery = HistoryQuery(limit: .max))
        async throws(HistoryError) -> String
    {
        var bytes: [UInt8] = []
        try await export(format, query: query) { chunk in bytes += chunk }
        return String(decoding: bytes, as: UTF8.self)
    }
}
