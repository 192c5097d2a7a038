/// What an upsert into the model store did: how many objects were inserted, updated, left
/// unchanged and rejected, with each rejection's reason, for its table and for each table its
/// `nested:` objects went to. Nothing is dropped silently.
///
/// ```swift
/// let report = try await store.upsertModels(repos, store: spec, profile: "github", endpoint: "user_repos")
/// print(report)
/// // repositories: 2 inserted, 0 updated, 0 unchanged, 0 rejected; users: 1 inserted, 0 updated, 1 unchanged, 0 rejected
/// ```
public struct ModelStoreReport: Sendable, Hashable, CustomStringConvertible {
    /// One object that was not stored, and why.
    public struct Rejection: Sendable, Hashable, CustomStringConvertible {
        /// Where the object was: `$` for a single model, `$[3]` for an array element,
        /// `$[3].owner` for a nested object.
        public let location: String
        /// Why it was rejected.
        public let reason: String

        /// `location: reason`.
        public var description: String { "\(location): \(reason)" }
    }

    /// The table written to.
    public let table: String
    /// Objects with an identity not stored before.
    public internal(set) var inserted = 0
    /// Stored objects whose merged document changed.
    public internal(set) var updated = 0
    /// Stored objects the merge left as they were.
    public internal(set) var unchanged = 0
    /// Objects not stored, with their reasons.
    public internal(set) var rejected: [Rejection] = []
    /// The reports of the tables the `nested:` objects went to, one per table in the order they
    /// were first written; empty without `nested:`. Their own ``nested`` are always empty.
    public internal(set) var nested: [ModelStoreReport] = []

    init(table: String) {
        self.table = table
    }

    /// `table: N inserted, N updated, N unchanged, N rejected (reasons)`, then the same for each
    /// nested table, separated by `; `.
    public var description: String {
        ([self] + nested).map(\.summary).joined(separator: "; ")
    }

    /// This table's part of ``description``.
    private var summary: String {
        var text =
            "\(table): \(inserted) inserted, \(updated) updated, \(unchanged) unchanged, \(rejected.count) rejected"
        if !rejected.isEmpty { text += " (" + rejected.map(\.description).joined(separator: "; ") + ")" }
        return text
    }
}
