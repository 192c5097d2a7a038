package import APIClient
import Foundation
import GRDB

extension HistoryStore {
    /// Records an exchange the way the store did before it had two backends: one GRDB access holding an
    /// immediate transaction around the cached insert, its id read back with `lastInsertedRowID`. The
    /// benchmark times it against ``record(_:profile:reauthOf:)`` in the same run, so the cost of the
    /// backend abstraction on SQLite is measured, not remembered. SQLite only.
    ///
    /// - Parameters:
    ///   - exchange: The exchange.
    ///   - profile: Its profile.
    /// - Returns: The new row's id.
    /// - Throws: ``HistoryError`` when the write fails or the store is not SQLite.
    package func recordAsBeforeBackends(_ exchange: APIExchange, profile: Profile) async throws(HistoryError) -> Int64 {
        guard let sqlite else { throw HistoryError(.database, path: location.description, message: "SQLite only") }
        try await ensureMigrated()
        var row = ExchangeRow(exchange: exchange, profile: profile, configuration: configuration, now: Date())
        row.businessError = exchange.businessError.map { $0.name ?? "uncatalogued" }
        row.environment = profile.activeEnvironment
        let arguments = SQLiteConnection.arguments(row.arguments)
        let sql = ExchangeRow.insertSQL + " VALUES " + ExchangeRow.placeholders
        do {
            return try await sqlite.database.writeWithoutTransaction { db in
                var id: Int64 = 0
                try db.inTransaction(.immediate) {
                    try db.cachedStatement(sql: sql).execute(arguments: arguments)
                    id = db.lastInsertedRowID
                    return .commit
                }
                return id
            }
        } catch {
            throw failure(error)
        }
    }
}
