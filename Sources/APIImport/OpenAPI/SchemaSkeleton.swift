import APIMapping
import Foundation

/// A request body made from a JSON Schema when the description gives no example: required properties
/// (all of them when none is required), one-element arrays, empty strings, zeros and `false`.
///
/// Depth is bounded and a `$ref` already being expanded is not entered again, so recursive schemas
/// (GitHub's, through `allOf`) end; a budget of values bounds the whole skeleton, so schemas that
/// fan out (thirty properties, each a schema of thirty more) end too.
struct SchemaSkeleton {
    let store: SourceStore
    var maximumDepth = 8
    /// How many more values one skeleton may hold; past it, values are `null`.
    private(set) var budget = 2_000
    /// Whether every property of an object is filled in (an answer), not only the required ones (a request).
    var includesOptional = false
    private var active: Set<String> = []
    private var depth = 0

    init(store: SourceStore) {
        self.store = store
    }

    /// The properties of an object schema (through `$ref` and `allOf`), and the ones a skeleton includes.
    struct Properties {
        var all: [(String, Located)] = []
        var required: [String] = []
        var chosen: [(String, Located)] {
            let required = Set(self.required)
            let picked = all.filter { required.contains($0.0) }
            return picked.isEmpty ? Array(all.prefix(30)) : picked
        }
    }

    mutating func objectProperties(_ schema: Located) throws(ImportError) -> Properties {
        try Properties(of: schema, in: store)
    }
}

extension SchemaSkeleton.Properties {
    /// The properties and required keys of a schema and its `allOf` parts (through `$ref`), first
    /// definition winning; each schema is walked once, 16 levels of `allOf` at most.
    init(of schema: Located, in store: SourceStore) throws(ImportError) {
        self.init()
        var visited: Set<String> = []
        try Self.collect(schema, in: store, into: &self, depth: 0, visited: &visited)
    }

    private static func collect(
        _ raw: Located, in store: SourceStore, into result: inout Self, depth: Int, visited: inout Set<String>
    ) throws(ImportError) {
        guard depth < 16 else { return }
        let schema = try store.resolve(raw)
        // `A: {allOf: [$ref A, $ref A, …]}` would otherwise be walked once per path to it.
        guard visited.insert(schema.file.absoluteString + schema.pointer).inserted else { return }
        // `properties` may itself be a `$ref` to a map of properties (DigitalOcean's).
        let properties = try schema.child("properties").map { (p: Located) throws(ImportError) in try store.resolve(p) }
        for (name, property) in properties?.members ?? [] where !result.all.contains(where: { $0.0 == name }) {
            result.all.append((name, property))
        }
        result.required += schema.child("required")?.elements.compactMap { $0.value.stringValue } ?? []
        for part in schema.child("allOf")?.elements ?? [] {
            try collect(part, in: store, into: &result, depth: depth + 1, visited: &visited)
        }
    }
}

extension SchemaSkeleton {

    /// The skeleton value for a schema.
    mutating func value(for raw: Located) throws(ImportError) -> JSONValue {
        budget -= 1
        guard budget >= 0 else { return .null }
        var key: String?
        if case .object(let object) = raw.value, object["$ref"] != nil {
            let schema = try store.resolve(raw)
            key = schema.file.absoluteString + schema.pointer
        }
        if let key {
            guard !active.contains(key), depth < maximumDepth else { return .null }
            active.insert(key)
        }
        depth += 1
        defer {
            depth -= 1
            if let key { active.remove(key) }
        }
        guard depth <= maximumDepth else { return .null }
        let schema = try store.resolve(raw)
        guard case .object(let object) = schema.value else { return .null }
        // An example or default its own schema refuses (`name: {type: object, example: "Jane User"}`)
        // would be refused by the API too: it is passed over.
        func fits(_ value: JSONValue) throws(ImportError) -> Bool {
            var validator = SchemaValidator(store: store)
            validator.isRequest = !includesOptional
            return try validator.violation(of: value, against: schema, at: "$") == nil
        }
        if let example = object["example"], try fits(example) { return example }
        if let examples = object["examples"]?.arrayValue, let first = examples.first, try fits(first) { return first }
        if let constant = object["const"] { return constant }
        if let defaultValue = object["default"], try fits(defaultValue) { return defaultValue }
        if let first = object["enum"]?.arrayValue?.first { return first }
        for combinator in ["oneOf", "anyOf"] {
            if let first = schema.child(combinator)?.elements.first { return try value(for: first) }
        }
        let type = Self.type(of: object)
        if type == "object" || object["properties"] != nil || object["allOf"] != nil {
            let properties = try objectProperties(schema)
            if properties.all.isEmpty, let parts = schema.child("allOf")?.elements, let first = parts.first {
                return try value(for: first)
            }
            var members = JSONObject()
            let chosen = includesOptional ? Array(properties.all.prefix(60)) : properties.chosen
            for (name, property) in chosen {
                // A request leaves out what only the server sets.
                if !includesOptional, try store.resolve(property).value.objectValue?["readOnly"]?.boolValue == true {
                    continue
                }
                members[name] = try value(for: property)
            }
            // A required member the schema does not describe (a description's slip) is still sent.
            for name in properties.required
            where members[name] == nil && !properties.all.contains(where: { $0.0 == name }) {
                members[name] = ""
            }
            return .object(members)
        }
        switch type {
        case "array":
            if let items = schema.child("items") ?? schema.child("prefixItems")?.elements.first {
                let element = try value(for: items)
                return element == .null ? .array([]) : .array([element])
            }
            return .array([])
        case "string": return .string(Self.sample(object))
        case "integer", "number":
            if let minimum = object["minimum"]?.numberValue, (minimum.double ?? 0) > 0 { return .number(minimum) }
            return 0
        case "boolean": return false
        default: return .null
        }
    }

    /// A schema's type (the first non-null one of a list); `nil` when it names none.
    static func type(of object: JSONObject?) -> String? {
        switch object?["type"] {
        case .string(let type): return type
        case .array(let types): return types.compactMap(\.stringValue).first { $0 != "null" }
        default: return nil
        }
    }

    /// A string the schema allows: one its `pattern` matches, else its format's sample, made as long
    /// as `minLength` asks and no longer than `maxLength` allows.
    static func sample(_ object: JSONObject) -> String {
        let minimum = object["minLength"]?.numberValue?.int.map { min(max($0, 0), 1000) } ?? 0
        let maximum = object["maxLength"]?.numberValue?.int ?? Int.max
        if let pattern = object["pattern"]?.stringValue,
            let text = PatternSample.sample(pattern, minimumLength: minimum),
            (minimum...max(minimum, maximum)).contains(text.count)
        {
            return text
        }
        var text = sample(format: object["format"]?.stringValue)
        if text.count < minimum { text += String(repeating: "x", count: minimum - text.count) }
        return maximum < text.count ? String(text.prefix(max(maximum, 0))) : text
    }

    private static func sample(format: String?) -> String {
        switch format {
        case "date-time": "1970-01-01T00:00:00Z"
        case "date": "1970-01-01"
        case "email": "user@example.com"
        case "uri", "url": "https://example.com"
        case "uuid": "00000000-0000-0000-0000-000000000000"
        default: ""
        }
    }
}
