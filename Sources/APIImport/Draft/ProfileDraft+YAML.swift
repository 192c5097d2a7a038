import APIMapping

extension ProfileDraft {
    /// The draft as a profile file: commented, block-style YAML that ``APIClient/Profile`` reads back.
    ///
    /// Literal text is escaped where it lands in a template field (`$` becomes `$$`); strings in a
    /// JSON body stay literal unless they are exactly `${name}` of one of the endpoint's parameters.
    ///
    /// ```swift
    /// var draft = ProfileDraft(name: "petstore", baseURL: "https://petstore.example/v1")
    /// draft.endpoints.append(EndpointDraft(id: "list_pets", method: "GET", path: "/pets"))
    /// print(draft.yaml())
    /// // name: petstore
    /// // base_url: "https://petstore.example/v1"
    /// // endpoints:
    /// //   list_pets:
    /// //     path: /pets
    /// ```
    public func yaml() -> String {
        var lines = comments.flatMap { YAMLText.comment($0, indent: "") }
        lines.append("name: \(YAMLText.string(name))")
        if let description { lines.append("description: \(YAMLText.quoted(description))") }
        if environments.isEmpty {
            lines.append("base_url: \(YAMLText.quoted(baseURL))")
        } else {
            lines.append("environments:")
            for environment in environments {
                if let comment = environment.comment { lines += YAMLText.comment(comment, indent: "  ") }
                lines.append("  \(YAMLText.string(environment.name)):")
                lines.append("    base_url: \(YAMLText.quoted(environment.baseURL))")
                if !environment.vars.isEmpty {
                    lines.append("    vars:")
                    for variable in environment.vars {
                        lines.append(
                            "      \(YAMLText.string(variable.name)): "
                                + YAMLText.quoted(LiteralTemplate.escaped(variable.value)))
                    }
                }
            }
        }
        if !headers.isEmpty {
            lines.append("headers:")
            for header in headers {
                lines.append("  \(YAMLText.string(header.name)): \(YAMLText.quoted(header.value))")
            }
        }
        lines += authComments.flatMap { YAMLText.comment($0, indent: "") }
        if let auth { lines += auth.yamlLines() }
        if let envelope { lines += envelope.yamlLines() }
        if !endpoints.isEmpty {
            lines.append("endpoints:")
            for endpoint in endpoints { lines += endpoint.yamlLines() }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension AuthDraft {
    func yamlLines() -> [String] {
        let q = YAMLText.quoted
        switch self {
        case .bearer(let token):
            return ["auth:", "  bearer: {token: \(q(token))}"]
        case .basic(let username, let password):
            return ["auth:", "  basic: {username: \(q(username)), password: \(q(password))}"]
        case .header(let name, let value):
            return ["auth:", "  header: {name: \(YAMLText.string(name)), value: \(q(value))}"]
        case .query(let name, let value):
            return ["auth:", "  query: {name: \(YAMLText.string(name)), value: \(q(value))}"]
        case .oauth2(let grant, let tokenURL, let authorizeURL, let deviceURL, let scopes):
            var lines = [
                "auth:", "  oauth2:", "    grant: \(grant)", "    token_url: \(q(tokenURL))",
            ]
            if let authorizeURL { lines.append("    authorize_url: \(q(authorizeURL))") }
            if let deviceURL { lines.append("    device_url: \(q(deviceURL))") }
            let prefix = "${env:"
            lines.append("    client_id: \(q(prefix + "CLIENT_ID}"))")
            if grant == "client_credentials" { lines.append("    client_secret: \(q(prefix + "CLIENT_SECRET}"))") }
            if !scopes.isEmpty {
                lines.append("    scope: \(q(LiteralTemplate.escaped(scopes.joined(separator: " "))))")
            }
            return lines
        }
    }
}

extension EnvelopeDraft {
    func yamlLines() -> [String] {
        var lines = comments.flatMap { YAMLText.comment($0, indent: "") }
        lines.append("envelope:")
        lines.append("  status: " + (status.map(YAMLText.string) ?? "null"))
        if let successRule {
            lines.append("  success: \(successRule)")
        } else if !success.isEmpty {
            lines.append("  success: [" + success.map(Self.statusValue).joined(separator: ", ") + "]")
        }
        lines.append("  tip: " + (tip.map(YAMLText.string) ?? "[]"))
        lines.append("  model: " + YAMLText.quoted(model ?? ""))
        return lines
    }

