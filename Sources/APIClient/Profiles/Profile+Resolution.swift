public import APIHTTP
public import APIMapping
import Foundation

/// A request built from a profile endpoint: everything the transport needs, templates resolved.
///
/// ```swift
/// let request = try github.resolveRequest(
///     endpoint: "issues", parameters: ["owner": "apple", "repo": "swift", "state": "open"],
///     environment: ProcessInfo.processInfo.environment)
/// request.method  // "GET"
/// request.url     // https://api.github.com/repos/apple/swift/issues?state=open&per_page=30
/// request.redaction.redact(headers: request.headers)  // Authorization: ••••
/// ```
public struct ResolvedRequest: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The HTTP method.
    public var method: String
    /// The full URL: base URL, path with encoded parameters, and query.
    public var url: String
    /// Headers in order: the profile's, then authentication, then the endpoint's.
    public var headers: [HTTPHeader]
    /// The JSON body bytes, if the endpoint has a body.
    public var body: [UInt8]?
    /// The profile's envelope with the endpoint's override applied.
    public var envelope: Envelope
    /// What to mask when showing or logging this request and its response.
    public var redaction: Redaction
    /// Request time limits.
    public var timeouts: Timeouts
    /// Whether TLS certificates are verified.
    public var tlsVerify: Bool
    /// The largest response body accepted, if the profile sets one.
    public var maxBodySize: Int?
    /// Paths that are always arrays when an XML answer is converted.
    public var xmlArrays: [ProfilePath]
    /// Whether an RSS or Atom answer is read as the normalised feed model (`feeds: true`).
    public var normalizesFeeds = false
    /// Whether each event of an event stream is evaluated with ``envelope`` (the endpoint's
    /// `events: {envelope: true}`).
    public var eventEnvelope = false
    /// A form streamed from disk in place of ``body`` (`-F name=@file`); history records its `MultipartUpload.summary`.
    public var upload: MultipartUpload?
    /// Which redirects the request follows: the endpoint's `redirects:`, else the profile's; `nil` for the
    /// transport's defaults.
    public var redirects: RedirectPolicy?

    /// Creates a request from its parts, for a request rebuilt from history or written by a test;
    /// ``Profile/resolveRequest(endpoint:parameters:environment:demoBaseURL:secrets:fields:)`` builds the ones that are sent.
    ///
    /// ```swift
    /// let request = ResolvedRequest(
    ///     method: "GET", url: "https://api.example.com/users/7", headers: [], body: nil,
    ///     envelope: profile.envelope, redaction: profile.redaction, timeouts: profile.timeouts,
    ///     tlsVerify: true, maxBodySize: nil, xmlArrays: [])
    /// ```
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - url: The full URL.
    ///   - headers: The headers in order.
    ///   - body: The body bytes, if any.
    ///   - envelope: The envelope the response is evaluated with.
    ///   - redaction: What descriptions and storage mask.
    ///   - timeouts: The request's time limits.
    ///   - tlsVerify: Whether certificates are verified.
    ///   - maxBodySize: The largest body accepted, if limited.
    ///   - xmlArrays: Paths that stay arrays when an XML body is converted.
    ///   - normalizesFeeds: Whether a feed answer is read as its normalised model.
    ///   - redirects: The redirect policy, or `nil` for the transport's.
    ///   - eventEnvelope: Whether each event of an event stream is evaluated with the envelope.
    public init(
        method: String, url: String, headers: [HTTPHeader], body: [UInt8]?, envelope: Envelope, redaction: Redaction,
        timeouts: Timeouts, tlsVerify: Bool, maxBodySize: Int?, xmlArrays: [ProfilePath], normalizesFeeds: Bool = false,
        redirects: RedirectPolicy? = nil, eventEnvelope: Bool = false
    ) {
        self.redirects = redirects
        self.eventEnvelope = eventEnvelope
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.envelope = envelope
        self.redaction = redaction
        self.timeouts = timeouts
        self.tlsVerify = tlsVerify
        self.maxBodySize = maxBodySize
        self.xmlArrays = xmlArrays
        self.normalizesFeeds = normalizesFeeds
    }

    /// The request line and headers, with ``redaction`` applied, so printing a request never shows a secret.
    ///
    /// ```swift
    /// print(request)
    /// // GET https://api.example.com/items?token=••••
    /// // Authorization: ••••
    /// ```
    public var description: String {
        redactedHead + (body.map { "\n(\($0.count) bytes of JSON)" } ?? "")
    }

    /// The request line and headers, one per line, with ``redaction`` applied; no body.
    ///
    /// ```swift
    /// print(request.redactedHead)
    /// // POST https://api.example.com/login
    /// // Content-Type: application/json
    /// ```
    public var redactedHead: String {
        var lines = ["\(method) \(redaction.redact(url: url))"]
        lines += redaction.redact(headers: headers).map { "\($0.name): \($0.value)" }
        return lines.joined(separator: "\n")
    }

    /// The same as ``description``: debug output is redacted too.
    public var debugDescription: String { description }
}

