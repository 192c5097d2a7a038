public import Foundation

/// One table of the model store: its name, how many objects it holds and when it last changed.
///
/// ```swift
/// for table in try await store.modelTableSummaries() {
///     print(table.table, table.rows, table.updatedAt)  // users 3 2026-11-22 08:00:00 +0000
/// }
/// ```
public struct ModelTableSummary: Sendable, Hashable {
    /// The table name.
    public let table: String
    /// How many objects it holds.
    public let rows: Int
    /// When its most recently written object was written.
    public let updatedAt: Date
}
