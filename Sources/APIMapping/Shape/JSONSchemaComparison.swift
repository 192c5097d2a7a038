/// One difference between a schema inferred from history and a declared one (an OpenAPI component).
///
/// ```swift
/// JSONSchemaDifference(path: "user>age", kind: .type(inferred: ["string"], declared: ["integer"])).description
/// // "user>age: string in history, integer in the schema"
/// ```
public struct JSONSchemaDifference: Sendable, Hashable, CustomStringConvertible {
    /// What differs.
    public enum Kind: Sendable, Hashable {
        /// A property seen in history that the declared schema does not list.
        case onlyInHistory
        /// A property the declared schema lists that no model had.
        case onlyInSchema
        /// Types seen in history that the declared schema does not allow (`integer` fits `number`).
        case type(inferred: [String], declared: [String])
    }

    /// The path from the model, in the profile's `>` syntax (`items[]` for array elements); empty for the model.
    public let path: String
    /// What differs.
    public let kind: Kind

    /// Creates a difference.
    ///
    /// - Parameters:
    ///   - path: The path from the model.
    ///   - kind: What differs.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// `user>nickname: seen in history, not in the schema`, `user>avatar: in the schema, never seen`,
    /// `user>age: string in history, integer in the schema`.
    public var description: String {
        let where_ = path.isEmpty ? "(root)" : path
        switch kind {
        case .onlyInHistory:
            return "\(where_): seen in history, not in the schema"
        case .onlyInSchema:
            return "\(where_): in the schema, never seen"
        case .type(let inferred, let declared):
            return "\(where_): \(inferred.joined(separator: "|")) in history, "
                + "\(declared.joined(separator: "|")) in the schema"
        }
    }
}

/// Compares a schema inferred from history (``JSONShape/jsonSchema(title:description:)``) with a declared
/// one: properties one side has and the other lacks, and types history saw that the declaration does
/// not allow.
///
/// ```swift
/// JSONSchemaComparison.compare(inferred: shape.jsonSchema(), declared: openAPIUser).map(\.description)
/// // ["age: string in history, integer in the schema", "nickname: seen in history, not in the schema"]
/// ```
public enum JSONSchemaComparison {
    /// How deep the comparison goes.
    public static let maximumDepth = 32

    /// The differences, in the inferred schema's order, then the declared-only properties.
    ///
    /// A declared schema without `type` allows any type; OpenAPI 3.0's `nullable: true` allows `null`.
    /// Properties are compared where both sides describe objects, elements where both describe arrays.
    ///
    /// - Parameters:
    ///   - inferred: The schema inferred from history.
    ///   - declared: The declared schema, `$ref`s already inlined.
    /// - Returns: The differences; empty when they agree.
    public static func compare(inferred: JSONValue, declared: JSONValue) -> [JSONSchemaDifference] {
        var differences: [JSONSchemaDifference] = []
        compare(inferred, declared, path: "", depth: 0, into: &differences)
        return differences
    }

    private static func compare(
        _ inferred: JSONValue, _ declared: JSONValue, path: String, depth: Int,
        into differences: inout [JSONSchemaDifference]
    ) {
        guard depth < maximumDepth, let inferred = inferred.objectValue, let declared = declared.objectValue else {
            return
        }
        let seen = types(inferred)
        if var allowed = declared["type"].map(names) {
            if declared["nullable"] == .bool(true) { allowed.append("null") }
            let unexpected = seen.filter { !allowed.contains($0) && !($0 == "integer" && allowed.contains("number")) }
            if !unexpected.isEmpty {
                differences.append(JSONSchemaDifference(path: path, kind: .type(inferred: seen, declared: allowed)))
                return
            }
        }
        if let mine = inferred["properties"]?.objectValue, let theirs = declared["properties"]?.objectValue {
            for member in mine.members {
                let child = JSONShape.path(path, key: member.key)
                if let other = theirs[member.key] {
                    compare(member.value, other, path: child, depth: depth + 1, into: &differences)
                } else {
                    differences.append(JSONSchemaDifference(path: child, kind: .onlyInHistory))
                }
            }
            for member in theirs.members where mine[member.key] == nil {
                differences.append(
                    JSONSchemaDifference(path: JSONShape.path(path, key: member.key), kind: .onlyInSchema))
            }
        }
        if let mine = inferred["items"], let theirs = declared["items"] {
            compare(mine, theirs, path: path + "[]", depth: depth + 1, into: &differences)
        }
    }

    private static func types(_ schema: JSONObject) -> [String] {
        schema["type"].map(names) ?? []
    }

    private static func names(_ type: JSONValue) -> [String] {
        type.stringValue.map { [$0] } ?? (type.arrayValue ?? []).compactMap(\.stringValue)
    }
}
