public import APIMapping
import Foundation

/// One schema of an OpenAPI description, named `FILE#/components/schemas/User`, with its `$ref`s
/// followed and its `allOf` parts merged, ready to compare with a schema inferred from history.
///
/// ```swift
/// let user = try OpenAPISchemaReference.resolvedSchema(at: "api.yaml#/components/schemas/User")
/// user.objectValue?["properties"]?.objectValue?["address"]  // the Address schema, inlined
/// ```
public enum OpenAPISchemaReference {
    /// How deep schemas are inlined; below, a schema is `{}` (anything).
    public static let maximumDepth = 16
    /// How many schemas one reference may inline in all; past it, schemas are `{}`.
    public static let maximumSchemas = 5_000

    /// Reads the schema a reference names, following `$ref`s (within the file's folder, never remote)
    /// and merging `allOf` parts' `properties` and `required`. Kept: `type`, `nullable`, `enum`,
    /// `properties`, `required`, `items`. A schema reached again while it is being inlined (a
    /// recursive schema), and `oneOf`/`anyOf`, are left unconstrained (`{}`).
    ///
    /// - Parameter reference: `FILE#POINTER`, such as `api.yaml#/components/schemas/User`.
    /// - Returns: The schema, inlined.
    /// - Throws: ``ImportError`` for a reference without `#`, an unreadable or invalid file, a
    ///   pointer that selects nothing, or a `$ref` cycle.
    public static func resolvedSchema(at reference: String) throws(ImportError) -> JSONValue {
        guard let hash = reference.firstIndex(of: "#"), reference[hash...].count > 1 else {
            throw .invalid(reference, "", "name the schema after '#': FILE.yaml#/components/schemas/User")
        }
        let url = URL(fileURLWithPath: String(reference[..<hash])).standardizedFileURL
        let store = SourceStore(root: url, allowRemoteRefs: false, fetch: nil)
        var inliner = SchemaInliner(store: store)
        let start = Located(value: .object(["$ref": .string(String(reference[hash...]))]), file: url, pointer: "#")
        return try inliner.inline(start, depth: 0)
    }
}

/// Inlines one schema, bounded by depth and by a budget of schemas, never entering a schema twice on
/// one path.
private struct SchemaInliner {
    let store: SourceStore
    var budget = OpenAPISchemaReference.maximumSchemas
    var active: Set<String> = []

    mutating func inline(_ raw: Located, depth: Int) throws(ImportError) -> JSONValue {
        budget -= 1
        guard budget >= 0, depth <= OpenAPISchemaReference.maximumDepth else { return .object([:]) }
        let schema = try store.resolve(raw)
        let key = schema.file.absoluteString + schema.pointer
        guard active.insert(key).inserted else { return .object([:]) }
        defer { active.remove(key) }
        var result = JSONObject()
        for name in ["type", "nullable", "enum"] {
            if let value = schema.value.objectValue?[name] { result.append(key: name, value: value) }
        }
        let collected = try SchemaSkeleton.Properties(of: schema, in: store)
        if !collected.all.isEmpty {
            var inlined = JSONObject()
            for (name, property) in collected.all {
                inlined.append(key: name, value: try inline(property, depth: depth + 1))
            }
            result.append(key: "properties", value: .object(inlined))
        }
        var required: [String] = []
        for name in collected.required where !required.contains(name) { required.append(name) }
        if !required.isEmpty { result.append(key: "required", value: .array(required.map(JSONValue.string))) }
        if let items = schema.child("items") { result.append(key: "items", value: try inline(items, depth: depth + 1)) }
        return .object(result)
    }

}
