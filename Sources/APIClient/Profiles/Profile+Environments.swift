import Yams

extension Profile {
    /// The keys an environment may have.
    package static let environmentKeys = ["base_url", "vars", "headers", "default", "production", "confirm"]

    /// Reads `vars:` and `environments:`, checks that every `${var:NAME}` is declared wherever it
    /// is used, and applies the default environment.
    mutating func readEnvironments(
        _ fields: Fields, _ reader: ProfileYAMLReader, sharedBaseURL: Template?, root: Node
    ) throws(ProfileError) {
        shared = SharedSettings(baseURL: sharedBaseURL, headers: headers, variables: [])
        if let node = fields["vars"] { shared.variables = try Self.variables(node, reader, "'vars'") }
        if let node = fields["environments"] {
            for entry in try reader.entries(node, "'environments'") {
                environments.append(try Self.environment(entry.key, entry.keyNode, entry.value, reader))
            }
            if environments.isEmpty {
                throw ProfileError(.invalidValue, at: reader.location(node), "'environments' declares none")
            }
            let defaults = environments.filter(\.isDefault)
            if defaults.count > 1 {
                throw ProfileError(
                    .invalidValue, at: defaults[1].location,
                    "environments '\(defaults[0].name)' and '\(defaults[1].name)' are both 'default: true'")
            }
        }
        if sharedBaseURL == nil {
            guard !environments.isEmpty else {
                throw ProfileError(
                    .missingField, at: reader.location(root), "missing required key 'base_url' in profile")
            }
            if let bare = environments.first(where: { $0.baseURL == nil }) {
                throw ProfileError(
                    .missingField, at: bare.location,
                    "environment '\(bare.name)' has no 'base_url', and the profile has none to fall back on")
            }
        }
        try checkVariableUses()
        variables = shared.variables
        if let initial = environments.first(where: \.isDefault) ?? environments.first {
            self = try selectingEnvironment(initial.name)
        }
    }

    /// This profile with environment `name` applied: its base URL, its variables over the
    /// profile's, and its headers added to (and replacing same-named) profile headers.
    ///
    /// ```swift
    /// let prod = try profile.selectingEnvironment("prod")
    /// prod.activeEnvironment  // "prod"
    /// prod.baseURL.text       // "https://api.example.com"
    /// ```
    ///
    /// - Parameter name: One of ``environments``' names.
    /// - Throws: ``ProfileError`` naming the declared environments when there is no such one.
    public func selectingEnvironment(_ name: String) throws(ProfileError) -> Profile {
        guard let chosen = environments.first(where: { $0.name == name }) else {
            let known =
                environments.isEmpty
                ? "it declares no environments"
                : "expected one of \(environments.map(\.name).joined(separator: ", "))"
            throw ProfileError(
                .invalidValue, file: file, line: 0, column: 0,
                message: "unknown environment '\(name)' for profile '\(self.name)'; \(known)")
        }
        var result = self
        result.activeEnvironment = chosen.name
        if let baseURL = chosen.baseURL ?? shared.baseURL { result.baseURL = baseURL }
        result.headers = shared.headers
        for header in chosen.headers {
            result.headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
            result.headers.append(header)
        }
        result.variables = shared.variables
        for variable in chosen.variables {
            result.variables.removeAll { $0.name == variable.name }
            result.variables.append(variable)
        }
        return result
    }

    /// This profile in the environment a command chose (`--env`, `APIEXPLORE_ENV`): a profile
    /// that declares no environments ignores the choice, so one choice can serve a script that
    /// uses several profiles; one that declares others refuses it.
    ///
    /// - Parameter name: The chosen environment, or `nil` for the profile's default.
    /// - Throws: ``ProfileError`` for an environment the profile does not declare.
    public func applyingEnvironmentChoice(_ name: String?) throws(ProfileError) -> Profile {
        guard let name, !environments.isEmpty else { return self }
        return try selectingEnvironment(name)
    }

    /// The active environment, if the profile declares any.
    public var environment: ProfileEnvironment? {
        environments.first { $0.name == activeEnvironment }
    }

