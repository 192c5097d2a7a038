public import APIMapping

extension ProfileClient {
    /// Sends a request to a path under the profile's base URL that no endpoint declares, evaluated
    /// with the profile's envelope, headers and auth.
    ///
    /// The path is taken as written (a query string may follow it); nothing in it is a template.
    /// The exchange's endpoint id is the method and the redacted path, `GET /users/octocat` or
    /// `GET /search?token=••••`.
    ///
    /// ```swift
    /// let exchange = try await client.send(profile: demo, method: "POST", path: "/slack/auth.test")
    /// exchange.endpointID   // "POST /slack/auth.test"
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The backend.
    ///   - method: The HTTP method, upper-cased here.
    ///   - path: The path (and query) appended to the base URL.
    ///   - body: A JSON body, sent as `application/json`.
    ///   - progress: Receives download progress.
    /// - Returns: The exchange with its evaluation.
    /// - Throws: ``ClientError``, as ``call(profile:endpoint:parameters:options:progress:)``.
    public func send(
        profile: Profile, method: String, path: String, body: JSONValue? = nil,
        progress: (@Sendable (ProgressReport) -> Void)? = nil
    ) async throws(ClientError) -> APIExchange {
        let method = method.uppercased()
        let location = SourceLocation(file: "<request>", line: 0, column: 0)
        // The id is the label history lists, indexes and exports: built from the redacted path, so a
        // `?token=…` typed on the command line never becomes one.
        let endpoint = Endpoint(
            id: "\(method) \(profile.redaction.redact(url: path))", method: method,
            path: Template(literal: path, location: location), query: [],
            headers: [], body: body.map { BodyTemplate(literal: $0, location: location) }, envelope: EnvelopeOverride(),
            description: nil, params: [], store: nil, location: location)
        var adHoc = profile
        adHoc.endpoints.removeAll { $0.id == endpoint.id }
        adHoc.endpoints.append(endpoint)
        return try await call(profile: adHoc, endpoint: endpoint.id, progress: progress)
    }
}

extension BodyTemplate {
    /// A body template with no placeholders: `value` as it is.
    init(literal value: JSONValue, location: SourceLocation) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .number(let number): self = .number(number)
        case .string(let string): self = .string(Template(literal: string, location: location))
        case .array(let elements): self = .array(elements.map { BodyTemplate(literal: $0, location: location) })
        case .object(let object):
            self = .object(
                object.members.map {
                    BodyMember(key: $0.key, value: BodyTemplate(literal: $0.value, location: location))
                })
        }
    }
}
