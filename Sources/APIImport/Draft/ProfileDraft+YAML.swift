import APIClient
import APIMapping

extension ProfileDraft {
    /// The draft as a profile file: commented, block-style YAML that `Profile` reads back.
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
        var lines = comments.flatMap { YAMLScalars.comment($0, indent: "") }
        lines.append("name: \(YAMLScalars.string(name))")
        if let description { lines.append("description: \(YAMLScalars.quoted(description))") }
        if environments.isEmpty {
            lines.append("base_url: \(YAMLScalars.quoted(baseURL))")
        } else {
            lines.append("environments:")
            for environment in environments {
                if let comment = environment.comment { lines += YAMLScalars.comment(comment, indent: "  ") }
                lines += YAMLScalars.entry(environment.name, nil, indent: "  ")
                lines.append("    base_url: \(YAMLScalars.quoted(environment.baseURL))")
                var notes: [String] = []
                let vars = EndpointDraft.firstOfEach(
                    environment.vars.map { DraftHeader(name: $0.name, value: LiteralTemplate.escaped($0.value)) }
                        + environment.templateVars, what: "variable", notes: &notes)
                lines += notes.flatMap { YAMLScalars.comment($0, indent: "    ") }
                if !vars.isEmpty {
                    lines.append("    vars:")
                    for variable in vars {
                        lines += YAMLScalars.entry(variable.name, YAMLScalars.quoted(variable.value), indent: "      ")
                    }
                }
            }
        }
        var notes: [String] = []
        let vars = EndpointDraft.firstOfEach(self.vars, what: "variable", notes: &notes)
        if !vars.isEmpty {
            lines.append("vars:")
            for variable in vars {
                lines += YAMLScalars.entry(variable.name, YAMLScalars.quoted(variable.value), indent: "  ")
            }
        }
        let headers = EndpointDraft.firstOfEach(self.headers, caseInsensitive: true, what: "header", notes: &notes)
        lines += notes.flatMap { YAMLScalars.comment($0, indent: "") }
        if !headers.isEmpty {
            lines.append("headers:")
            for header in headers {
                lines += YAMLScalars.entry(header.name, YAMLScalars.quoted(header.value), indent: "  ")
            }
        }
        lines += authComments.flatMap { YAMLScalars.comment($0, indent: "") }
        if let auth {
            if let missing = auth.missingField {
                lines += YAMLScalars.comment(
                    "auth: \(auth.summary) needs \(missing), which the source does not give", indent: "")
            } else {
                lines += auth.yamlLines()
            }
        }
        if let envelope { lines += envelope.yamlLines() }
        if let paginate {
            lines += YAMLScalars.comment("paginate: \(paginate.reason)", indent: "")
            lines.append("paginate: \(paginate.flow)")
        }
        // What a profile cannot send stays in the file as a comment, so nothing is lost.
        let (sendable, unsendable) = (
            endpoints.filter { Profile.methods.contains($0.method) },
            endpoints.filter { !Profile.methods.contains($0.method) }
        )
        for endpoint in unsendable {
            lines += YAMLScalars.comment(
                "skipped \(endpoint.id): \(endpoint.method) \(endpoint.path) (profiles send "
                    + Profile.methods.joined(separator: ", ") + ")", indent: "")
        }
        if !sendable.isEmpty {
            lines.append("endpoints:")
            for endpoint in sendable { lines += endpoint.yamlLines() }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension AuthDraft {
    /// The field a profile needs that the source did not give (an OAuth 2.0 authorization URL).
    var missingField: String? {
        switch self {
        case .oauth2("authorization_code", _, nil, _, _): "authorize_url"
        case .oauth2("device_code", _, _, nil, _): "device_url"
        case .oauth2(let grant, _, _, _, _)
        where !["client_credentials", "authorization_code", "device_code"].contains(grant):
            "a grant apiexplore supports"
        default: nil
        }
    }

    /// The auth in words, for a comment.
    var summary: String {
        switch self {
        case .bearer: "bearer"
        case .basic: "basic"
        case .header(let name, _): "header \(name)"
        case .query(let name, _): "query \(name)"
        case .oauth2(let grant, let tokenURL, _, _, _): "oauth2 \(grant) via \(tokenURL)"
        }
    }

    func yamlLines() -> [String] {
        let q = YAMLScalars.quoted
        switch self {
        case .bearer(let token):
            return ["auth:", "  bearer: {token: \(q(token))}"]
        case .basic(let username, let password):
            return ["auth:", "  basic: {username: \(q(username)), password: \(q(password))}"]
        case .header(let name, let value):
            return ["auth:", "  header: {name: \(YAMLScalars.string(name)), value: \(q(value))}"]
        case .query(let name, let value):
            return ["auth:", "  query: {name: \(YAMLScalars.string(name)), value: \(q(value))}"]
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
        var lines = comments.flatMap { YAMLScalars.comment($0, indent: "") }
        lines.append("envelope:")
        lines.append("  status: " + (status.map(YAMLScalars.string) ?? "null"))
        if let successRule {
            lines.append("  success: \(successRule)")
        } else if !success.isEmpty {
            lines.append("  success: [" + success.map(Self.statusValue).joined(separator: ", ") + "]")
        }
        lines.append("  tip: " + (tip.map(YAMLScalars.string) ?? "[]"))
        lines.append("  model: " + YAMLScalars.quoted(model ?? ""))
        return lines
    }

    /// A success value as YAML: numbers and bools plain, strings quoted (so `http` stays a value).
    private static func statusValue(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): YAMLScalars.quoted(text)
        default: value.jsonText()
        }
    }
}

extension EndpointDraft {
    func yamlLines() -> [String] {
        var notes = comments
        let query = Self.firstOfEach(self.query, what: "query item", notes: &notes)
        let headers = Self.firstOfEach(self.headers, caseInsensitive: true, what: "header", notes: &notes)
        var params: [ParameterDraft] = []
        for parameter in self.params {
            if !Identifier.isValid(parameter.name) {
                notes.append("left out parameter '\(parameter.name)': a name has letters, digits, '_' and '-' only")
            } else if params.contains(where: { $0.name == parameter.name }) {
                notes.append("left out a second parameter '\(parameter.name)'")
            } else {
                var kept = parameter
                if let value = kept.defaultValue, !kept.allowedValues.isEmpty, !kept.allowedValues.contains(value) {
                    notes.append(
                        "parameter '\(kept.name)': its default '\(value)' is not in its enum, so the enum is left out")
                    kept.allowedValues = []
                }
                params.append(kept)
            }
        }
        let body = self.body.map { Self.lastOfEachKey($0, notes: &notes) }
        let bodyFields = [("json", json), ("form", form), ("multipart", multipart)].map { key, fields in
            (key, Self.firstOfEach(fields, what: "\(key) field", notes: &notes))
        }
        var lines = notes.flatMap { YAMLScalars.comment($0, indent: "  ") }
        lines += YAMLScalars.entry(id, nil, indent: "  ")
        if method != "GET" { lines.append("    method: \(method)") }
        let kept = secretVariables.map { "${env:\($0)}" } + templates
        lines.append(
            "    path: \(YAMLScalars.string(LiteralTemplate.keeping(placeholders: kept, in: path, LiteralTemplate.path)))"
        )
        if let description { lines.append("    description: \(YAMLScalars.quoted(description))") }
        if !tags.isEmpty { lines.append("    tags: [" + tags.map(YAMLScalars.quoted).joined(separator: ", ") + "]") }
        if !query.isEmpty {
            lines.append("    query:")
            for item in query {
                lines += YAMLScalars.entry(item.name, YAMLScalars.quoted(item.value), indent: "      ")
            }
        }
        if !headers.isEmpty {
            lines.append("    headers:")
            for header in headers {
                lines += YAMLScalars.entry(header.name, YAMLScalars.quoted(header.value), indent: "      ")
            }
        }
        // `${name}` of a parameter and `${env:NAME}` of a secret the importer took out stay templates.
        let parameterNames = Set(params.map(\.name)).union(secretVariables.map { "env:" + $0 })
        if let body {
            lines.append("    body: " + Self.yaml(body, parameters: parameterNames, placeholders: templates))
        } else if let bodyText {
            lines.append(
                "    body_text: "
                    + YAMLScalars.quoted(
                        LiteralTemplate.keeping(placeholders: kept, in: bodyText, LiteralTemplate.escaped)))
        }
        for (key, fields) in bodyFields where !fields.isEmpty {
            lines.append("    \(key):")
            for field in fields {
                lines += YAMLScalars.entry(field.name, YAMLScalars.quoted(field.value), indent: "      ")
            }
        }
        switch auth {
        case .none?: lines.append("    auth: none")
        case .own(let own)?: lines += own.yamlLines().map { "    " + $0 }
        case nil: break
        }
        if !params.isEmpty {
            lines.append("    params:")
            for parameter in params { lines += parameter.yamlLines(indent: "      ") }
        }
        if let envelopeModel { lines.append("    envelope: {model: \(YAMLScalars.quoted(envelopeModel))}") }
        if let paginate {
            lines += YAMLScalars.comment("paginate: \(paginate.reason)", indent: "    ")
            lines.append("    paginate: \(paginate.flow)")
        }
        return lines
    }