    /// The secret sources a request to `endpoint` reads (`nil` for a raw request, which uses only
    /// the profile's base URL, headers and credentials), through variables too, in first-use order.
    ///
    /// ```swift
    /// profile.secretSources(endpoint: "me")  // [.file("~/.config/acme/token")]
    /// ```
    ///
    /// - Parameter id: An endpoint id, or `nil`.
    public func secretSources(endpoint id: String?) -> [SecretSource] {
        var sources: [SecretSource] = []
        for source in templatesRead(endpoint: id).flatMap(\.secretSources) where !sources.contains(source) {
            sources.append(source)
        }
        return sources
    }

    /// The templates a request to `endpoint` reads: the profile's, the credentials', the
    /// endpoint's, then the values of the variables they use (which use no other variable).
    func templatesRead(endpoint id: String?) -> [Template] {
        var templates = [baseURL] + headers.map(\.value) + authTemplates
        if let id, let endpoint = endpoint(id) { templates += endpoint.templates }
        return readingVariables(templates)
    }

    /// `templates` followed by the values of the variables they use, each once, in first-use order.
    func readingVariables(_ templates: [Template]) -> [Template] {
        var names: [String] = []
        for name in templates.flatMap(\.variableNames) where !names.contains(name) { names.append(name) }
        return templates + names.compactMap { name in variables.first { $0.name == name }?.value }
    }

