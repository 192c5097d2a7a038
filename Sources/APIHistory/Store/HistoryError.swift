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
    /// Where the exchange that could not be recorded was kept for the next run to import, if it was.
    public private(set) var recoveryFile: String? = nil

    enum Kind: Sendable {
        case location
        case open
        case database
        case export
        case query
        /// The history refused a write because this user may only read it.
        case readOnly
        /// The history did not answer in time (busy, unreachable).
        case unavailable
    }

    init(_ kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// Whether the history refused to record because the user (or PostgreSQL role) may only read it.
    public var isReadOnly: Bool { kind == .readOnly }

    /// Whether the history did not answer in time: another process held its write lock, or the
    /// server could not be reached.
    public var isUnavailable: Bool { kind == .unavailable }

    /// The same error, saying that the exchange was kept in `file`.
    func kept(in file: String) -> HistoryError {
        var copy = self
        copy.recoveryFile = file
        return copy
    }

    /// `what failed at PATH: detail`.
    public var description: String {
        let text: String =
            switch kind {
            case .location: "cannot locate history at \(path): \(message)"
            case .open: "cannot open history at \(path): \(message)"
            case .database: "history database \(path): \(message)"
            case .export: "cannot export history from \(path): \(message)"
            case .query: "cannot query the model store in \(path): \(message)"
            case .readOnly: "history \(path) is read-only for this user: \(message)"
            case .unavailable: "history \(path) did not answer: \(message)"
            }
        return text + (recoveryFile.map { "; the exchange is kept in \($0) for the next run to import" } ?? "")
    }
}
