import APIMapping

/// An Insomnia export's resources by id: folder paths, inherited auth, environments.
struct InsomniaTree {
    let byID: [String: (node: JSONNode, index: Int)]
    /// With several workspaces, each one is the outermost folder.
    let workspaces: Int
    private var baseEnvironment: String?

    init(byID: [String: (node: JSONNode, index: Int)], workspaces: Int) {
        self.byID = byID
        self.workspaces = workspaces
    }

    /// The folders above a resource, outermost first, and the nearest folder auth.
    private func ancestry(_ resource: JSONNode) -> (folders: [String], auth: JSONNode?) {
        var folders: [String] = []
        var auth: JSONNode?
        var parent = resource["parentId"]?.stringValue
        var seen: Set<String> = []
        while let id = parent, let (node, _) = byID[id], seen.insert(id).inserted {
            let name = PostmanNodes.text(node["name"]) ?? ""
            switch node["_type"]?.stringValue {
            case "request_group":
                folders.insert(name, at: 0)
                if auth == nil, let own = node["authentication"], Self.isSet(own) { auth = own }
            case "workspace":
                if workspaces > 1 { folders.insert(name, at: 0) }
            default:
                break
            }
            parent = node["parentId"]?.stringValue
        }
        return (folders, auth)
    }

    /// Whether an authentication object says something (`{}` inherits).
    private static func isSet(_ node: JSONNode) -> Bool {
        node.kind == .object && node["type"]?.stringValue != nil
    }

    func request(_ node: JSONNode, path: String, locator: JSONLocator) throws(CollectionImportError)
        -> CollectionRequest
    {
        guard let url = PostmanNodes.text(node["url"]) else {
            throw locator.error("the request has no 'url'", at: node["url"] ?? node, path: path + ".url")
        }
        var request = CollectionRequest(
            name: PostmanNodes.text(node["name"]), method: PostmanNodes.text(node["method"]) ?? "GET", url: url)
        let (folders, folderAuth) = ancestry(node)
        request.folders = folders
        request.description = PostmanNodes.description(node["description"])
        request.query = Self.pairs(node["parameters"])
        request.headers = Self.pairs(node["headers"])
        request.pathDefaults = Self.pairs(node["pathParameters"])
        let own = node["authentication"].flatMap { Self.isSet($0) ? $0 : nil }
        request.auth = Self.auth(own ?? folderAuth)
        request.body = Self.body(node["body"])
        for (kind, key) in [("pre-request", "preRequestScript"), ("test", "afterResponseScript")] {
            if let script = PostmanNodes.text(node[key]), !script.trimmingSpaces.isEmpty {
                request.scripts.append(
                    CollectionScript(kind: kind, lines: CollectionText.lines(script).filter { !$0.isEmpty }))
            }
        }
        return request
    }

    /// The base environment's data is the collection's variables; its children are environments.
    mutating func environment(_ node: JSONNode, into collection: inout APICollection) {
        let parent = node["parentId"]?.stringValue ?? ""
        let secret = node["isPrivate"]?.boolValue == true
        let variables = Self.variables(node["data"], secret: secret)
        if let parentNode = byID[parent]?.node, parentNode["_type"]?.stringValue == "workspace" {
            baseEnvironment = node["_id"]?.stringValue
            collection.variables += variables
        } else {
            let name = PostmanNodes.text(node["name"]) ?? "environment"
            collection.environments.append(CollectionEnvironment(name: name, variables: variables))
        }
    }

    /// Environment data as variables; nested objects flattened to dotted names.
    static func variables(_ node: JSONNode?, secret: Bool, prefix: String = "") -> [CollectionVariable] {
        guard let node, node.kind == .object else { return [] }
        var variables: [CollectionVariable] = []
        for member in node.members {
            let name = prefix + member.key
            if member.value.kind == .object {
                variables += Self.variables(member.value, secret: secret, prefix: name + ".")
            } else if let value = PostmanNodes.text(member.value) {
                variables.append(CollectionVariable(name: name, value: value, secret: secret))
            }
        }
        return variables
    }

    static func pairs(_ node: JSONNode?) -> [CollectionPair] {
        PostmanNodes.elements(node).compactMap { pair in
            guard pair["disabled"]?.boolValue != true, let name = PostmanNodes.text(pair["name"]) else { return nil }
            return CollectionPair(name, PostmanNodes.text(pair["value"]) ?? "")
        }
    }

    static func auth(_ node: JSONNode?) -> CollectionAuth? {
        guard let node, let type = node["type"]?.stringValue else { return nil }
        if node["disabled"]?.boolValue == true { return CollectionAuth.none }
        let value: (String) -> String = { PostmanNodes.text(node[$0]) ?? "" }
        switch type {
        case "none": return CollectionAuth.none
        case "bearer":
            let prefix = value("prefix")
            return prefix.isEmpty || prefix.lowercased() == "bearer"
                ? .bearer(token: value("token"))
                : .apiKey(name: "Authorization", value: prefix + " " + value("token"), inQuery: false)
        case "basic": return .basic(username: value("username"), password: value("password"))
        case "apikey":
            return .apiKey(name: value("key"), value: value("value"), inQuery: value("addTo") == "queryParams")
        case "oauth2":
            return .oauth2(
                grant: value("grantType"), tokenURL: PostmanNodes.text(node["accessTokenUrl"]),
                authorizeURL: PostmanNodes.text(node["authorizationUrl"]),
                scopes: value("scope").split(separator: " ").map(String.init))
        default: return .unsupported(type)
        }
    }

    static func body(_ node: JSONNode?) -> CollectionBody {
        guard let node, node.kind == .object else { return .none }
        let mimeType = PostmanNodes.text(node["mimeType"])
        let params = PostmanNodes.elements(node["params"]).compactMap { param -> CollectionPair? in
            guard param["disabled"]?.boolValue != true, let name = PostmanNodes.text(param["name"]) else { return nil }
            if param["type"]?.stringValue == "file" {
                return CollectionPair(name, "@" + (PostmanNodes.text(param["fileName"]) ?? ""))
            }
            return CollectionPair(name, PostmanNodes.text(param["value"]) ?? "")
        }
        switch mimeType {
        case "application/x-www-form-urlencoded": return .urlencoded(params)
        case "multipart/form-data": return params.isEmpty ? .none : .multipart(params)
        case "application/graphql":
            guard let text = PostmanNodes.text(node["text"]) else { return .none }
            do {
                let graphql = try JSONDocument(parsing: text).root
                guard let query = PostmanNodes.text(graphql["query"]) else {
                    return .raw(text, contentType: "application/json")
                }
                return .graphql(
                    query: query, variables: graphql["variables"].map { PostmanNodes.text($0) ?? $0.value.jsonText() })
            } catch {
                return .raw(text, contentType: "application/json")
            }
        default:
            if let file = PostmanNodes.text(node["fileName"]) { return .file(file) }
            guard let text = PostmanNodes.text(node["text"]), !text.isEmpty else { return .none }
            return .raw(text, contentType: mimeType.flatMap { $0.isEmpty ? nil : $0 })
        }
    }
}
