/// What an upsert into the model store did: how many objects were inserted, updated, left
/// unchanged and rejected, with each rejection's reason. Nothing is dropped silently.
///
/// ```swift
/// let report = try await store.upsertModels(objects, table: "users", identity: [try ProfilePath("id")],
///                                           profile: "demo", endpoint: "users")
/// print(report)  // users: 1 inserted, 2 updated, 0 unchanged, 1 rejected ($[3]: identity 'id' is missing)
/// ```
public struct ModelStoreReport: Sendable, Hashable, CustomStringConvertible {
    /// One object that was not stored, and why.
    public struct Rejection: Sendable, Hashable, CustomStringConvertible {
        /// Where the object was: `$` for a single model, `$[3]` for an array element.
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

    init(table: String) {
        self.table = table
    }

    /// `table: N inserted, N updated, N unchanged, N rejected (reasons)`.
    public var description: String {
        var text =
            "\(table): \(inserted) inserted, \(updated) updated, \(unchanged) unchanged, \(rejected.count) rejected"
        if !rejected.isEmpty { text += " (" + rejected.map(\.description).joined(separator: "; ") + ")" }
        return text
    }
}
