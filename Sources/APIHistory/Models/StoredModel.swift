public import APIMapping
public import Foundation

/// One object in the model store: its table, identity, merged JSON document and provenance.
///
/// ```swift
/// let user = try await store.model(table: "users", identity: [1001])
/// user?.document["name"]  // "Ada Lovelace"
/// user?.identity          // "[1001]"
/// ```
public struct StoredModel: Sendable, Hashable {
    /// The table name from the endpoint's `store:`.
    public let table: String
    /// The identity as stored: the JSON array of the identity values, such as `[1001]`.
    public let identity: String
    /// The merged document.
    public let document: JSONObject
    /// The profile that last wrote it.
    public let profile: String
    /// The endpoint that last wrote it.
    public let endpoint: String
    /// The exchange that last wrote it, while that exchange is kept.
    public let exchangeID: Int64?
    /// When it was last written.
    public let updatedAt: Date

    init(row: SQLRow) throws {
        table = try row.string("table_name")
        identity = try row.string("identity")
        let text = try row.string("document")
        document = try JSONDocument(parsing: text).root.value.objectValue ?? JSONObject()
        profile = try row.string("profile")
        endpoint = try row.string("endpoint")
        exchangeID = try row.optionalInt64("exchange_id")
        updatedAt = Date(timeIntervalSince1970: try row.double("updated_at"))
    }
}
