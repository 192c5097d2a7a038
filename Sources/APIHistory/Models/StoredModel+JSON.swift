public import APIMapping
import Foundation

extension StoredModel {
    /// The object with its provenance, as `store show`, `store list --json` and the JSON Lines
    /// export write it.
    ///
    /// ```swift
    /// try await store.model(table: "users", identity: [1001])?.jsonValue.jsonText()
    /// // {"table":"users","identity":[1001],"updated_at":"2026-11-22T08:00:00.000Z","profile":"code-msg-data",
    /// //  "endpoint":"user","exchange_id":1,"document":{"id":1001,"name":"Ada"}}
    /// ```
    public var jsonValue: JSONValue {
        var object: JSONObject = ["table": .string(table)]
        object.append(key: "identity", value: identityValues.map(JSONValue.array) ?? .string(identity))
        object.append(key: "updated_at", value: .string(Self.dateFormatter.string(from: updatedAt)))
        object.append(key: "profile", value: .string(profile))
        object.append(key: "endpoint", value: .string(endpoint))
        object.append(key: "exchange_id", value: exchangeID.map { .number(JSONNumber($0)) } ?? .null)
        object.append(key: "document", value: .object(document))
        return .object(object)
    }

    /// The identity values, or `nil` when the stored identity is not a JSON array (never written so).
    public var identityValues: [JSONValue]? {
        do {
            return try JSONDocument(parsing: identity).root.value.arrayValue
        } catch {
            return nil
        }
    }

    private static var dateFormatter: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
