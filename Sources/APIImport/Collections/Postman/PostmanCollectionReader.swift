import APIMapping

/// Reads a Postman Collection (v2.0 or v2.1) and Postman environment files.
///
/// Folders nest to any depth and become the requests' folder path; `auth` is inherited as
/// Postman does it (a request without `auth`, or with `auth: null`, takes its nearest folder's,
/// else the collection's; `noauth` is none); v2.0's object form of auth and v2.1's key/value
/// lists are both read. Disabled headers, query items and form fields are left out. The v1
/// format is refused with a message naming it.
///
/// ```swift
/// let collection = try PostmanCollectionReader.read(text, file: "shop.postman_collection.json")
/// let staging = try PostmanCollectionReader.environment(envText, file: "staging.postman_environment.json")
/// ```
public enum PostmanCollectionReader {
    /// Reads a collection.
    ///
    /// - Parameters:
    ///   - text: The collection's JSON.
    ///   - file: How errors name it.
    /// - Returns: The collection.
    /// - Throws: ``CollectionImportError`` at the line and JSON path of what is wrong.
    public static func read(_ text: String, file: String) throws(CollectionImportError) -> APICollection {
        let root = try PostmanNodes.parse(text, file: file)
        let locator = JSONLocator(text: text, file: file)
        guard root.kind == .object else {
            throw locator.error("expected a Postman collection (an object with info and item)", at: root, path: "$")
        }
        if root["info"] == nil, root["requests"] != nil || root["order"] != nil {
            throw locator.error(
                "this is a Postman Collection v1 file, which apiexplore does not read: "
                    + "export it from Postman as Collection v2.1", at: root, path: "$")
        }
        guard let info = root["info"], info.kind == .object else {
            throw locator.error(
                "expected an 'info' object: is this a Postman collection?", at: root["info"] ?? root, path: "$.info")
        }
        let schema = info["schema"]?.stringValue ?? ""
        if schema.contains("/v1.") {
            throw locator.error(
                "Postman Collection v1 (\(schema)) is not read: export the collection as v2.1", at: info["schema"],
                path: "$.info.schema")
        }
        let version = schema.contains("v2.0") ? "v2.0" : "v2.1"
        var collection = APICollection(
            name: PostmanNodes.text(info["name"]) ?? "imported", source: "a Postman Collection \(version)")
        collection.description = PostmanNodes.description(info["description"])
        var reader = PostmanItemReader(locator: locator)
        collection.variables = reader.variables(root["variable"], path: "$.variable")
        let events = reader.scripts(root["event"])
        if !events.isEmpty {
            collection.notes.append(
                "the collection's own scripts (\(events.map(\.kind).joined(separator: ", "))) are not run")
        }
        guard let items = root["item"], items.kind == .array else {
            throw locator.error("expected an 'item' array", at: root["item"] ?? root, path: "$.item")
        }
        let auth = try reader.auth(root["auth"], path: "$.auth")
        try reader.items(items, path: "$.item", folders: [], inherited: auth)
        collection.requests = reader.requests
        collection.variables += reader.folderVariables
        collection.notes += reader.notes
        return collection
    }

    /// Reads a Postman environment (or globals) file: its name and its enabled values; `secret`
    /// values are marked secret.
    ///
    /// - Parameters:
    ///   - text: The environment's JSON.
    ///   - file: How errors name it.
    /// - Returns: The environment.
    /// - Throws: ``CollectionImportError`` when it is not JSON or has no `values` array.
    public static func environment(_ text: String, file: String) throws(CollectionImportError) -> CollectionEnvironment
    {
        let root = try PostmanNodes.parse(text, file: file)
        let locator = JSONLocator(text: text, file: file)
        guard let values = root["values"], values.kind == .array else {
            throw locator.error(
                "expected a 'values' array: is this a Postman environment?", at: root["values"] ?? root,
                path: "$.values")
        }
        var environment = CollectionEnvironment(name: PostmanNodes.text(root["name"]) ?? "environment")
        for value in values.elements {
            guard let key = PostmanNodes.text(value["key"]), value["enabled"]?.boolValue != false else { continue }
            let secret = value["type"]?.stringValue == "secret"
            environment.variables.append(
                CollectionVariable(name: key, value: PostmanNodes.text(value["value"]) ?? "", secret: secret))
        }
        return environment
    }
}

/// Small readers shared by the Postman and Insomnia formats.
enum PostmanNodes {
    static func parse(_ text: String, file: String) throws(CollectionImportError) -> JSONNode {
        do {
            return try JSONDocument(parsing: text).root
        } catch {
            throw CollectionImportError.notJSON(error, file: file)
        }
    }

    /// A string, number or bool as text.
    static func text(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        switch node.kind {
        case .string: return node.stringValue
        case .number, .bool: return node.value.jsonText()
        default: return nil
        }
    }

    /// A description: a string, or `{content, type}`.
    static func description(_ node: JSONNode?) -> String? {
        let text = self.text(node) ?? text(node?["content"])
        guard let text, !text.trimmingSpaces.isEmpty else { return nil }
        return text
    }

    /// An array's elements (none for anything else).
    static func elements(_ node: JSONNode?) -> [JSONNode] {
        guard let node, node.kind == .array else { return [] }
        return Array(node.elements)
    }
}
