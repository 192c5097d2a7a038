extension JSONShape {
    /// The URI of JSON Schema draft 2020-12, the dialect ``jsonSchema(title:description:)`` writes.
    public static let jsonSchemaDialect = "https://json-schema.org/draft/2020-12/schema"

    /// The shape as a JSON Schema (draft 2020-12) that every sample added validates against.
    ///
    /// Each path gets `type` (one name, or a list such as `["integer", "null"]`; `integer` is folded
    /// into `number` when both were seen); objects get `properties` and `required` (the keys present in
    /// every object seen there); arrays get `items` (the element shape merged over all elements);
    /// enum-like strings get `enum` (with `null` when it was seen too). Nothing forbids keys never seen:
    /// a later model with a new key still validates. Paths under the depth cap, and arrays once longer than
    /// ``Limits/maxElements``, have a `type` only.
    ///
    /// ```swift
    /// JSONShape(inferringFrom: [model1, model2]).jsonSchema(title: "user")
    /// // {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "user", "type": "object",
    /// //  "properties": {"age": {"type": ["integer", "null"]}, …}, "required": ["id"]}
    /// ```
    ///
    /// - Parameters:
    ///   - title: The schema's `title`, if any.
    ///   - description: The schema's `description`, if any.
    /// - Returns: The schema document.
    public func jsonSchema(title: String? = nil, description: String? = nil) -> JSONValue {
        var object: JSONObject = ["$schema": .string(Self.jsonSchemaDialect)]
        if let title { object.append(key: "title", value: .string(title)) }
        if let description { object.append(key: "description", value: .string(description)) }
        guard samples > 0 else { return .object(object) }
        for member in schema(of: 0).members { object.append(key: member.key, value: member.value) }
        return .object(object)
    }

    private func schema(of index: Int) -> JSONObject {
        let node = nodes[index]
        var object = JSONObject()
        var kinds = node.kinds
        if kinds.contains(.number) { kinds.remove(.integer) }
        let names = kinds.sorted().map { JSONValue.string($0.rawValue) }
        object.append(key: "type", value: names.count == 1 ? names[0] : .array(names))
        if kinds.contains(.object), !node.properties.isEmpty {
            var properties = JSONObject()
            for property in node.properties {
                properties.append(key: property.key, value: .object(schema(of: property.node)))
            }
            object.append(key: "properties", value: .object(properties))
            let required = node.properties.filter { isRequired($0, of: node) }.map { JSONValue.string($0.key) }
            if !required.isEmpty { object.append(key: "required", value: .array(required)) }
        }
        // `items` constrains every element, and a cut array's element shape saw only its start.
        if kinds.contains(.array), !node.isElementCapped, let items = node.items {
            object.append(key: "items", value: .object(schema(of: items)))
        }
        // `enum` constrains every type: only a path that was strings (and perhaps null) gets one.
        if kinds.isSubset(of: [.string, .null]), let values = enumValues(node) {
            let null: [JSONValue] = kinds.contains(.null) ? [.null] : []
            object.append(key: "enum", value: .array(values.map(JSONValue.string) + null))
        }
        return object
    }
}
