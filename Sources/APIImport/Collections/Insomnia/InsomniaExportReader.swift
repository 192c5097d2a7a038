import APIMapping

/// Reads an Insomnia v4 export (`"__export_format": 4`): workspaces, request groups (folders,
/// with their environments), requests, and the base environment with its sub-environments.
///
/// `{{ _.name }}` and `{{ name }}` both name a variable; nested environment data
/// (`{"auth": {"token": …}}`) is read as dotted names (`auth.token`). A request whose
/// authentication is empty inherits its folder's (Insomnia 8 and later), else none; gRPC and
/// WebSocket requests are counted and left out.
///
/// ```swift
/// let collection = try InsomniaExportReader.read(text, file: "insomnia.json")
/// collection.environments.map(\.name)   // ["Local", "Remote"]
/// ```
public enum InsomniaExportReader {
    /// Reads an export.
    ///
    /// - Parameters:
    ///   - text: The export's JSON.
    ///   - file: How errors name it.
    /// - Returns: The collection.
    /// - Throws: ``CollectionImportError`` at the line and JSON path of what is wrong.
    public static func read(_ text: String, file: String) throws(CollectionImportError) -> APICollection {
        let root = try PostmanNodes.parse(text, file: file)
        let locator = JSONLocator(text: text, file: file)
        guard root.kind == .object, root["_type"]?.stringValue == "export" else {
            throw locator.error("expected an Insomnia export (\"_type\": \"export\")", at: root, path: "$._type")
        }
        let format = root["__export_format"]?.numberValue?.description ?? "?"
        guard format == "4" else {
            throw locator.error(
                "Insomnia export format \(format) is not read: export as Insomnia v4 (JSON)",
                at: root["__export_format"], path: "$.__export_format")
        }
        guard let resources = root["resources"], resources.kind == .array else {
            throw locator.error("expected a 'resources' array", at: root["resources"] ?? root, path: "$.resources")
        }
        var byID: [String: (node: JSONNode, index: Int)] = [:]
        for (index, resource) in resources.elements.enumerated() {
            guard resource.kind == .object, let id = resource["_id"]?.stringValue else {
                throw locator.error("expected a resource with an '_id'", at: resource, path: "$.resources[\(index)]")
            }
            byID[id] = (resource, index)
        }
        let workspaces = resources.elements.filter { $0["_type"]?.stringValue == "workspace" }
        var collection = APICollection(
            name: workspaces.first.flatMap { PostmanNodes.text($0["name"]) } ?? "imported",
            source: "an Insomnia v4 export")
        collection.description = workspaces.first.flatMap { PostmanNodes.description($0["description"]) }
        var skipped: [String: Int] = [:]
        var tree = InsomniaTree(byID: byID, workspaces: workspaces.count)
        for (index, resource) in resources.elements.enumerated() {
            let path = "$.resources[\(index)]"
            switch resource["_type"]?.stringValue {
            case "request":
                collection.requests.append(try tree.request(resource, path: path, locator: locator))
            case "environment":
                tree.environment(resource, into: &collection)
            case "request_group":
                let variables = InsomniaTree.variables(resource["environment"], secret: false)
                if !variables.isEmpty {
                    collection.variables += variables
                    collection.notes.append(
                        "the environment of folder '\(PostmanNodes.text(resource["name"]) ?? "")' is profile variables")
                }
            case "grpc_request", "websocket_request", "grpc_proto_file", "unit_test", "unit_test_suite":
                skipped[resource["_type"]?.stringValue ?? "", default: 0] += 1
            default:
                break
            }
        }
        for (kind, count) in skipped.sorted(by: { $0.key < $1.key }) {
            collection.notes.append("left out \(count) \(kind.replacing("_", with: " ")) resources")
        }
        return collection
    }
}
