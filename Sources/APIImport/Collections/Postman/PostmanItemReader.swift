import APIMapping

/// Walks a Postman collection's items: folders to any depth, requests with the auth they inherit.
struct PostmanItemReader {
    let locator: JSONLocator
    private(set) var requests: [CollectionRequest] = []
    private(set) var folderVariables: [CollectionVariable] = []
    private(set) var notes: [String] = []
    /// Deeper than this, a collection is refused rather than walked (a crafted file could nest forever).
    static let maximumDepth = 64

    init(locator: JSONLocator) {
        self.locator = locator
    }

    mutating func items(_ items: JSONNode, path: String, folders: [String], inherited: CollectionAuth?)
        throws(CollectionImportError)
    {
        guard folders.count < Self.maximumDepth else {
            throw locator.error("folders nest more than \(Self.maximumDepth) deep", at: items, path: path)
        }
        for (index, item) in items.elements.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard item.kind == .object else {
                throw locator.error("expected an item (an object)", at: item, path: itemPath)
            }
            let name = PostmanNodes.text(item["name"]) ?? ""
            let own = try auth(item["auth"], path: itemPath + ".auth")
            if let children = item["item"] {
                guard children.kind == .array else {
                    throw locator.error("expected an 'item' array", at: children, path: itemPath + ".item")
                }
                let variables = self.variables(item["variable"], path: itemPath + ".variable")
                if !variables.isEmpty {
                    folderVariables += variables
                    notes.append(
                        "the variables of folder '\(name)' are profile variables (profiles have no folder scope)")
                }
                let scripts = self.scripts(item["event"])
                if !scripts.isEmpty {
                    notes.append(
                        "the scripts of folder '\(name)' (\(scripts.map(\.kind).joined(separator: ", "))) are not run")
                }
                try self.items(
                    children, path: itemPath + ".item", folders: folders + [name], inherited: own ?? inherited)
            } else if let request = item["request"] {
                var read = try self.request(
                    request, name: name, path: itemPath + ".request", inherited: own ?? inherited)
                read.folders = folders
                read.scripts = scripts(item["event"])
                read.examples = PostmanNodes.elements(item["response"]).compactMap { response in
                    guard let body = PostmanNodes.text(response["body"]) else { return nil }
                    return CollectionExample(
                        status: response["code"]?.numberValue.flatMap { Int($0.description) }, body: body)
                }
                requests.append(read)
            } else {
                throw locator.error("expected a 'request' or an 'item' array in '\(name)'", at: item, path: itemPath)
            }
        }
    }

    private func request(_ node: JSONNode, name: String, path: String, inherited: CollectionAuth?)
        throws(CollectionImportError) -> CollectionRequest
    {
        // v2.0 allows a request to be just its URL.
        if let url = node.stringValue { return CollectionRequest(name: name, method: "GET", url: url) }
        guard node.kind == .object else {
            throw locator.error("expected a request object or URL", at: node, path: path)
        }
        let method = PostmanNodes.text(node["method"]) ?? "GET"
        var request = CollectionRequest(name: name, method: method, url: "")
        try url(node["url"], path: path + ".url", into: &request)
        request.headers = pairs(node["header"], key: "key")
        request.description = PostmanNodes.description(node["description"])
        let own = try auth(node["auth"], path: path + ".auth")
        request.auth = own ?? inherited
        let body = self.body(node["body"], into: &request)
        request.body = body
        return request
    }

    /// `url`: a string, or `{raw, protocol, host, port, path, query, variable}`.
    private func url(_ node: JSONNode?, path: String, into request: inout CollectionRequest)
        throws(CollectionImportError)
    {
        guard let node else { throw locator.error("the request has no 'url'", at: nil, path: path) }
        if let raw = node.stringValue {
            request.url = raw
            return
        }
        guard node.kind == .object else { throw locator.error("expected a URL string or object", at: node, path: path) }
        var raw = PostmanNodes.text(node["raw"]) ?? ""
        if raw.isEmpty {
            let host = PostmanNodes.elements(node["host"]).compactMap(PostmanNodes.text).joined(separator: ".")
            let segments = PostmanNodes.elements(node["path"]).compactMap(PostmanNodes.text)
            let scheme = PostmanNodes.text(node["protocol"]).map { $0 + "://" } ?? ""
            let port = PostmanNodes.text(node["port"]).map { ":" + $0 } ?? ""
            raw = scheme + (PostmanNodes.text(node["host"]) ?? host) + port + "/" + segments.joined(separator: "/")
        }
        if node["query"] != nil {
            // The list says which items are disabled; the raw URL holds only the enabled ones' text.
            if let question = raw.firstIndex(of: "?") { raw = String(raw[..<question]) }
            request.query = pairs(node["query"], key: "key")
        }
        request.url = raw
        request.pathDefaults = pairs(node["variable"], key: "key")
    }

    /// Enabled `{key, value}` pairs; v2.0's header string (`Name: value` lines) too.
    private func pairs(_ node: JSONNode?, key: String) -> [CollectionPair] {
        if let text = node?.stringValue {
            return text.split(whereSeparator: \.isNewline).compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return CollectionPair(line[..<colon].trimmingSpaces, line[line.index(after: colon)...].trimmingSpaces)
            }
        }
        return PostmanNodes.elements(node).compactMap { pair in
            guard pair["disabled"]?.boolValue != true, let name = PostmanNodes.text(pair[key]) else { return nil }
            return CollectionPair(name, PostmanNodes.text(pair["value"]) ?? "")
        }
    }

    private func body(_ node: JSONNode?, into request: inout CollectionRequest) -> CollectionBody {
        guard let node, node.kind == .object, node["disabled"]?.boolValue != true else { return .none }
        switch node["mode"]?.stringValue {
        case "raw":
            guard let raw = PostmanNodes.text(node["raw"]), !raw.isEmpty else { return .none }
            let language = node["options"]?["raw"]?["language"]?.stringValue
            let types = [
                "json": "application/json", "xml": "application/xml", "html": "text/html", "text": "text/plain",
            ]
            return .raw(raw, contentType: language.flatMap { types[$0] })
        case "urlencoded":
            return .urlencoded(pairs(node["urlencoded"], key: "key"))
        case "formdata":
            let fields = PostmanNodes.elements(node["formdata"]).compactMap { field -> CollectionPair? in
                guard field["disabled"]?.boolValue != true, let name = PostmanNodes.text(field["key"]) else {
                    return nil
                }
                if field["type"]?.stringValue == "file" {
                    let source =
                        PostmanNodes.text(field["src"])
                        ?? PostmanNodes.elements(field["src"]).compactMap(PostmanNodes.text).first
                    return CollectionPair(name, "@" + (source ?? ""))
                }
                return CollectionPair(name, PostmanNodes.text(field["value"]) ?? "")
            }
            return fields.isEmpty ? .none : .multipart(fields)
        case "file":
            return PostmanNodes.text(node["file"]?["src"]).map(CollectionBody.file) ?? .none
        case "graphql":
            let graphql = node["graphql"]
            guard let query = PostmanNodes.text(graphql?["query"]) else { return .none }
            return .graphql(query: query, variables: PostmanNodes.text(graphql?["variables"]))
        case let mode?:
            request.notes.append("a body in Postman's '\(mode)' mode was not imported")
            return .none
        case nil:
            return .none
        }
    }

    /// An `auth` object: `nil` when absent or null (inherit), `.none` for `noauth`.
    func auth(_ node: JSONNode?, path: String) throws(CollectionImportError) -> CollectionAuth? {
        guard let node, node.kind != .null else { return nil }
        guard node.kind == .object, let type = node["type"]?.stringValue else {
            throw locator.error("expected an auth object with a 'type'", at: node, path: path)
        }
        let fields = Self.fields(node[type])
        let value: (String) -> String = { fields[$0] ?? "" }
        switch type {
        case "noauth": return CollectionAuth.none
        case "inherit": return nil
        case "bearer": return .bearer(token: value("token"))
        case "basic": return .basic(username: value("username"), password: value("password"))
        case "apikey":
            return .apiKey(name: fields["key"] ?? "X-API-Key", value: value("value"), inQuery: fields["in"] == "query")
        case "oauth2":
            let scopes = value("scope").split(separator: " ").map(String.init)
            return .oauth2(
                grant: fields["grant_type"] ?? "authorization_code", tokenURL: fields["accessTokenUrl"],
                authorizeURL: fields["authUrl"], scopes: scopes)
        default: return .unsupported(type)
        }
    }

    /// v2.1's `[{key, value}]` or v2.0's `{key: value}`.
    private static func fields(_ node: JSONNode?) -> [String: String] {
        var fields: [String: String] = [:]
        if let node, node.kind == .object {
            for member in node.members { fields[member.key] = PostmanNodes.text(member.value) }
        }
        for pair in PostmanNodes.elements(node) {
            if let key = PostmanNodes.text(pair["key"]) { fields[key] = PostmanNodes.text(pair["value"]) }
        }
        return fields
    }

    /// `event` scripts: pre-request and test, with their lines.
    func scripts(_ node: JSONNode?) -> [CollectionScript] {
        PostmanNodes.elements(node).compactMap { event in
            let script = event["script"]
            let lines: [String] =
                if let text = PostmanNodes.text(script?["exec"]) {
                    CollectionText.lines(text)
                } else {
                    PostmanNodes.elements(script?["exec"]).compactMap(PostmanNodes.text)
                }
            guard lines.contains(where: { !$0.trimmingSpaces.isEmpty }) else { return nil }
            let kind = event["listen"]?.stringValue == "prerequest" ? "pre-request" : "test"
            return CollectionScript(kind: kind, lines: lines)
        }
    }

    /// `variable` entries, enabled, values as text.
    func variables(_ node: JSONNode?, path: String) -> [CollectionVariable] {
        PostmanNodes.elements(node).compactMap { variable in
            guard variable["disabled"]?.boolValue != true,
                let name = PostmanNodes.text(variable["key"]) ?? PostmanNodes.text(variable["id"])
            else { return nil }
            return CollectionVariable(
                name: name, value: PostmanNodes.text(variable["value"]) ?? "",
                secret: variable["type"]?.stringValue == "secret")
        }
    }
}
