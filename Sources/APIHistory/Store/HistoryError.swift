/// Why the history store could not open, read or write: what failed and where (the file, and
/// the exchange or table involved).
///
/// ```swift
/// do {
///     _ = try HistoryStore(location: HistoryLocation(path: "/read-only/history.sqlite"))
/// } catch {
///     print(error)  // cannot open history at /read-only/history.sqlite: …
/// }
/// ```
public struct HistoryError: Error, CustomStringConvertible, Sendable {
    /// The database file involved.
    public let path: String
    /// What failed, in words.
    public let message: String
    let kind: Kind

    enum Kind: Sendable {
        case location
        case open
        case database
        case export
        case query
    }

    init(_ kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// `what failed at PATH: detail`.
    public var description: String {
        switch kind {
        case .location: "cannot locate history at \(path): \(message)"
        case .open: "cannot open history at \(path): \(message)"
        case .database: "history database \(path): \(message)"
        case .export: "cannot export history from \(path): \(message)"
        case .query: "cannot query the model store in \(path): \(message)"
        }
    }
}
