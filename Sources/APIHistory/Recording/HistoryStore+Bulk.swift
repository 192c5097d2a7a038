package import APIClient
import Foundation

extension HistoryStore {
    /// Inserts `count` copies of one exchange with varied URL, tip and model text, 100 rows per
    /// `INSERT` and `transactionSize` rows per transaction: fills a store for the benchmark.
    ///
    /// - Parameters:
    ///   - count: How many rows.
    ///   - exchange: The exchange every row copies (redacted as ``record(_:profile:reauthOf:)`` would).
    ///   - profile: Its profile.
    ///   - transactionSize: Rows per transaction.
    ///   - vary: The URL, tip and model text of row `n`.
    /// - Throws: ``HistoryError`` when a write fails.
    package func recordCopies(
        _ count: Int, of exchange: APIExchange, profile: Profile, transactionSize: Int = 10_000,
        vary: @escaping @Sendable (Int) -> (url: String, tip: String, modelText: String)
    ) async throws(HistoryError) {
        let template = ExchangeRow(exchange: exchange, profile: profile, configuration: configuration, now: Date())
        let rowsPerStatement = 100
        let statementSQL =
            ExchangeRow.insertSQL + " VALUES "
            + Array(repeating: ExchangeRow.placeholders, count: rowsPerStatement).joined(separator: ",")
        var start = 0
        while start < count {
            let end = min(start + transactionSize, count)
            let range = start..<end
            try await write { connection in
                var index = range.lowerBound
                while index < range.upperBound {
                    let chunk = index..<min(index + rowsPerStatement, range.upperBound)
                    var arguments: [SQLValue] = []
                    arguments.reserveCapacity(chunk.count * ExchangeRow.columnCount)
                    for number in chunk {
                        var row = template
                        let varied = vary(number)
                        row.url = varied.url
                        row.tip = varied.tip
                        row.modelText = varied.modelText
                        arguments += row.arguments
                    }
                    let sql =
                        chunk.count == rowsPerStatement
                        ? statementSQL
                        : ExchangeRow.insertSQL + " VALUES "
                            + Array(repeating: ExchangeRow.placeholders, count: chunk.count).joined(separator: ",")
                    try await connection.execute(sql, arguments)
                    index = chunk.upperBound
                }
            }
            start = end
        }
    }
}
