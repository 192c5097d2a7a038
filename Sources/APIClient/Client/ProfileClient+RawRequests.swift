public import APIHTTP
public import APIMapping

extension ProfileClient {
    /// Sends a request to a path under the profile's base URL that no endpoint declares, evaluated
    /// with the profile's envelope, headers and auth.
    ///
    /// The path is taken as written (a query string may follow it); nothing in it is a template. A
    /// full `http://` or `https://` URL is sent as it is, not under the base URL; the profile's auth
    /// and the headers that read secrets go with it only when it is on the base URL's origin.
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
        var endpoint = Endpoint(
            id: "\(method) \(profile.redaction.redact(url: path))", method: method,
            path: Template(literal: path, location: location), query: [],
            headers: [], body: body.map { BodyTemplate(literal: $0, location: location) }, envelope: EnvelopeOverride(),
            description: nil, params: [], store: nil, location: location)
        var adHoc = profile
        if let (origin, rest) = Self.absolute(path) {
            // A full URL is sent where it says, not under the base URL. The profile's credentials
            // go only to the profile's own origin: another host gets no auth and no header that
            // reads a secret.
            endpoint.path = Template(literal: rest, location: location)
            adHoc.baseURL = Template(literal: origin, location: location)
            if try baseOrigin(of: profile) != origin.lowercased() {
                adHoc.auth = nil
                adHoc.headers.removeAll { $0.value.readsSecrets }
            }
        }
        adHoc.endpoints.removeAll { $0.id == endpoint.id }
        adHoc.endpoints.append(endpoint)
        return try await call(profile: adHoc, endpoint: endpoint.id, progress: progress)
    }

    /// Sends a request typed in whole (the terminal UI's ad-hoc form): the edit's method, URL, query,
    /// headers and body and nothing of the profile's but its envelope, redaction and transport settings.
    ///
    /// The exchange's endpoint id is the method and the redacted URL, as for ``send(profile:method:path:body:progress:)``.
    ///
    /// ```swift
    /// let edit = RequestEdit(method: "GET", url: "http://127.0.0.1:8080/hazards/echo",
    ///                        headers: [.init(name: "X-Trace", value: .text("on"))])
    /// let exchange = try await client.send(profile: demo, edit: edit)
    /// exchange.endpointID   // "GET http://127.0.0.1:8080/hazards/echo"
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The profile whose envelope evaluates the answer.
    ///   - edit: The request; its ``RequestEdit/url`` must be an absolute `http` or `https` URL.
    ///   - progress: Receives download progress.
    /// - Returns: The exchange with its evaluation.
    /// - Throws: ``ClientError`` for a URL that is not absolute, or no response.
    public func send(
        profile: Profile, edit: RequestEdit, progress: (@Sendable (ProgressReport) -> Void)? = nil
    ) async throws(ClientError) -> APIExchange {
        let url = edit.url ?? ""
        guard Self.absolute(url) != nil else {
            throw .profile(
                ProfileError(
                    .invalidValue, file: profile.file, line: 0, column: 0,
                    message: "an ad-hoc request needs a full http:// or https:// URL, not '\(url)'"))
        }
        let bare = ResolvedRequest(
            method: edit.method ?? "GET", url: url, headers: [], body: nil, envelope: profile.envelope,
            redaction: profile.redaction, timeouts: profile.timeouts, tlsVerify: profile.tlsVerify,
            maxBodySize: profile.maxBodySize, xmlArrays: profile.xmlArrays, normalizesFeeds: profile.feeds,
            redirects: profile.redirects)
        var request = bare.applying(edit)
        if request.body != nil, !request.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
            request.headers.append(HTTPHeader(name: "Content-Type", value: "application/json"))
        }
        let id = "\(request.method) \(profile.redaction.redact(url: request.url))"
        return try await exchange(request, profile: profile, endpoint: id, uploadProgress: nil, progress: progress)
    }

    /// The origin (`scheme://host:port`) and the rest of an absolute `http`/`https` URL; `nil` for a path.
    static func absolute(_ text: String) -> (origin: String, rest: String)? {
        let lowered = text.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lowered.hasPrefix($0) }) else { return nil }
        let afterScheme = text.dropFirst(scheme.count)
        guard let end = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else {
            return afterScheme.isEmpty ? nil : (text, "")
        }
        guard end > afterScheme.startIndex else { return nil }
        return (String(text[..<end]), String(text[end...]))
    }

    /// Whether `url` is a full URL on another origin than the profile's base URL: credentials (auth,
    /// sign-in tokens, kept secrets) never go there.
    ///
    /// - Parameters:
    ///   - url: A URL or a path; a path is the profile's own.
    ///   - profile: The backend.
    /// - Throws: ``ClientError`` when the base URL cannot be resolved.
    package func isForeign(_ url: String, for profile: Profile) throws(ClientError) -> Bool {
        guard let origin = Self.absolute(url)?.origin.lowercased() else { return false }
        return try baseOrigin(of: profile) != origin
    }

    /// The lowercased origin of the profile's resolved base URL.
    private func baseOrigin(of profile: Profile) throws(ClientError) -> String? {
        let context = profile.templateContext(
            parameters: [:], environment: environment, demoBaseURL: demoBaseURL, secrets: secrets, endpointID: nil)
        do {
            let base = try context.resolve(profile.baseURL, for: "'base_url'")
            return Self.absolute(base)?.origin.lowercased()
        } catch {
            throw .profile(error)
        }
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