    /// The first entry of each name, the others named in `notes` (YAML has no duplicate keys).
    static func firstOfEach(
        _ entries: [DraftHeader], caseInsensitive: Bool = false, what: String, notes: inout [String]
    ) -> [DraftHeader] {
        var seen: Set<String> = []
        var kept: [DraftHeader] = []
        for entry in entries {
            if seen.insert(caseInsensitive ? entry.name.lowercased() : entry.name).inserted {
                kept.append(entry)
            } else {
                notes.append("left out a second \(what) '\(entry.name)'")
            }
        }
        return kept
    }

    /// The value with each object's repeated keys reduced to the last, as JSON parsers read them.
    static func lastOfEachKey(_ value: JSONValue, notes: inout [String]) -> JSONValue {
        switch value {
        case .array(let elements):
            return .array(elements.map { lastOfEachKey($0, notes: &notes) })
        case .object(let object):
            var result = JSONObject()
            let members = object.members
            for (index, member) in members.enumerated() {
                if members[(index + 1)...].contains(where: { $0.key == member.key }) {
                    notes.append("the body repeats the key '\(member.key)'; the last one is kept")
                    continue
                }
                result.append(key: member.key, value: lastOfEachKey(member.value, notes: &notes))
            }
            return .object(result)
        default:
            return value
        }
    }