    /// The environment variables a request to `endpoint` reads, through variables too.
    ///
    /// ```swift
    /// github.environmentNames(endpoint: "user")  // ["GITHUB_TOKEN"]
    /// ```
    ///
    /// - Parameter id: An endpoint id, or `nil` for the profile's own templates only.
    public func environmentNames(endpoint id: String?) -> [String] {
        var names: [String] = []
        for name in templatesRead(endpoint: id).flatMap(\.environmentNames) where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// An error about `source`, located where the profile first uses it.
    ///
    /// ```swift
    /// profile.secretError(.file("~/.acme/token"), "is readable by others")
    /// // profiles/acme.yaml:9:24: secret source: secret file '~/.acme/token' is readable by others
    /// ```
    ///
    /// - Parameters:
    ///   - source: The secret source.
    ///   - problem: What went wrong, after the source's description.
    public func secretError(_ source: SecretSource, _ problem: String) -> ProfileError {
        var templates = [baseURL] + headers.map(\.value) + authTemplates + variables.map(\.value)
        templates += endpoints.flatMap(\.templates)
        let location =
            templates.first { $0.secretSources.contains(source) }?.location
            ?? SourceLocation(file: file, line: 0, column: 0)
        return ProfileError(.secretSource, at: location, "\(source) \(problem)")
    }

    /// The templates of the profile's credentials.
    package var authTemplates: [Template] {
        switch auth {
        case .bearer(let token, _)?: [token]
        case .basic(let username, let password)?: [username, password]
        case .header(_, let value)?, .query(_, let value)?: [value]
        case .oauth2(let spec)?:
            [spec.tokenURL, spec.clientID]
                + [
                    spec.authorizeURL, spec.deviceURL, spec.clientSecret, spec.scope,
                    spec.refreshToken,
                ].compactMap { $0 }
        case .login?, nil: []
        }
    }

    /// Every `${var:NAME}` the profile's own templates use must be declared under `vars:` or by
    /// every environment; one an environment's own templates use, under `vars:` or by that
    /// environment. A variable's value may not use another variable.
    private func checkVariableUses() throws(ProfileError) {
        for variable in shared.variables + environments.flatMap(\.variables) {
            if let nested = variable.value.variableNames.first {
                throw ProfileError(
                    .invalidValue, at: variable.value.location,
                    "variable '\(variable.name)' uses '${var:\(nested)}'; a variable's value may not use another")
            }
        }
        let sharedNames = Set(shared.variables.map(\.name))
        var templates = [shared.baseURL].compactMap { $0 } + shared.headers.map(\.value) + authTemplates
        templates += endpoints.flatMap(\.templates) + shared.variables.map(\.value)
        for template in templates {
            for name in template.variableNames where !sharedNames.contains(name) {
                if environments.isEmpty {
                    throw ProfileError(
                        .invalidValue, at: template.location, "variable '\(name)' is not declared under 'vars'")
                }
                if let missing = environments.first(where: { !$0.variables.contains { $0.name == name } }) {
                    throw ProfileError(
                        .invalidValue, at: template.location,
                        "variable '\(name)' is not declared under 'vars' or in environment '\(missing.name)'")
                }
            }
        }
        for environment in environments {
            let own =
                [environment.baseURL].compactMap { $0 } + environment.headers.map(\.value)
                + environment.variables.map(\.value)
            for template in own {
                for name in template.variableNames
                where !sharedNames.contains(name) && !environment.variables.contains(where: { $0.name == name }) {
                    throw ProfileError(
                        .invalidValue, at: template.location,
                        "variable '\(name)' is not declared under 'vars' or in environment '\(environment.name)'")
                }
            }
        }
    }

    private static func variables(
        _ node: Node, _ reader: ProfileYAMLReader, _ what: String
    ) throws(ProfileError) -> [ProfileVariable] {
        var result: [ProfileVariable] = []
        for entry in try reader.entries(node, what) {
            guard Template.isName(entry.key) else {
                throw ProfileError(
                    .invalidValue, at: reader.location(entry.keyNode),
                    "invalid variable name '\(entry.key)' in \(what): use letters, digits, '_' and '-'")
            }
            result.append(
                ProfileVariable(name: entry.key, value: try reader.template(entry.value, "variable '\(entry.key)'")))
        }
        return result
    }

    private static func environment(
        _ name: String, _ keyNode: Node, _ node: Node, _ reader: ProfileYAMLReader
    ) throws(ProfileError) -> ProfileEnvironment {
        guard Template.isName(name) else {
            throw ProfileError(
                .invalidValue, at: reader.location(keyNode),
                "invalid environment name '\(name)': use letters, digits, '_' and '-'")
        }
        let what = "environment '\(name)'"
        let fields = try reader.fields(node, what, allowed: environmentKeys)
        var headers: [HeaderTemplate] = []
        if let node = fields["headers"] {
            for entry in try reader.entries(node, "'headers' of \(what)") {
                headers.append(
                    HeaderTemplate(name: entry.key, value: try reader.template(entry.value, "header '\(entry.key)'")))
            }
        }
        let isProduction =
            try fields["production"].map { node throws(ProfileError) in
                try reader.bool(node, "'production' of \(what)")
            } ?? ProfileEnvironment.productionNames.contains(name.lowercased())
        return ProfileEnvironment(
            name: name,
            baseURL: try fields["base_url"].map { node throws(ProfileError) in
                try reader.template(node, "'base_url' of \(what)")
            },
            variables: try fields["vars"].map { node throws(ProfileError) in
                try variables(node, reader, "'vars' of \(what)")
            } ?? [],
            headers: headers,
            isDefault: try fields["default"].map { node throws(ProfileError) in
                try reader.bool(node, "'default' of \(what)")
            } ?? false,
            isProduction: isProduction,
            confirms: try fields["confirm"].map { node throws(ProfileError) in
                try reader.bool(node, "'confirm' of \(what)")
            } ?? isProduction,
            location: reader.location(keyNode))
    }
}

extension Endpoint {
    /// Every template of the endpoint: path, query, headers, body, body fields and its own auth.
    var templates: [Template] {
        var templates = [path] + query.map(\.value) + headers.map(\.value) + (body?.templates ?? [])
        templates += [bodyText].compactMap { $0 } + (form + multipart + json).map(\.value)
        switch auth {
        case .set(.bearer(let token, _)): templates.append(token)
        case .set(.basic(let username, let password)): templates += [username, password]
        case .set(.header(_, let value)), .set(.query(_, let value)): templates.append(value)
        default: break
        }
        return templates
    }
}
