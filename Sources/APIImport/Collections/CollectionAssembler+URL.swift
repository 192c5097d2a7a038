extension AssemblyState {
    /// The endpoint's path and query, relative to the base URL when the request is under it.
    mutating func addURL(_ request: CollectionRequest, base: BaseChoice, to endpoint: inout EndpointDraft) {
        let url = request.url.trimmingSpaces
        var remainder: String
        if let root = base.rootVariable, BaseChoice.root(of: url, variables: variables) == root,
            let close = url.firstRange(of: "}}")
        {
            remainder = String(url[close.upperBound...])
        } else if let location = base.location, let literal = BaseChoice.literalURL(url),
            literal.origin == location.origin
        {
            remainder = Self.afterAuthority(url)
            if !location.prefix.isEmpty, remainder.hasPrefix(location.prefix),
                remainder.dropFirst(location.prefix.count).first.map({ $0 == "/" || $0 == "?" }) ?? true
            {
                remainder = String(remainder.dropFirst(location.prefix.count))
            }
        } else {
            remainder = url.contains("://") || BaseChoice.literalURL(url) == nil ? url : "http://" + url
            if !remainder.isEmpty { endpoint.comments.append("on another server than the profile's base URL") }
        }
        if let hash = remainder.firstIndex(of: "#") { remainder = String(remainder[..<hash]) }
        var pathText = remainder
        var queryText: String?
        if let question = remainder.firstIndex(of: "?") {
            pathText = String(remainder[..<question])
            queryText = String(remainder[remainder.index(after: question)...])
        }
        addPath(pathText, request: request, to: &endpoint)
        let query = request.query.isEmpty ? Self.pairs(queryText ?? "") : request.query
        for pair in query { addQuery(pair, request: request, to: &endpoint) }
    }

    /// The text after `scheme://host[:port]` (or after `host` when there is no scheme).
    static func afterAuthority(_ url: String) -> String {
        let start = url.firstRange(of: "://")?.upperBound ?? url.startIndex
        let end = url[start...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? url.endIndex
        return String(url[end...])
    }

    /// `a=1&b={{x}}` as pairs, literal parts percent-decoded.
    static func pairs(_ query: String) -> [CollectionPair] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let decode: (Substring) -> String = { text in
                CollectionText.text(
                    CollectionText.parts(String(text)).map {
                        if case .literal(let literal) = $0 { .literal(CurlEncoding.unescape(literal)) } else { $0 }
                    })
            }
            guard let equals = item.firstIndex(of: "=") else { return CollectionPair(decode(item), "") }
            return CollectionPair(decode(item[..<equals]), decode(item[item.index(after: equals)...]))
        }
    }

    /// The path: `:name` segments and references to parameters become `{name}`; variables `${var:…}`.
    mutating func addPath(_ text: String, request: CollectionRequest, to endpoint: inout EndpointDraft) {
        var path = ""
        for part in CollectionText.parts(text) {
            switch part {
            case .literal(let literal):
                path += pathLiteral(literal, request: request, endpoint: &endpoint)
            case .reference(let reference):
                let resolved = resolve(reference, request: request)
                switch resolved {
                case .parameter(let name):
                    path += "{\(name)}"
                    declare(name, default: nil, in: &endpoint)
                case .variable, .environment:
                    path += resolved.placeholder
                    if !endpoint.templates.contains(resolved.placeholder) {
                        endpoint.templates.append(resolved.placeholder)
                    }
                }
            }
        }
        if !path.hasPrefix("/"), !path.contains("://") { path = "/" + path }
        endpoint.path = path
    }

    /// Literal path text with Postman's `:name` segments as `{name}` parameters.
    private mutating func pathLiteral(_ literal: String, request: CollectionRequest, endpoint: inout EndpointDraft)
        -> String
    {
        let segments = literal.split(separator: "/", omittingEmptySubsequences: false)
        var out: [String] = []
        for segment in segments {
            let name = segment.dropFirst()
            if segment.hasPrefix(":"), Identifier.isValid(String(name)) {
                out.append("{\(name)}")
                let given = request.pathDefaults.last { $0.name == String(name) }?.value
                let usable = given.flatMap { value -> String? in
                    guard !value.isEmpty, !CollectionText.hasReference(value) else { return nil }
                    return SecretValues.looksSecret(value, entropy: true) ? nil : value
                }
                declare(String(name), default: usable, in: &endpoint)
            } else {
                out.append(String(segment))
            }
        }
        return out.joined(separator: "/")
    }

    /// Declares the parameters a header or query value's references stand for (`{{id}}`, a
    /// chained `{{login.response.body.$.token}}`), so a call can give them.
    mutating func declareParameters(in text: String, request: CollectionRequest, endpoint: inout EndpointDraft) {
        for case .reference(let reference) in CollectionText.parts(text) {
            if case .parameter(let name) = resolve(reference, request: request) {
                declare(name, default: nil, in: &endpoint)
            }
        }
    }

    /// Declares a parameter once (a later default fills an earlier gap).
    func declare(_ name: String, default value: String?, in endpoint: inout EndpointDraft) {
        if let index = endpoint.params.firstIndex(where: { $0.name == name }) {
            if endpoint.params[index].defaultValue == nil { endpoint.params[index].defaultValue = value }
            return
        }
        var parameter = ParameterDraft(name: name)
        parameter.defaultValue = value
        parameter.required = true
        endpoint.params.append(parameter)
    }

    /// A query item: a reference stays one; a literal value becomes a parameter with that default,
    /// a credential an `${env:…}` placeholder.
    mutating func addQuery(_ pair: CollectionPair, request: CollectionRequest, to endpoint: inout EndpointDraft) {
        if CollectionText.hasReference(pair.value) {
            endpoint.query.append(DraftHeader(name: pair.name, value: renderTemplate(pair.value, request: request)))
            declareParameters(in: pair.value, request: request, endpoint: &endpoint)
            return
        }
        if !pair.value.isEmpty,
            SecretScanner.isSecretQuery(pair.name) || SecretValues.looksSecret(pair.value, entropy: true)
        {
            endpoint.query.append(
                DraftHeader(name: pair.name, value: scanner.placeholder(for: pair.value, suffix: pair.name)))
            return
        }
        let base = EndpointNaming.identifier(pair.name).replacing("-", with: "_")
        var name = base.isEmpty ? "param" : base
        var counter = 2
        while endpoint.params.contains(where: { $0.name == name }) {
            name = (base.isEmpty ? "param" : base) + "_\(counter)"
            counter += 1
        }
        var parameter = ParameterDraft(name: name)
        parameter.defaultValue = pair.value
        endpoint.query.append(DraftHeader(name: pair.name, value: "${\(name)}"))
        endpoint.params.append(parameter)
    }

    /// The auth a credential header of variables stands for: `Authorization: Bearer {{token}}`,
    /// JetBrains' `Authorization: Basic {{user}} {{password}}`, `X-API-Key: {{key}}`.
    static func implicitAuth(name: String, template: String) -> AuthDraft? {
        let lower = name.lowercased()
        guard SecretScanner.isSecretHeader(name), lower != "cookie", lower != "proxy-authorization" else { return nil }
        guard lower == "authorization" else { return .header(name: name, value: template) }
        let words = template.split(separator: " ").map(String.init)
        switch words.first?.lowercased() {
        case "bearer" where words.count == 2: return .bearer(token: words[1])
        case "basic" where words.count == 3: return .basic(username: words[1], password: words[2])
        case "basic": return nil
        default: return .header(name: name, value: template)
        }
    }

    /// Headers: references kept, credentials behind `${env:…}`, transport headers left out.
    mutating func addHeaders(_ request: CollectionRequest, to endpoint: inout EndpointDraft) {
        headerAuth = nil
        implicitHeader = nil
        for header in request.headers {
            let lower = header.name.lowercased()
            if ["host", "content-length", "connection", "transfer-encoding"].contains(lower) {
                endpoint.comments.append("left out the \(header.name) header: the client sets it")
                continue
            }
            if CollectionText.hasReference(header.value) {
                let value = renderTemplate(header.value, request: request)
                endpoint.headers.append(DraftHeader(name: header.name, value: value))
                declareParameters(in: header.value, request: request, endpoint: &endpoint)
                // A credential of variables may be the profile's auth; one of parameters stays a header.
                let usesParameter = value.split(separator: "${").dropFirst().contains {
                    !$0.hasPrefix("var:") && !$0.hasPrefix("env:")
                }
                if headerAuth == nil, !usesParameter, let auth = Self.implicitAuth(name: header.name, template: value) {
                    headerAuth = auth
                    implicitHeader = header.name
                }
            } else if SecretScanner.isSecretHeader(header.name), !header.value.trimmingSpaces.isEmpty {
                let secret = scanner.secret(header: DraftHeader(name: header.name, value: header.value.trimmingSpaces))
                if let draft = secret.header {
                    endpoint.headers.append(draft)
                } else if let auth = secret.auth {
                    headerAuth = auth
                }
            } else if SecretValues.containsKnownToken(header.value) {
                if let draft = scanner.secret(valueOf: DraftHeader(name: header.name, value: header.value)).header {
                    endpoint.headers.append(draft)
                }
            } else {
                endpoint.headers.append(DraftHeader(name: header.name, value: LiteralTemplate.escaped(header.value)))
            }
        }
    }
}
