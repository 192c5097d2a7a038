/// Turns a captured request into an endpoint draft, moving every credential out into secrets.
struct EndpointBuilder {
    /// An endpoint without its credentials, and those credentials.
    struct Built {
        var endpoint: EndpointDraft
        var secrets: [SecretScanner.Secret]
    }

    var scanner: SecretScanner
    var templatePaths = false

    init(scanner: SecretScanner) {
        self.scanner = scanner
    }

    mutating func build(_ request: CapturedRequest, id: String, base: BaseLocation?) -> Built {
        var endpoint = EndpointDraft(id: id, method: request.method, path: "/")
        var secrets: [SecretScanner.Secret] = []
        if let relative = base?.relativePath(of: request.url) {
            endpoint.path = relative
        } else {
            endpoint.path = request.url.origin + (request.url.path.isEmpty ? "/" : request.url.path)
            endpoint.comments.append("on another server than the profile's base URL")
        }
        // Before templating: a token segment would otherwise become a parameter's default.
        endpoint.path = scanner.scrub(path: endpoint.path, into: &endpoint.secretVariables)
        // `curl https://x.test/users/$USER_ID`: the shell would have put the variable's value there.
        endpoint.path = scanner.referencingEnvironment(in: endpoint.path, into: &endpoint.secretVariables)
        if templatePaths {
            let templated = PathTemplating.template(endpoint.path)
            endpoint.path = templated.path
            for parameter in templated.parameters {
                var draft = ParameterDraft(name: parameter.name)
                draft.defaultValue = parameter.value
                draft.required = true
                endpoint.params.append(draft)
            }
        }
        if endpoint.path.isEmpty { endpoint.path = "/" }
        for item in request.url.queryItems {
            if TemplateText.referencingEnvironment(item.value).variables.count > 0,
                !SecretScanner.isSecretQuery(item.name)
            {
                let (template, variables) = TemplateText.template(item.value)
                for variable in variables { scanner.register(variable) }
                endpoint.query.append(DraftHeader(name: item.name, value: template))
            } else if SecretScanner.isSecretQuery(item.name) {
                secrets.append(scanner.secret(queryName: item.name, value: item.value))
            } else if SecretValues.looksSecret(item.value, entropy: true) {
                secrets.append(scanner.secret(queryValueOf: item.name, value: item.value))
            } else {
                addQueryParameter(item, to: &endpoint)
            }
        }
        for header in request.headers {
            if SecretScanner.isSecretHeader(header.name) {
                secrets.append(scanner.secret(header: header))
            } else if SecretValues.containsKnownToken(header.value) {
                secrets.append(scanner.secret(valueOf: header))
            } else if header.value.contains(SecretScanner.mask) {
                let value = scanner.placeholder(for: "", suffix: header.name)
                endpoint.headers.append(DraftHeader(name: header.name, value: value))
                endpoint.comments.append("\(header.name) was redacted in the capture: set it in the environment")
            } else {
                let (template, variables) = TemplateText.template(header.value)
                for variable in variables { scanner.register(variable) }
                endpoint.headers.append(DraftHeader(name: header.name, value: template))
            }
        }
        if let credentials = request.basicCredentials {
            secrets.append(SecretScanner.Secret(auth: scanner.basic(credentials)))
        }
        addBody(request, to: &endpoint)
        endpoint.comments += request.notes
        return Built(endpoint: endpoint, secrets: secrets)
    }

    /// `?per-page=50` → query `per-page: "${per_page}"` and a parameter `per_page` defaulting to `50`.
    private func addQueryParameter(_ item: (name: String, value: String), to endpoint: inout EndpointDraft) {
        let base = EndpointNaming.identifier(item.name).replacing("-", with: "_")
        var name = base.isEmpty ? "param" : base
        var counter = 2
        while endpoint.params.contains(where: { $0.name == name }) {
            name = (base.isEmpty ? "param" : base) + "_\(counter)"
            counter += 1
        }
        var parameter = ParameterDraft(name: name)
        if item.value.contains(SecretScanner.mask) {
            endpoint.comments.append("the value of \(item.name) was redacted in the capture")
        } else {
            parameter.defaultValue = item.value
        }
        endpoint.query.append(DraftHeader(name: item.name, value: "${\(name)}"))
        endpoint.params.append(parameter)
    }
}
