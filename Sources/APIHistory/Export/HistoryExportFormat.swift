/// The formats history exports to.
///
/// ```swift
/// try store.export(.har, to: FileHandle.standardOutput)
/// ```
public enum HistoryExportFormat: String, Sendable, Hashable, CaseIterable {
    /// One JSON object per line per exchange, every stored field (bodies as text, or base64 when binary).
    case jsonLines = "jsonl"
    /// An HTTP Archive 1.2 document, as browsers and proxies read it.
    case har
}
