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
        for request in requests {
            let built = builder.build(request, id: "", base: base)
            var endpoint = built.endpoint
            let key = request.preferredID ?? endpoint.method + " " + endpoint.path
            if templatePaths, let existing = indexByKey[key] {
                Self.merge(endpoint, into: &draft.endpoints[existing])
                seen[existing] += 1
                continue
            }
            endpoint.id = naming.unique(
                request.preferredID ?? EndpointNaming.id(method: endpoint.method, path: endpoint.path))
            Self.place(built.secrets, in: &endpoint, profileAuth: &draft.auth)
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

    /// Headers every endpoint sends with the same value move to the profile (not `Content-Type`).
    private func hoistSharedHeaders(_ draft: inout ProfileDraft) {
        guard draft.endpoints.count > 1, let first = draft.endpoints.first else { return }
        for header in first.headers where header.name.lowercased() != "content-type" {
            guard draft.endpoints.allSatisfy({ $0.headers.contains(header) }) else { continue }
            draft.headers.append(header)
            for index in draft.endpoints.indices { draft.endpoints[index].headers.removeAll { $0 == header } }
        }
    }
}
