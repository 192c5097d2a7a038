/// One `.bru` request file as a collection request.
enum BrunoRequest {
    static let methods = ["get", "post", "put", "delete", "patch", "options", "head", "connect", "trace"]

    static func request(_ bru: BruFile, file: String) throws(CollectionImportError) -> CollectionRequest {
        guard let methodBlock = bru.blocks.first(where: { methods.contains($0.name) }) else {
            throw CollectionImportError(file: file, message: "no request block (get, post, put, delete, patch…)")
        }
        let name = bru.value("name", in: "meta") ?? file
        let url = methodBlock.pairs.first { $0.key == "url" }?.value ?? ""
        var request = CollectionRequest(name: name, method: methodBlock.name, url: url)
        request.location = "\(file):\(methodBlock.line)"
        request.query = pairs(bru.block("params:query"))
        request.pathDefaults = pairs(bru.block("params:path"))
        request.headers = pairs(bru.block("headers"))
        request.description = bru.block("docs")?.text
        let authMode = methodBlock.pairs.first { $0.key == "auth" }?.value
        request.auth = authMode == "inherit" ? .unsupported("inherit") : auth(bru, mode: authMode)
        let body = Self.body(bru, mode: methodBlock.pairs.first { $0.key == "body" }?.value, request: &request)
        request.body = body
        for (kind, block) in [
            ("pre-request", "script:pre-request"), ("post-response", "script:post-response"), ("test", "tests"),
        ] {
            if let text = bru.block(block)?.text, !text.trimmingSpaces.isEmpty {
                request.scripts.append(
                    CollectionScript(kind: kind, lines: CollectionText.lines(text).filter { !$0.isEmpty }))
            }
        }
        if let asserts = bru.block("assert"), !asserts.pairs.isEmpty {
            request.notes.append("\(asserts.pairs.count) assertions are not checked (write expect lines in a script)")
        }
        if bru.block("vars:pre-request") != nil || bru.block("vars:post-response") != nil {
            request.notes.append("the request's own variables are not imported")
        }
        return request
    }

    /// Enabled pairs of a block.
    static func pairs(_ block: BruFile.Block?) -> [CollectionPair] {
        (block?.pairs ?? []).filter(\.enabled).map { CollectionPair($0.key, $0.value) }
    }

    /// The auth for a mode (`bearer`, `basic`, …) read from its `auth:MODE` block.
    static func auth(_ bru: BruFile, mode: String?) -> CollectionAuth? {
        guard let mode else { return nil }
        let value: (String) -> String = { bru.value($0, in: "auth:\(mode)") ?? "" }
        switch mode {
        case "none": return CollectionAuth.none
        case "inherit": return nil
        case "bearer": return .bearer(token: value("token"))
        case "basic": return .basic(username: value("username"), password: value("password"))
        case "apikey":
            return .apiKey(name: value("key"), value: value("value"), inQuery: value("placement") == "queryparams")
        case "oauth2":
            return .oauth2(
                grant: value("grant_type"), tokenURL: bru.value("access_token_url", in: "auth:oauth2"),
                authorizeURL: bru.value("authorization_url", in: "auth:oauth2"),
                scopes: value("scope").split(separator: " ").map(String.init))
        default: return .unsupported(mode)
        }
    }

    private static func body(_ bru: BruFile, mode: String?, request: inout CollectionRequest) -> CollectionBody {
        switch mode {
        case nil, "none": return .none
        case "json": return bru.block("body:json").map { .raw($0.text, contentType: "application/json") } ?? .none
        case "text": return bru.block("body:text").map { .raw($0.text, contentType: "text/plain") } ?? .none
        case "xml": return bru.block("body:xml").map { .raw($0.text, contentType: "application/xml") } ?? .none
        case "formUrlEncoded": return .urlencoded(pairs(bru.block("body:form-urlencoded")))
        case "multipartForm":
            return .multipart(
                pairs(bru.block("body:multipart-form")).map { pair in
                    guard pair.value.hasPrefix("@file("), pair.value.hasSuffix(")") else { return pair }
                    return CollectionPair(pair.name, "@" + pair.value.dropFirst(6).dropLast())
                })
        case "graphql":
            guard let query = bru.block("body:graphql")?.text else { return .none }
            return .graphql(query: query, variables: bru.block("body:graphql:vars")?.text)
        case let other?:
            request.notes.append("a '\(other)' body is not imported")
            return .none
        }
    }
}
