extension CurlCommand {
    /// The endpoint this command calls, with its credentials moved into auth and `${env:…}` placeholders.
    ///
    /// - The path is relative to `baseURL` when the URL starts with it, else absolute (with a comment).
    /// - Each query item becomes `query: name: "${name}"` and a parameter whose default is the value seen.
    /// - `Authorization: Bearer …` and `--oauth2-bearer` become ``AuthDraft/bearer(token:)``, `-u` (and
    ///   `Authorization: Basic`) ``AuthDraft/basic(username:password:)``, API-key headers (`X-API-Key`,
    ///   `X-Auth-Token`, …) ``AuthDraft/header(name:value:)``, `?api_key=` ``AuthDraft/query(name:value:)``;
    ///   each value is `${env:NAME}`, named after the shell variable the command used (`$OPENAI_API_KEY`)
    ///   or `PREFIX_TOKEN`. The literal secret is kept nowhere. Further credentials stay on the
    ///   endpoint as headers with placeholders; a `Cookie` too.
    /// - A JSON body (declared, or text that parses as an object or array) becomes ``EndpointDraft/body``;
    ///   other text ``EndpointDraft/bodyText`` (with curl's default form content type); `-F` ``EndpointDraft/multipart``.
    ///
    /// ```swift
    /// let curl = try CurlCommand(parsing: """
    ///     curl "https://api.example.com/v1/users?page=2&per-page=50" -H "Authorization: Bearer $EXAMPLE_KEY"
    ///     """)
    /// let result = curl.endpointDraft(id: "list_users", baseURL: "https://api.example.com/v1")
    /// result.endpoint.path    // "/users"
    /// result.endpoint.query   // page: ${page}, per-page: ${per_page}
    /// result.endpoint.params  // page (default 2), per_page (default 50)
    /// result.auth             // .bearer(token: "${env:EXAMPLE_KEY}")
    /// ```
    ///
    /// - Parameters:
    ///   - id: The endpoint id; characters outside `[A-Za-z0-9_-]` become `_`.
    ///   - baseURL: The profile's base URL (`https://api.example.com/v1`).
    ///   - environmentPrefix: The prefix of invented variable names; by default the host's name (`EXAMPLE`).
    /// - Returns: The endpoint, the auth and the environment variables to set.
    public func endpointDraft(id: String, baseURL: String, environmentPrefix: String? = nil) -> EndpointImport {
        let request = capturedRequest()
        let prefix = environmentPrefix ?? Self.hostName(request.url.host)
        var builder = EndpointBuilder(scanner: SecretScanner(prefix: prefix))
        let built = builder.build(request, id: EndpointNaming.identifier(id), base: BaseLocation(baseURL))
        var endpoint = built.endpoint
        var auth: AuthDraft?
        ProfileAssembler.place(built.secrets, in: &endpoint, profileAuth: &auth)
        return EndpointImport(endpoint: endpoint, auth: auth, environmentVariables: builder.scanner.variables)
    }

    /// The request, as the draft builders read it.
    func capturedRequest() -> CapturedRequest {
        let url = RequestURL(url) ?? RequestURL(unparsed: url)
        var request = CapturedRequest(
            method: method, url: url, headers: headers.map { DraftHeader(name: $0.name, value: $0.value) })
        if let user { request.basicCredentials = user }
        if !form.isEmpty {
            request.body = .multipart(
                form.map { field in
                    switch field.source {
                    case .text: return DraftHeader(name: field.name, value: field.value)
                    case .file: return DraftHeader(name: field.name, value: "@" + field.value)
                    case .fileContent:
                        request.notes.append("form field \(field.name) is read from \(field.value); fill it in")
                        return DraftHeader(name: field.name, value: "")
                    }
                })
            for field in form where field.contentType != nil {
                request.notes.append("form field \(field.name) was sent with type=\(field.contentType ?? "")")
            }
        } else if let text = bodyText {
            request.body = .text(text)
            let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            if header("Content-Type") == nil, !trimmed.hasPrefix("{"), !trimmed.hasPrefix("[") {
                request.headers.append(DraftHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"))
            }
        } else if !data.isEmpty {
            let files = data.compactMap { piece -> String? in
                if case .file(let path, _) = piece { return "@" + path }
                return nil
            }
            request.body = .file(files.joined(separator: ", "))
        }
        if insecure { request.notes.append("curl -k: TLS certificate verification was off") }
        return request
    }

    /// The name part of a host: `api.stripe.com` → `stripe`, `localhost` → `localhost`, an IP → `api`.
    static func hostName(_ host: String) -> String {
        let labels = host.split(separator: ".")
        if labels.isEmpty || labels.allSatisfy({ $0.allSatisfy(\.isNumber) }) || host.contains(":") { return "api" }
        return String(labels.count >= 2 ? labels[labels.count - 2] : labels[0])
    }
}
