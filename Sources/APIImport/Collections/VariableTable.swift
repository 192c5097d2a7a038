import APIClient

/// The variables of a collection and its environments: their profile names, their values per
/// environment (expanded, since a profile variable cannot use another), and which are secret.
struct VariableTable {
    /// Source name → profile variable name (`api key` → `api_key`).
    private(set) var profileNames: [String: String] = [:]
    /// Source names in first-declaration order.
    private(set) var order: [String] = []
    /// The collection's own values.
    let shared: [String: String]
    /// Each environment's values over the collection's.
    let scopes: [(name: String, values: [String: String])]
    private(set) var secret: Set<String> = []

    init(collection: APICollection) {
        var used: Set<String> = []
        var shared: [String: String] = [:]
        for variable in collection.variables {
            shared[variable.name] = variable.value
        }
        self.shared = shared
        scopes = collection.environments.map { environment in
            var values = shared
            for variable in environment.variables { values[variable.name] = variable.value }
            return (environment.name, values)
        }
        for variable in collection.variables + collection.environments.flatMap(\.variables) {
            if profileNames[variable.name] == nil {
                var candidate = Identifier.parameterName(variable.name)
                var counter = 2
                while used.contains(candidate) {
                    candidate = Identifier.parameterName(variable.name) + "_\(counter)"
                    counter += 1
                }
                used.insert(candidate)
                profileNames[variable.name] = candidate
                order.append(variable.name)
            }
            let isSecret =
                variable.secret || (SecretNames.isSecret(variable.name) && !Self.isReferenceOnly(variable.value))
                || SecretValues.looksSecret(variable.value, entropy: true)
            if isSecret { secret.insert(variable.name) }
        }
    }

    /// A value that is only references (`{{token}}`) carries no secret of its own.
    private static func isReferenceOnly(_ value: String) -> Bool {
        CollectionText.parts(value).allSatisfy {
            if case .literal(let text) = $0 { text.trimmingSpaces.isEmpty } else { true }
        }
    }

    /// The source name a reference names, if declared: `host`, `_.host` (Insomnia), ` host `.
    func declared(_ reference: String) -> String? {
        if profileNames[reference] != nil { return reference }
        if reference.hasPrefix("_."), profileNames[String(reference.dropFirst(2))] != nil {
            return String(reference.dropFirst(2))
        }
        return nil
    }

    func isSecret(_ name: String) -> Bool { secret.contains(name) }

    /// `value` with the references to declared variables replaced by their values in `scope`,
    /// recursively. A reference to a variable already being expanded (a cycle: `@a = x{{a}}`)
    /// stays a reference, and so does every reference once the text would pass
    /// ``expansionLimit`` characters, so no input makes the expansion loop or blow up.
    func expand(_ value: String, in scope: [String: String]) -> String {
        var budget = Self.expansionLimit
        return expand(value, in: scope, visiting: [], budget: &budget)
    }

    /// The most characters (and references followed) one expansion takes: 64 KiB, far past any
    /// real URL or value, small enough that every variable of a hostile file stays cheap.
    static let expansionLimit = 64 << 10

    private func expand(_ value: String, in scope: [String: String], visiting: Set<String>, budget: inout Int)
        -> String
    {
        guard value.contains("{{") else {
            budget -= value.utf8.count
            return value
        }
        var out = ""
        for part in CollectionText.parts(value) {
            switch part {
            case .literal(let text):
                out += text
                budget -= text.utf8.count
            case .reference(let reference):
                budget -= 1  // every reference costs, so empty values cannot multiply for free
                if let name = declared(reference), let inner = scope[name], !visiting.contains(name),
                    budget - inner.utf8.count >= 0
                {
                    out += expand(inner, in: scope, visiting: visiting.union([name]), budget: &budget)
                } else {
                    let text = CollectionText.text([part])
                    out += text
                    budget -= text.utf8.count
                }
            }
        }
        return out
    }
}

/// Where a collection's requests are rooted: a variable (`{{baseUrl}}`) or an origin and API root.
struct BaseChoice {
    /// The variable most requests start with, by source name.
    var rootVariable: String?
    /// Otherwise the most common origin (`https://api.example.com`) and path prefix (`/v1`).
    var location: BaseLocation?

    init(collection: APICollection, variables: VariableTable) {
        var counts: [String: Int] = [:]
        var order: [String] = []
        var origins: [String: [String]] = [:]
        var originOrder: [String] = []
        for request in collection.requests {
            if let root = Self.root(of: request.url, variables: variables) {
                if counts[root] == nil { order.append(root) }
                counts[root, default: 0] += 1
            } else if let url = Self.literalURL(request.url) {
                if origins[url.origin] == nil { originOrder.append(url.origin) }
                origins[url.origin, default: []].append(url.path)
            }
        }
        // The variable most requests start with, unless more requests share one literal origin
        // (`{{arm}}` of 5 requests beside `{{arm-cn}}`, `{{arm-de}}`… is still the best root).
        let best = order.max { counts[$0, default: 0] < counts[$1, default: 0] }
        let literalBest = origins.values.map(\.count).max() ?? 0
        if let best, counts[best, default: 0] * 2 >= collection.requests.count || counts[best, default: 0] > literalBest
        {
            rootVariable = best
            return
        }
        if let origin = originOrder.max(by: { origins[$0, default: []].count < origins[$1, default: []].count }) {
            let prefix = BaseLocation.commonPrefix(of: origins[origin, default: []])
            location = BaseLocation(origin: origin, prefix: prefix.map { "/" + $0 }.joined())
        }
    }

    /// The declared variable a URL starts with, when a path, query or nothing follows it.
    static func root(of url: String, variables: VariableTable) -> String? {
        let parts = CollectionText.parts(url.trimmingSpaces)
        guard case .reference(let reference)? = parts.first, let name = variables.declared(reference) else {
            return nil
        }
        guard parts.count > 1 else { return name }
        if case .literal(let next) = parts[1], next.hasPrefix("/") || next.hasPrefix("?") { return name }
        return nil
    }

    /// The URL when it starts with a literal scheme and host (Postman's `httpbin.org/get` is http).
    static func literalURL(_ url: String) -> RequestURL? {
        let trimmed = url.trimmingSpaces
        guard case .literal(let head)? = CollectionText.parts(trimmed).first else { return nil }
        if head.contains("://") { return head.firstRange(of: "://").flatMap { _ in RequestURL(trimmed) } }
        let host = head.prefix { $0 != "/" && $0 != "?" }
        guard host.contains("."), !host.contains(" "), host.first?.isLetter == true else { return nil }
        return RequestURL("http://" + trimmed)
    }
}
