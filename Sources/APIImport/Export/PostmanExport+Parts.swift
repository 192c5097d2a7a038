import APIClient
import APIMapping

/// Items placed in nested folders by path, in first-seen order.
struct PostmanFolder {
    private var requests: [JSONValue] = []
    private var children: [(name: String, folder: PostmanFolder)] = []

    mutating func insert(_ item: JSONValue, at path: [String]) {
        guard let first = path.first else {
            requests.append(item)
            return
        }
        if let index = children.firstIndex(where: { $0.name == first }) {
            children[index].folder.insert(item, at: Array(path.dropFirst()))
        } else {
            var folder = PostmanFolder()
            folder.insert(item, at: Array(path.dropFirst()))
            children.append((first, folder))
        }
    }

    /// The folders (as item groups) then the requests.
    var items: JSONValue {
        .array(children.map { ["name": .string($0.name), "item": $0.folder.items] } + requests)
    }
}

extension PostmanExport {
    /// The profile's auth as Postman auth; a login endpoint's token as a bearer `{{…}}` variable.
    static func auth(_ profile: Profile, text: inout ExportText) -> JSONValue? {
        func attributes(_ pairs: [(String, String)]) -> JSONValue {
            .array(pairs.map { ["key": .string($0.0), "value": .string($0.1), "type": "string"] })
        }
        switch profile.auth {
        case nil:
            return nil
        case .bearer(let token, _)?:
            return ["type": "bearer", "bearer": attributes([("token", text.render(token.text))])]
        case .basic(let username, let password)?:
            return [
                "type": "basic",
                "basic": attributes([
                    ("username", text.render(username.text)), ("password", text.render(password.text)),
                ]),
            ]
        case .header(let name, let value)?:
            return [
                "type": "apikey",
                "apikey": attributes([("key", name), ("value", text.render(value.text)), ("in", "header")]),
            ]
        case .query(let name, let value)?:
            return [
                "type": "apikey",
                "apikey": attributes([("key", name), ("value", text.render(value.text)), ("in", "query")]),
            ]
        case .oauth2(let spec)?:
            var pairs = [
                ("grant_type", spec.grant.rawValue), ("accessTokenUrl", text.render(spec.tokenURL.text)),
                ("clientId", text.render(spec.clientID.text)),
            ]
            if let authorize = spec.authorizeURL { pairs.append(("authUrl", text.render(authorize.text))) }
            if let secret = spec.clientSecret { pairs.append(("clientSecret", text.render(secret.text))) }
            if let scope = spec.scope { pairs.append(("scope", text.render(scope.text))) }
            return ["type": "oauth2", "oauth2": attributes(pairs)]
        case .login(let spec)?:
            let variable = "LOGIN_TOKEN"
            _ = text.render("${env:\(variable)}")
            let prefix = spec.prefix.trimmingSpaces
            guard spec.header.lowercased() == "authorization", prefix.lowercased() == "bearer" else {
                return [
                    "type": "apikey",
                    "apikey": attributes([
                        ("key", spec.header), ("value", spec.prefix + "{{\(variable)}}"), ("in", "header"),
                    ]),
                ]
            }
            return ["type": "bearer", "bearer": attributes([("token", "{{\(variable)}}")])]
        }
    }

    /// One environment per profile environment (or one named after the profile): `baseUrl`, the
    /// variables, and every secret as an empty `secret` value.
    static func environments(_ profile: Profile, text: inout ExportText) -> [(name: String, document: JSONValue)] {
        func value(_ key: String, _ value: String, secret: Bool) -> JSONValue {
            ["key": .string(key), "value": .string(value), "type": secret ? "secret" : "default", "enabled": true]
        }
        let shared = profile.sharedBaseURL ?? profile.baseURL
        let environments: [(String, Template, [ProfileVariable])] =
            profile.environments.isEmpty
            ? [(profile.name, shared, profile.sharedVariables)]
            : profile.environments.map { ($0.name, $0.baseURL ?? shared, $0.variables) }
        var rendered: [(name: String, values: [JSONValue])] = []
        for (name, baseURL, variables) in environments {
            var values = [value("baseUrl", text.render(baseURL.text), secret: false)]
            for variable in variables {
                let literal = ExportText.literal(variable.value.text)
                let shown = text.render(variable.value.text)
                values.append(
                    value(variable.name, literal ?? (shown.contains("{{") ? "" : shown), secret: literal == nil))
            }
            rendered.append((name, values))
        }
        // Secrets met while rendering the environments are added to every one.
        return rendered.map { environment in
            var values = environment.values
            for secret in text.secrets
            where !values.contains(where: { $0.objectValue?["key"]?.stringValue == secret }) {
                values.append(value(secret, "", secret: true))
            }
            let document: JSONValue = [
                "name": .string(environment.name), "values": .array(values),
                "_postman_variable_scope": "environment",
            ]
            return (environment.name, document)
        }
    }
}