extension Profile {
    /// Builds the request for an endpoint, resolving templates against parameters and the environment.
    ///
    /// Parameters fill `{name}` in the path (percent-encoded as one segment) and `${name}` anywhere
    /// else; declared defaults fill the ones not given. Only the templates this request uses are
    /// resolved, so a variable another endpoint needs does not have to be set. An optional bearer
    /// token whose variable is missing sends no `Authorization` header. Same-named endpoint headers
    /// replace profile headers (names compare case-insensitively). A body adds
    /// `Content-Type: application/json` unless a header sets it.
    ///
    /// ```swift
    /// let request = try github.resolveRequest(
    ///     endpoint: "user", parameters: ["username": "a b"], environment: ["GITHUB_TOKEN": "t"])
    /// request.url      // https://api.github.com/users/a%20b
    /// request.headers  // [Accept: application/vnd.github+json, …, Authorization: Bearer t]
    /// ```
    ///
    /// - Parameters:
    ///   - id: The endpoint's key under `endpoints:`.
    ///   - parameters: Parameter values by name.
    ///   - environment: Environment variables, usually `ProcessInfo.processInfo.environment`.
    ///   - demoBaseURL: The in-process demo server's URL, for profiles whose base URL is `${demo:base_url}`.
    ///   - secrets: The values of the secret sources the request reads (``secretSources(endpoint:)``).
    ///   - fields: Body fields given for this call on top of the endpoint's (``BodyFields``).
    /// - Throws: ``ProfileError`` for an unknown endpoint, an unknown or missing parameter, or a
    ///   missing environment variable, located at the template or endpoint that needs it.
    public func resolveRequest(
        endpoint id: String, parameters: [String: String], environment: [String: String], demoBaseURL: String? = nil,
        secrets: [SecretSource: String] = [:], fields: BodyFields = BodyFields()
    ) throws(ProfileError) -> ResolvedRequest {
        guard let endpoint = self.endpoint(id) else {
            let known = endpoints.map(\.id).joined(separator: ", ")
            throw ProfileError(
                .unknownEndpoint, file: file, line: 0, column: 0,
                message: "unknown endpoint '\(id)' in profile '\(name)'; expected one of \(known)")
        }
        if !parameters.isEmpty {
            // Parameters used by the profile's own templates (a `${region}` in base_url) are accepted by every
            // endpoint.
            var declared = endpoint.parameterNames
            for name in ([baseURL] + headers.map(\.value)).flatMap(\.parameterNames) where !declared.contains(name) {
                declared.append(name)
            }
            for name in pagingParameters(id) where !declared.contains(name) { declared.append(name) }
            // A JSON field given as `name:=json` need not be declared: it is a member of its own.
            for given in parameters.keys.sorted() where !declared.contains(given) && !fields.rawJSON.contains(given) {
                let list = declared.isEmpty ? "it declares none" : "declared: \(declared.joined(separator: ", "))"
                throw ProfileError(
                    .unknownParameter, at: endpoint.location,
                    "unknown parameter '\(given)' for endpoint '\(id)'; \(list)")
            }
        }
        let values = endpoint.withDefaults(parameters)
        // A file to upload is the user's choice for each call: a profile's default never picks one,
        // so no profile can make apiexplore send a file of the user's (a key, a history) by itself.
        for parameter in endpoint.params where parameter.type == .file && parameters[parameter.name] == nil {
            guard values[parameter.name] == nil else {
                throw ProfileError(
                    .invalidValue, at: endpoint.location,
                    "parameter '\(parameter.name)' of endpoint '\(id)' is a file to upload, and a file is never "
                        + "taken from a default: give it for this call (\(parameter.name)=PATH)")
            }
        }
        for parameter in endpoint.params where !parameter.allowedValues.isEmpty {
            if let value = values[parameter.name], !parameter.allowedValues.contains(value) {
                throw ProfileError(
                    .invalidValue, at: endpoint.location,
                    "'\(value)' is not a value of parameter '\(parameter.name)' of endpoint '\(id)'; expected one of "
                        + parameter.allowedValues.joined(separator: ", "))
            }
        }
        // An optional parameter without a value leaves out what is made of it alone.
        let absent = Set(endpoint.params.filter { !$0.isRequired && values[$0.name] == nil }.map(\.name))
        func present(_ template: Template) -> Bool {
            template.soleParameter.map { !absent.contains($0) } ?? true
        }
        let context = templateContext(
            parameters: values, environment: environment, demoBaseURL: demoBaseURL, secrets: secrets, endpointID: id)

        var url = try context.resolve(baseURL, for: "'base_url'")
        while url.hasSuffix("/") { url.removeLast() }
        let path = try context.resolve(endpoint.path, for: "the path of endpoint '\(id)'")
        // An absolute path (a curl file's second host) is the URL; on another origin than the base
        // URL it gets none of the profile's credentials: only its own `auth:` and headers.
        let isForeign: Bool
        if Self.isAbsolute(path) {
            isForeign = Self.origin(of: path) != Self.origin(of: url)
            url = path
        } else {
            isForeign = false
            url += path.hasPrefix("/") || path.isEmpty ? path : "/" + path
        }
        var queryItems: [String] = []
        for item in endpoint.query where present(item.value) {
            let value = try context.resolve(item.value, for: "query item '\(item.name)'")
            queryItems.append(PercentEncoding.encode(item.name) + "=" + PercentEncoding.encode(value))
        }
        // A paging parameter the endpoint does not template (`page=3`) goes on the query.
        let templated = endpoint.parameterNames
        for name in pagingParameters(id) where !templated.contains(name) {
            if let value = parameters[name] {
                queryItems.append(PercentEncoding.encode(name) + "=" + PercentEncoding.encode(value))
            }
        }
        let auth = isForeign && endpoint.auth == .inherit ? nil : endpoint.auth.applied(to: self.auth)
        if case .query(let name, let value)? = auth {
            let key = try context.resolve(value, for: "'auth.query.value'")
            queryItems.append(PercentEncoding.encode(name) + "=" + PercentEncoding.encode(key))
        }
        if !queryItems.isEmpty { url += (url.contains("?") ? "&" : "?") + queryItems.joined(separator: "&") }

        var headers: [HTTPHeader] = []
        func set(_ header: HTTPHeader) {
            headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
            headers.append(header)
        }
        for header in self.headers where !(isForeign && readsSecrets(header.value, context)) {
            set(HTTPHeader(name: header.name, value: try context.resolve(header.value, for: "header '\(header.name)'")))
        }
        if let authorization = try authHeader(context, auth: auth) { set(authorization) }
        for header in endpoint.headers where present(header.value) {
            set(HTTPHeader(name: header.name, value: try context.resolve(header.value, for: "header '\(header.name)'")))
        }

        try Self.checkSizes(url: url, headers: headers, endpoint: endpoint)
        let body = try Self.resolveBody(endpoint, context, present: present, fields: fields, parameters: values)
        if body.bytes != nil || body.upload != nil {
            if body.upload != nil { headers.removeAll { $0.name.lowercased() == "content-type" } }
            if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                headers.append(HTTPHeader(name: "Content-Type", value: body.contentType ?? "application/json"))
            }
        }
        var request = ResolvedRequest(
            method: endpoint.method, url: url, headers: headers, body: body.bytes,
            envelope: endpoint.envelope.applied(to: envelope),
            redaction: secretRedaction(endpoint, context, headers: headers, url: url),
            timeouts: endpoint.timeout.map { Timeouts(connect: timeouts.connect, read: timeouts.read, total: $0) }
                ?? timeouts, tlsVerify: tlsVerify, maxBodySize: maxBodySize, xmlArrays: xmlArrays,
            normalizesFeeds: feeds, redirects: endpoint.redirects ?? redirects, eventEnvelope: endpoint.eventEnvelope)
        request.upload = body.upload
        return request
    }

    /// The context templates resolve in: parameters, the environment, the profile's variables and
    /// the secret sources' values.
    func templateContext(
        parameters: [String: String], environment: [String: String], demoBaseURL: String?,
        secrets: [SecretSource: String], endpointID: String?
    ) -> TemplateContext {
        var context = TemplateContext(
            parameters: parameters, environment: environment, demoBaseURL: demoBaseURL, profileName: name,
            endpointID: endpointID)
        for variable in variables { context.variables[variable.name] = variable.value }
        context.secrets = secrets
        return context
    }

    /// The profile's redaction plus what this request's secret sources add: every header and query
    /// item whose template reads `${env:…}` or a secret source (directly or through a variable) is
    /// masked by name (so is a custom auth header or query item), and every value such a
    /// placeholder resolved to, or a header or query item masked by name carries, is masked
    /// wherever it appears (an echoing server, an error message).
    func secretRedaction(
        _ endpoint: Endpoint?, _ context: TemplateContext, headers resolved: [HTTPHeader], url: String
    ) -> Redaction {
        var headerNames: [String] = []
        var queryNames: [String] = []
        var templates = [baseURL] + (endpoint.map { [$0.path] } ?? [])
        // A `secret: true` parameter is as secret as an environment variable: masked by value, and
        // the header or query item it fills by name.
        let secretParameters = Set(endpoint?.params.filter(\.isSecret).map(\.name) ?? [])
        func readsSecretParameter(_ template: Template) -> Bool {
            template.parameterNames.contains { secretParameters.contains($0) }
        }
        for header in headers + (endpoint?.headers ?? []) {
            templates.append(header.value)
            if readsSecrets(header.value, context) || readsSecretParameter(header.value) {
                headerNames.append(header.name)
            }
        }
        for item in endpoint?.query ?? [] {
            templates.append(item.value)
            if readsSecrets(item.value, context) || readsSecretParameter(item.value) { queryNames.append(item.name) }
        }
        switch endpoint.map({ $0.auth.applied(to: auth) }) ?? auth {
        case .bearer(let token, _)?: templates.append(token)
        case .basic(let username, let password)?: templates += [username, password]
        case .header(let name, let value)?:
            headerNames.append(name)
            templates.append(value)
        case .query(let name, let value)?:
            queryNames.append(name)
            templates.append(value)
        // The session adds these tokens; it masks them itself.
        case .oauth2?, .login?, nil: break
        }
        if let body = endpoint?.body { templates += body.templates }
        if let text = endpoint?.bodyText { templates.append(text) }
        if let endpoint { templates += (endpoint.form + endpoint.multipart + endpoint.json).map(\.value) }
        // A variable's value is as secret as what it reads.
        templates = readingVariables(templates)
        var secrets = templates.flatMap(\.environmentNames).compactMap { context.environmentValue($0) }
        secrets += secretParameters.sorted().compactMap { context.parameters[$0] }.filter { !$0.isEmpty }
        secrets += templates.flatMap(\.secretSources).compactMap { context.secrets[$0] }
        let named = redaction.merging(Redaction(headers: headerNames, query: queryNames))
        for header in resolved where named.masksHeader(header.name) {
            secrets.append(header.value)
            // `Bearer TOKEN`, `Basic BASE64`: the credential alone can be echoed without its scheme.
            if let space = header.value.lastIndex(of: " ") {
                secrets.append(String(header.value[header.value.index(after: space)...]))
            }
        }
        for item in URLQuery.items(of: url) where named.masksQueryItem(item.name) { secrets.append(item.value) }
        return named.adding(secrets: secrets)
    }

    /// Refuses a request whose URL or headers pass their documented limits (``InputRanges``): a
    /// template filled with a huge parameter or environment value fails here, located at the
    /// endpoint, instead of in the server or the transport.
    private static func checkSizes(url: String, headers: [HTTPHeader], endpoint: Endpoint) throws(ProfileError) {
        if url.utf8.count > InputRanges.urlBytes {
            throw ProfileError(
                .invalidValue, at: endpoint.location,
                "the URL of endpoint '\(endpoint.id)' is \(url.utf8.count) bytes, over the limit of "
                    + "\(InputRanges.urlBytes) bytes")
        }
        if headers.count > InputRanges.headerCount {
            throw ProfileError(
                .invalidValue, at: endpoint.location,
                "endpoint '\(endpoint.id)' sends \(headers.count) headers, over the limit of \(InputRanges.headerCount)"
            )
        }
        for header in headers where header.name.utf8.count + header.value.utf8.count > InputRanges.headerBytes {
            throw ProfileError(
                .invalidValue, at: endpoint.location,
                "header '\(header.name)' of endpoint '\(endpoint.id)' is over the limit of "
                    + "\(InputRanges.headerBytes) bytes")
        }
    }

    /// Whether a resolved path is a whole URL (`https://other.example/v1/items`).
    static func isAbsolute(_ path: String) -> Bool {
        let lower = path.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// `scheme://host[:port]` of a URL, lower-cased.
    static func origin(of url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url.lowercased() }
        let rest = url[schemeEnd.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        return (url[..<schemeEnd.upperBound] + rest[..<end]).lowercased()
    }

    /// Whether a template's value comes from outside the profile, directly or through a variable.
    private func readsSecrets(_ template: Template, _ context: TemplateContext) -> Bool {
        template.readsSecrets || template.variableNames.contains { context.variables[$0]?.readsSecrets == true }
    }

    func authHeader(_ context: TemplateContext, auth: Auth?) throws(ProfileError) -> HTTPHeader? {
        switch auth {
        // The session's sign-in middleware adds OAuth 2.0 and login tokens as requests go out; a
        // query credential goes in the URL.
        case nil, .oauth2?, .login?, .query?:
            return nil
        case .bearer(let token, let optional)?:
            if optional, token.environmentNames.contains(where: { context.environment[$0] == nil }) { return nil }
            return HTTPHeader(
                name: "Authorization", value: "Bearer " + (try context.resolve(token, for: "'auth.bearer.token'")))
        case .basic(let username, let password)?:
            let user = try context.resolve(username, for: "'auth.basic.username'")
            let secret = try context.resolve(password, for: "'auth.basic.password'")
            return HTTPHeader(
                name: "Authorization", value: "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString())
        case .header(let name, let value)?:
            return HTTPHeader(name: name, value: try context.resolve(value, for: "'auth.header.value'"))
        }
    }

    static func resolve(
        _ template: BodyTemplate, _ context: TemplateContext, _ id: String
    ) throws(ProfileError) -> JSONValue {
        switch template {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let number): return .number(number)
        case .string(let string): return .string(try context.resolve(string, for: "the body of endpoint '\(id)'"))
        case .array(let elements):
            var result: [JSONValue] = []
            for element in elements { result.append(try resolve(element, context, id)) }
            return .array(result)
        case .object(let members):
            var result = JSONObject()
            for member in members { result.append(key: member.key, value: try resolve(member.value, context, id)) }
            return .object(result)
        }
    }
}