    /// A JSON body in YAML flow style; `${name}` strings of declared parameters stay templates, and
    /// so do the `placeholders` (``EndpointDraft/templates``) wherever they appear in a string.
    static func yaml(_ value: JSONValue, parameters: Set<String>, placeholders: [String] = []) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONValue.number(number).jsonText()
        case .string(let text):
            if text.hasPrefix("${"), text.hasSuffix("}"), parameters.contains(String(text.dropFirst(2).dropLast())) {
                return YAMLScalars.quoted(text)
            }
            return YAMLScalars.quoted(
                LiteralTemplate.keeping(placeholders: placeholders, in: text, LiteralTemplate.escaped))
        case .array(let elements):
            return "["
                + elements.map { yaml($0, parameters: parameters, placeholders: placeholders) }.joined(separator: ", ")
                + "]"
        case .object(let object):
            return "{"
                + object.members.map {
                    YAMLScalars.flowMember($0.key, yaml($0.value, parameters: parameters, placeholders: placeholders))
                }
                .joined(separator: ", ") + "}"
        }
    }
}

extension ParameterDraft {
    func yamlLines(indent: String) -> [String] {
        var fields: [String] = []
        if let description { fields.append("description: \(YAMLScalars.quoted(description))") }
        if let type { fields.append("type: \(type)") }
        if secret { fields.append("secret: true") }
        if let defaultValue, !secret { fields.append("default: \(YAMLScalars.quoted(defaultValue))") }
        if let example, !secret { fields.append("example: \(YAMLScalars.quoted(example))") }
        if !allowedValues.isEmpty {
            fields.append("enum: [" + allowedValues.map(YAMLScalars.quoted).joined(separator: ", ") + "]")
        }
        // Unsaid means required when there is no default; an optional one without a default says so.
        if !required && (defaultValue == nil || secret) { fields.append("required: false") }
        return YAMLScalars.entry(
            name, fields.isEmpty ? "{}" : "{" + fields.joined(separator: ", ") + "}", indent: indent)
    }
}
