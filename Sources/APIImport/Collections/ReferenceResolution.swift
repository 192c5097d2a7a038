/// What a `{{reference}}` of a collection becomes in a profile.
enum ReferenceResolution: Hashable {
    /// `${var:NAME}`: a variable the collection or an environment declares.
    case variable(String)
    /// `${env:NAME}`: the process environment (`{{$processEnv TOKEN}}`, `{{process.env.TOKEN}}`).
    case environment(String)
    /// `${name}` (`{name}` in a path): a value given per call; `default` when the source has one.
    case parameter(String)

    /// The placeholder in a template field (`${var:host}`, `${env:TOKEN}`, `${id}`).
    var placeholder: String {
        switch self {
        case .variable(let name): "${var:\(name)}"
        case .environment(let name): "${env:\(name)}"
        case .parameter(let name): "${\(name)}"
        }
    }
}

/// Dynamic values the clients generate per request, which profiles do not: each becomes a parameter.
enum DynamicValues {
    /// `$guid` → `guid`, `$randomInt` → `random_int`, `$random.uuid` → `random_uuid`.
    static func parameterName(_ reference: String) -> String {
        let word = reference.drop { $0 == "$" }.split(separator: " ").first.map(String.init) ?? "value"
        let name = Identifier.snakeCase(word.replacing(".", with: "_"))
        return name.isEmpty ? "value" : name
    }

    /// The environment variable a reference reads, if it is one: `$processEnv NAME`,
    /// `$dotenv NAME`, `$env.NAME` (JetBrains), `process.env.NAME` (Bruno).
    static func environmentName(_ reference: String) -> String? {
        for prefix in ["$processEnv ", "$dotenv ", "$env.", "process.env."] where reference.hasPrefix(prefix) {
            let name = reference.dropFirst(prefix.count).trimmingSpaces
            let valid =
                !name.isEmpty && !name.hasPrefix("%")
                && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            return valid ? name : nil
        }
        return nil
    }

    /// A chained request's answer: `login.response.body.$.token`, `login.response.body.token`,
    /// `login.response.headers.X-Token` → the request and where in its answer.
    static func chain(_ reference: String) -> (request: String, path: String)? {
        guard let range = reference.firstRange(of: ".response.") else { return nil }
        let request = String(reference[..<range.lowerBound])
        let rest = reference[range.upperBound...]
        guard !request.isEmpty, !request.hasPrefix("$") else { return nil }
        if rest.hasPrefix("body") {
            var path = String(rest.dropFirst(4).drop { $0 == "." })
            if path.isEmpty || path == "*" { path = "$" }
            if !path.hasPrefix("$") { path = "$." + path }
            return (request, path)
        }
        if rest.hasPrefix("headers.") { return (request, "header " + rest.dropFirst(8)) }
        return nil
    }
}
