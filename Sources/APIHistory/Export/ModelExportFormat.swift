/// The formats the model store exports to.
///
/// ```swift
/// try store.exportModels(.csv, table: "users") { chunk in try handle.write(contentsOf: chunk) }
/// ```
public enum ModelExportFormat: String, Sendable, Hashable, CaseIterable {
    /// One JSON object per line per stored object: its table, identity, provenance and document.
    case jsonLines = "jsonl"
    /// RFC 4180 CSV of one table: a header of the documents' top-level keys, one row per object.
    case csv
}
