public import APIClient
public import APIMapping

/// A profile as an OpenAPI 3.1 description: endpoints as operations, environments as servers,
/// auth as a security scheme, and for each operation a success response whose schema is the
/// envelope wrapped around the model's schema inferred from history (`history schema`), plus the
/// business error catalogue as a documented `default` response.
///
/// ```swift
/// let document = OpenAPIExport.export(profile, modelSchemas: ["user": userSchema])
/// document.jsonText(style: .pretty)
/// ```
///
/// Secrets never appear: a security scheme says where a credential goes, not what it is, and a
/// header or body that reads one shows the variable's name.
public enum OpenAPIExport {
    /// Exports a profile.
    ///
    /// - Parameters:
    ///   - profile: The profile.
    ///   - modelSchemas: Per endpoint id, the JSON Schema of its model (from history); an endpoint
    ///     without one gets an open schema.
    /// - Returns: The OpenAPI 3.1 document.
    public static func export(_ profile: Profile, modelSchemas: [String: JSONValue] = [:]) -> JSONValue {
        var text = ExportText()
        var root = JSONObject()
        root.append(key: "openapi", value: "3.1.0")
        var info = JSONObject()
        info.append(key: "title", value: .string(profile.name))
        info.append(key: "version", value: "1.0.0")
        var description = profile.description.isEmpty ? [] : [profile.description]
        description.append(
            "Exported by apiexplore from the profile '\(profile.name)'; response schemas are inferred from its history."
        )
        info.append(key: "description", value: .string(description.joined(separator: "\n\n")))
        root.append(key: "info", value: .object(info))
        root.append(key: "servers", value: servers(profile, text: &text))
        var paths: [(path: String, item: JSONObject)] = []
        var skipped: [String] = []
        for endpoint in profile.endpoints {
            let path = openAPIPath(endpoint.path.text, text: &text)
            guard path.hasPrefix("/"), !path.contains("://") else {
                skipped.append(endpoint.id)
                continue
            }
            let method = endpoint.method.lowercased()
            let index =
                paths.firstIndex { $0.path == path }
                ?? {
                    paths.append((path, JSONObject()))
                    return paths.count - 1
                }()
            guard paths[index].item[method] == nil else {
                skipped.append(endpoint.id)
                continue
            }
            paths[index].item.append(
                key: method,
                value: operation(endpoint, path: path, profile: profile, schema: modelSchemas[endpoint.id], text: &text)
            )
        }
        root.append(
            key: "paths", value: .object(JSONObject(paths.map { (key: $0.path, value: JSONValue.object($0.item)) })))
        var components = JSONObject()
        if let envelope = envelopeSchema(profile.envelope, model: [:]) {
            components.append(key: "schemas", value: ["Envelope": envelope])
        }
        if !profile.errors.isEmpty {
            components.append(key: "responses", value: ["BusinessError": businessErrors(profile)])
        }
        if let scheme = securityScheme(profile) {
            components.append(key: "securitySchemes", value: ["profileAuth": scheme])
            root.append(key: "security", value: [["profileAuth": []]])
        }
        root.append(key: "components", value: .object(components))
        if !skipped.isEmpty {
            root.append(key: "x-apiexplore-skipped", value: .array(skipped.map { .string($0) }))
        }
        return .object(root)
    }

    private static func servers(_ profile: Profile, text: inout ExportText) -> JSONValue {
        let shared = profile.sharedBaseURL ?? profile.baseURL
        let entries: [(String?, Template)] =
            profile.environments.isEmpty
            ? [(nil, shared)] : profile.environments.map { ($0.name, $0.baseURL ?? shared) }
        var variables: Set<String> = []
        return .array(
            entries.map { name, baseURL in
                var server = JSONObject()
                let url = text.render(baseURL.text).replacing("{{", with: "{").replacing("}}", with: "}")
                server.append(key: "url", value: .string(url))
                if let name { server.append(key: "description", value: .string(name)) }
                var declared = JSONObject()
                for token in ExportText.tokens(baseURL.text) {
                    switch token {
                    case .variable(let variable), .secret(let variable), .parameter(let variable):
                        if variables.insert((name ?? "") + variable).inserted {
                            declared.append(key: variable, value: ["default": ""])
                        }
                    case .literal: break
                    }
                }
                if !declared.members.isEmpty { server.append(key: "variables", value: .object(declared)) }
                return .object(server)
            })
    }

    private static func securityScheme(_ profile: Profile) -> JSONValue? {
        switch profile.auth {
        case nil: return nil
        case .bearer?: return ["type": "http", "scheme": "bearer"]
        case .basic?: return ["type": "http", "scheme": "basic"]
        case .header(let name, _)?: return ["type": "apiKey", "in": "header", "name": .string(name)]
        case .query(let name, _)?: return ["type": "apiKey", "in": "query", "name": .string(name)]
        case .login(let spec)?:
            return [
                "type": "http", "scheme": "bearer",
                "description": .string("The token the '\(spec.endpoint)' endpoint answers at \(spec.token)."),
            ]
        case .oauth2(let spec)?:
            var flow = JSONObject()
            flow.append(key: "tokenUrl", value: .string(spec.tokenURL.text))
            if let authorize = spec.authorizeURL {
                flow.append(key: "authorizationUrl", value: .string(authorize.text))
            }
            var scopes = JSONObject()
            for scope in (spec.scope?.text ?? "").split(separator: " ") {
                scopes.append(key: String(scope), value: "")
            }
            flow.append(key: "scopes", value: .object(scopes))
            let name = spec.grant == .clientCredentials ? "clientCredentials" : "authorizationCode"
            if spec.grant != .clientCredentials, spec.authorizeURL == nil {
                flow.append(key: "authorizationUrl", value: .string(spec.tokenURL.text))
            }
            return ["type": "oauth2", "flows": .object(JSONObject([(key: name, value: .object(flow))]))]
        }
    }
}
