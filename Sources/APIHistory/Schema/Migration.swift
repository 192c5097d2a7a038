/// One versioned migration: an identifier (kept in the version table once applied; never edit a
/// shipped one, add the next) and its steps.
struct Migration: Sendable {
    let identifier: String
    let steps: [SchemaStep]

    /// The version table, which keeps applied migration identifiers: SQLite keeps them in `grdb_migrations`
    /// (the table GRDB's migrator used, so files written before the store had two backends open as
    /// they are); PostgreSQL in `apiexplore_migrations`.
    static func versionTable(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: "grdb_migrations"
        case .postgres: "apiexplore_migrations"
        }
    }
}
