extension AssemblyState {
    /// The request's auth as profile auth; literal credentials become `${env:…}` placeholders.
    mutating func auth(_ request: CollectionRequest, endpoint: inout EndpointDraft) -> AuthDraft? {
        guard let auth = request.auth else { return implicit(&endpoint) }
        switch auth {
        case .none:
            return implicit(&endpoint)
        case .bearer(let token):
            return .bearer(token: credential(token, suffix: "TOKEN", request: request))
        case .basic(let username, let password):
            return .basic(
                username: credential(username, suffix: "USERNAME", request: request),
                password: credential(password, suffix: "PASSWORD", request: request))
        case .apiKey(let name, let value, let inQuery):
            let template = credential(value, suffix: name.isEmpty ? "API_KEY" : name, request: request)
            let header = name.isEmpty ? "X-API-Key" : name
            return inQuery ? .query(name: header, value: template) : .header(name: header, value: template)
        case .oauth2(let grant, let tokenURL, let authorizeURL, let scopes):
            let grant =
                switch grant {
                case "authorization_code", "authorization_code_with_pkce", "authorizationCode": "authorization_code"
                case "client_credentials", "clientCredentials": "client_credentials"
                default: grant
                }
            return .oauth2(
                grant: grant, tokenURL: renderTemplate(tokenURL ?? "", request: request),
                authorizeURL: authorizeURL.map { renderTemplate($0, request: request) }, deviceURL: nil, scopes: scopes)
        case .unsupported(let scheme):
            endpoint.comments.append("the collection signs this request with \(scheme) auth, which profiles do not do")
            let note = "\(scheme) auth is not supported: the requests that use it are imported without it"
            if !warnings.contains(note) { warnings.append(note) }
            return implicit(&endpoint)
        }
    }

    /// The auth the request's headers send, its header taken off the endpoint (the auth sends it).
    func implicit(_ endpoint: inout EndpointDraft) -> AuthDraft? {
        if let implicitHeader { endpoint.headers.removeAll { $0.name.lowercased() == implicitHeader.lowercased() } }
        return headerAuth
    }

    /// A credential as a template: its references kept, a literal one behind `${env:PROFILE_SUFFIX}`.
    /// A reference that is no variable (`{{token}}` never declared, `{% response … %}`) reads the
    /// environment instead, as a credential is no per-call parameter.
    mutating func credential(_ value: String, suffix: String, request: CollectionRequest) -> String {
        guard CollectionText.hasReference(value) else {
            return scanner.placeholder(for: value.trimmingSpaces, suffix: suffix)
        }
        var out = ""
        for part in CollectionText.parts(value.trimmingSpaces) {
            switch part {
            case .literal(let literal):
                out += LiteralTemplate.escaped(literal)
            case .reference(let reference):
                let resolved = resolve(reference, request: request)
                guard case .parameter(let name) = resolved else {
                    out += resolved.placeholder
                    continue
                }
                let placeholder = scanner.placeholder(for: "", suffix: name.hasSuffix("_value") ? suffix : name)
                let note = "the credential {{\(reference)}} is read from \(placeholder)"
                if !warnings.contains(note) { warnings.append(note) }
                out += placeholder
            }
        }
        return out
    }

    /// The most common auth is the profile's; an endpoint with another sends it itself where it can.
    mutating func placeAuth(_ auths: [AuthDraft?], in draft: inout ProfileDraft) {
        var counts: [AuthDraft: Int] = [:]
        var order: [AuthDraft] = []
        for case let auth? in auths {
            if counts[auth] == nil { order.append(auth) }
            counts[auth, default: 0] += 1
        }
        guard let chosen = order.max(by: { counts[$0, default: 0] < counts[$1, default: 0] }) else { return }
        draft.auth = chosen
        for (index, auth) in auths.enumerated() where auth != chosen && draft.endpoints.indices.contains(index) {
            switch auth {
            case nil:
                if case .none? = collection.requests[index].auth {
                    draft.endpoints[index].comments.append(
                        "the collection sends this request without auth; the profile's auth applies to it")
                }
            case .bearer(let token)?:
                draft.endpoints[index].headers.append(DraftHeader(name: "Authorization", value: "Bearer " + token))
            case .header(let name, let value)?:
                draft.endpoints[index].headers.append(DraftHeader(name: name, value: value))
            case .query(let name, let value)?:
                draft.endpoints[index].query.append(DraftHeader(name: name, value: value))
            case let other?:
                draft.endpoints[index].comments.append(
                    "the collection authenticates this request with \(other.summary) auth, unlike the profile's; set it up by hand"
                )
            }
        }
    }
}
