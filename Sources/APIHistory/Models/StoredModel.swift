public import APIMapping
public import Foundation
import GRDB

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

    init(row: Row) throws {
        table = row["table_name"]
        identity = row["identity"]
        let text: String = row["document"]
        document = try JSONDocument(parsing: text).root.value.objectValue ?? JSONObject()
        profile = row["profile"]
        endpoint = row["endpoint"]
        exchangeID = row["exchange_id"]
        updatedAt = Date(timeIntervalSince1970: row["updated_at"])
    }
}
