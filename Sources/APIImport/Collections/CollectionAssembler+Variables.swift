extension AssemblyState {
    /// The profile's variables, environments and base URL.
    mutating func applyVariables(base: BaseChoice, to draft: inout ProfileDraft) {
        let shared = variables.shared
        var top: [String: String] = [:]
        for name in variables.order {
            guard let profileName = variables.profileNames[name] else { continue }
            let value = variableValue(name, in: shared, environment: "")
            top[name] = value
            draft.vars.append(DraftHeader(name: profileName, value: value))
        }
        if variables.scopes.isEmpty {
            draft.baseURL = baseURL(base, in: shared)
            return
        }
        for scope in variables.scopes {
            let environmentName = Identifier.parameterName(EndpointNaming.identifier(scope.name).lowercased())
            var environment = EnvironmentDraft(name: environmentName, baseURL: baseURL(base, in: scope.values))
            if environmentName != scope.name { environment.comment = "'\(scope.name)' in the collection" }
            for name in variables.order {
                guard let profileName = variables.profileNames[name] else { continue }
                let value = variableValue(name, in: scope.values, environment: environmentName)
                if value != top[name] { environment.templateVars.append(DraftHeader(name: profileName, value: value)) }
            }
            draft.environments.append(environment)
        }
        draft.baseURL = draft.environments.first?.baseURL ?? ""
    }

    /// A variable's value as a template: `${env:…}` for a secret, else its expansion with `$` escaped.
    mutating func variableValue(_ name: String, in scope: [String: String], environment: String) -> String {
        if variables.isSecret(name) {
            let variable = scanner.variable(for: "", suffix: variables.profileNames[name] ?? name)
            let value = variables.expand(scope[name] ?? "", in: scope)
            if !value.isEmpty { secretValues[variable, default: [:]][environment] = value }
            return "${env:\(variable)}"
        }
        return renderTemplate(variables.expand(scope[name] ?? "", in: scope), inVariable: true)
    }

    /// The base URL in one scope: the root variable's value, or the origin and API root.
    mutating func baseURL(_ base: BaseChoice, in scope: [String: String]) -> String {
        if let root = base.rootVariable {
            var value = variables.expand(scope[root] ?? "", in: scope).trimmingSpaces
            while value.hasSuffix("/") { value.removeLast() }
            guard !value.isEmpty else {
                let note = "{{\(root)}}, which the requests start with, has no value: the base URL is http://localhost"
                if !warnings.contains(note) { warnings.append(note) }
                return "http://localhost"
            }
            if !value.contains("://") { value = "http://" + value }
            return renderTemplate(value, inVariable: true)
        }
        guard let location = base.location else {
            if !collection.requests.isEmpty {
                warnings.append("no request has an absolute URL: the base URL is http://localhost")
            }
            return "http://localhost"
        }
        return renderTemplate(variables.expand(location.origin + location.prefix, in: scope), inVariable: true)
    }

    /// Text for a template field (base URL, header, query value, auth value, variable value):
    /// literal `$` doubled, references as placeholders. In a variable's value a reference to a
    /// parameter cannot be expressed: it stays as written, and a warning says so.
    mutating func renderTemplate(_ text: String, inVariable: Bool = false, request: CollectionRequest? = nil)
        -> String
    {
        var out = ""
        for part in CollectionText.parts(text) {
            switch part {
            case .literal(let literal):
                out += LiteralTemplate.escaped(literal)
            case .reference(let reference):
                let resolved = resolve(reference, request: request)
                if inVariable, !Self.fitsInVariable(resolved) {
                    let note = "a variable's value uses {{\(reference)}}, which profiles cannot: kept as text"
                    if !warnings.contains(note) { warnings.append(note) }
                    out += LiteralTemplate.escaped("{{\(reference)}}")
                } else {
                    out += resolved.placeholder
                }
            }
        }
        return out
    }

    /// Whether a variable's value may hold the placeholder: only `${env:…}` (a reference to a
    /// variable left after ``VariableTable/expand(_:in:)`` is a cycle, which profiles cannot hold).
    static func fitsInVariable(_ resolution: ReferenceResolution) -> Bool {
        if case .environment = resolution { true } else { false }
    }

    /// What a reference becomes (see ``ReferenceResolution``); chains and dynamic values noted.
    mutating func resolve(_ reference: String, request: CollectionRequest?) -> ReferenceResolution {
        if let name = variables.declared(reference), let profileName = variables.profileNames[name] {
            return .variable(profileName)
        }
        if let name = DynamicValues.environmentName(reference) { return .environment(name) }
        if let chain = DynamicValues.chain(reference) {
            let producer = idsByName[chain.request] ?? Identifier.snakeCase(chain.request)
            let parameter = Identifier.parameterName(Identifier.snakeCase(chain.request + "_" + chain.path))
            if request != nil, let id = currentEndpoint {
                let link = CollectionChain(parameter: parameter, request: producer, path: chain.path)
                if !chains[id, default: []].contains(link) { chains[id, default: []].append(link) }
                let note = "\(parameter) is {{\(reference)}}: an earlier answer (apiexplore run captures it)"
                if !pendingNotes.contains(note) { pendingNotes.append(note) }
            }
            return .parameter(parameter)
        }
        if reference.hasPrefix("$") || reference.hasPrefix("%") {
            let parameter =
                reference.hasPrefix("%")
                ? Identifier.parameterName(DynamicValues.parameterName(String(reference.dropFirst()))) + "_value"
                : DynamicValues.parameterName(reference)
            let note = "\(parameter) stands for {{\(reference)}}, which apiexplore does not generate: give a value"
            if !pendingNotes.contains(note) { pendingNotes.append(note) }
            return .parameter(parameter)
        }
        let bare = reference.hasPrefix("_.") ? String(reference.dropFirst(2)) : reference
        return .parameter(Identifier.parameterName(bare))
    }
}
