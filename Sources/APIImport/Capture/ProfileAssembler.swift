/// Builds a whole profile draft from captured requests: base URL, endpoints, auth, shared headers.
struct ProfileAssembler {
    var name: String
    /// The origin of the base URL; requests elsewhere keep absolute paths.
    var origin: String
    /// Whether ids in paths become placeholders and requests with the same templated path merge.
    var templatePaths = false
    /// Lines for the top of the profile (the source, what was skipped).
    var comments: [String] = []

    func assemble(_ requests: [CapturedRequest]) -> ProfileDraft {
        let onOrigin = requests.filter { $0.url.origin == origin }.map(\.url.path)
        let rootSegments = BaseLocation.commonPrefix(of: onOrigin)
        var builder = EndpointBuilder(scanner: SecretScanner(prefix: name))
        builder.templatePaths = templatePaths
        let base = BaseLocation(origin: origin, prefix: rootSegments.map { "/" + $0 }.joined())
        let originTemplate = TemplateText.template(origin)
        for variable in originTemplate.variables { builder.scanner.register(variable) }
        var baseURL = originTemplate.text
        for segment in rootSegments {
            let isToken = BaseLocation.isBotToken(segment)
            baseURL +=
                "/"
                + (isToken
                    ? "bot" + builder.scanner.placeholder(for: "", suffix: "BOT_TOKEN")
                    : segment.replacing("$", with: "$$"))
        }
        var draft = ProfileDraft(name: name, baseURL: baseURL)
        draft.comments = comments
        var naming = EndpointNaming()
        var indexByKey: [String: Int] = [:]
        var seen: [Int] = []
        // Another host's credentials get variables of their own (`FILES_STRIPE_API_KEY`), so one
        // variable never feeds two hosts, and stay on that host's endpoints (`auth:` of their own).
        var foreignBuilders: [String: EndpointBuilder] = [:]
        for request in requests {
            let isForeign = request.url.origin != origin
            let built: EndpointBuilder.Built
            if isForeign {
                var other =
                    foreignBuilders[request.url.origin]
                    ?? EndpointBuilder(scanner: SecretScanner(prefix: Self.variablePrefix(of: request.url)))
                other.templatePaths = templatePaths
                built = other.build(request, id: "", base: base)
                for variable in other.scanner.variables { builder.scanner.register(variable) }
                foreignBuilders[request.url.origin] = other
            } else {
                built = builder.build(request, id: "", base: base)
            }
            var endpoint = built.endpoint
            let key = request.preferredID ?? endpoint.method + " " + endpoint.path
            if templatePaths, let existing = indexByKey[key] {
                Self.merge(endpoint, into: &draft.endpoints[existing])
                seen[existing] += 1
                continue
            }
            endpoint.id = naming.unique(
                request.preferredID ?? EndpointNaming.id(method: endpoint.method, path: endpoint.path))
            if isForeign {
                Self.placeOnOwnHost(built.secrets, in: &endpoint)
            } else {
                Self.place(built.secrets, in: &endpoint, profileAuth: &draft.auth)
            }
            indexByKey[key] = draft.endpoints.count
            seen.append(1)
            draft.endpoints.append(endpoint)
        }
        for (index, count) in seen.enumerated() where count > 1 {
            draft.endpoints[index].comments.append("seen \(count) times")
        }
        hoistSharedHeaders(&draft)
        let variables = builder.scanner.variables
        if !variables.isEmpty {
            draft.comments.append("set in the environment: " + variables.joined(separator: ", "))
        }
        return draft
    }

    /// Query parameters a later request adds to an endpoint already seen.
    private static func merge(_ endpoint: EndpointDraft, into existing: inout EndpointDraft) {
        for item in endpoint.query where !existing.query.contains(where: { $0.name == item.name }) {
            existing.query.append(item)
            if let parameter = endpoint.params.first(where: { "${\($0.name)}" == item.value }) {
                existing.params.append(parameter)
            }
        }
    }

    /// The first credential becomes the profile's auth; the endpoint sends others itself.
    static func place(
        _ secrets: [SecretScanner.Secret], in endpoint: inout EndpointDraft, profileAuth: inout AuthDraft?
    ) {
        var authTaken = false
        for secret in secrets {
            if let auth = secret.auth, !authTaken {
                if profileAuth == nil { profileAuth = auth }
                if profileAuth == auth {
                    authTaken = true
                    continue
                }
            }
            if let header = secret.header {
                endpoint.headers.append(header)
            } else if let query = secret.query {
                endpoint.query.append(query)
            } else {
                endpoint.comments.append("sends other basic credentials than the profile; set them up by hand")
            }
        }
    }

    /// The prefix of another host's variables: its name without the top-level domain
    /// (`files.stripe.com` → `FILES_STRIPE`), with the port for an address or `localhost`
    /// (`127.0.0.1:8080` → `HOST_8080`), so two hosts never share one.
    static func variablePrefix(of url: RequestURL) -> String {
        let labels = url.host.split(separator: ".").map(String.init)
        let isAddress = labels.allSatisfy { $0.allSatisfy(\.isNumber) } || url.host.contains(":") || labels.count < 2
        let port = url.authority.split(separator: ":").last.map(String.init) ?? ""
        if isAddress { return "host_" + (port.allSatisfy(\.isNumber) && port != url.host ? port : "local") }
        return labels.dropLast().filter { $0 != "www" }.joined(separator: "_")
    }

    /// An endpoint on another host than the profile's: its first credential is its own `auth:`,
    /// the others its own headers and query items; the profile's never reach it.
    static func placeOnOwnHost(_ secrets: [SecretScanner.Secret], in endpoint: inout EndpointDraft) {
        for secret in secrets {
            if let auth = secret.auth, endpoint.auth == nil {
                endpoint.auth = .own(auth)
            } else if let header = secret.header {
                endpoint.headers.append(header)
            } else if let query = secret.query {
                endpoint.query.append(query)
            } else {
                endpoint.comments.append("sends a second credential; set it up by hand")
            }
        }
    }

    /// Headers every endpoint sends with the same value move to the profile (not `Content-Type`;
    /// not a credential when an endpoint is on another host, which profile credentials never reach).
    private func hoistSharedHeaders(_ draft: inout ProfileDraft) {
        guard draft.endpoints.count > 1, let first = draft.endpoints.first else { return }
        let hasForeign = draft.endpoints.contains { $0.path.contains("://") }
        for header in first.headers where header.name.lowercased() != "content-type" {
            if hasForeign, header.value.contains("${env:") { continue }
            guard draft.endpoints.allSatisfy({ $0.headers.contains(header) }) else { continue }
            draft.headers.append(header)
            for index in draft.endpoints.indices { draft.endpoints[index].headers.removeAll { $0 == header } }
        }
    }
}