    /// A success value as YAML: numbers and bools plain, strings quoted (so `http` stays a value).
    private static func statusValue(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): YAMLText.quoted(text)
        default: value.jsonText()
        }
    }
}

extension EndpointDraft {
    func yamlLines() -> [String] {
        var lines = comments.flatMap { YAMLText.comment($0, indent: "  ") }
        lines.append("  \(YAMLText.string(id)):")
        if method != "GET" { lines.append("    method: \(method)") }
        lines.append("    path: \(YAMLText.string(LiteralTemplate.escaped(path)))")
        if let description { lines.append("    description: \(YAMLText.quoted(description))") }
        if !tags.isEmpty { lines.append("    tags: [" + tags.map(YAMLText.quoted).joined(separator: ", ") + "]") }
        if !query.isEmpty {
            lines.append("    query:")
            for item in query { lines.append("      \(YAMLText.string(item.name)): \(YAMLText.quoted(item.value))") }
        }
        if !headers.isEmpty {
            lines.append("    headers:")
            for header in headers {
                lines.append("      \(YAMLText.string(header.name)): \(YAMLText.quoted(header.value))")
            }
        }
        let parameterNames = Set(params.map(\.name))
        if let body {
            lines.append("    body: " + Self.yaml(body, parameters: parameterNames))
        } else if let bodyText {
            lines.append("    body_text: \(YAMLText.quoted(LiteralTemplate.escaped(bodyText)))")
        }
        if !multipart.isEmpty {
            lines.append("    # multipart form fields (not sent yet; fill a body in to send one):")
            for field in multipart { lines += YAMLText.comment("  \(field.name)=\(field.value)", indent: "    ") }
        }
        if !params.isEmpty {
            lines.append("    params:")
            for parameter in params { lines.append("      " + parameter.yamlLine()) }
        }
        if let envelopeModel { lines.append("    envelope: {model: \(YAMLText.quoted(envelopeModel))}") }
        return lines
    }

    /// A JSON body in YAML flow style; `${name}` strings of declared parameters stay templates.
    static func yaml(_ value: JSONValue, parameters: Set<String>) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONValue.number(number).jsonText()
        case .string(let text):
            if text.hasPrefix("${"), text.hasSuffix("}"), parameters.contains(String(text.dropFirst(2).dropLast())) {
                return YAMLText.quoted(text)
            }
            return YAMLText.quoted(LiteralTemplate.escaped(text))
        case .array(let elements):
            return "[" + elements.map { yaml($0, parameters: parameters) }.joined(separator: ", ") + "]"
        case .object(let object):
            return "{"
                + object.members.map { "\(YAMLText.quoted($0.key)): \(yaml($0.value, parameters: parameters))" }
                .joined(separator: ", ") + "}"
        }
    }
}

extension ParameterDraft {
    func yamlLine() -> String {
        var fields: [String] = []
        if let description { fields.append("description: \(YAMLText.quoted(description))") }
        if let defaultValue { fields.append("default: \(YAMLText.quoted(defaultValue))") }
        if !allowedValues.isEmpty {
            fields.append("enum: [" + allowedValues.map(YAMLText.quoted).joined(separator: ", ") + "]")
        }
        // Unsaid means required when there is no default; an optional one without a default says so.
        if !required && defaultValue == nil { fields.append("required: false") }
        return "\(YAMLText.string(name)): " + (fields.isEmpty ? "{}" : "{" + fields.joined(separator: ", ") + "}")
    }
}
