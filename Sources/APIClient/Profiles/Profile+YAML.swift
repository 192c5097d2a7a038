import APIHTTP
import APIMapping
import Crypto
import Foundation
import Yams

extension Profile {
    /// The keys a profile may have; the schema test checks `profiles/profile.schema.json` agrees.
    package static let topLevelKeys = [
        "name", "description", "base_url", "headers", "auth", "timeouts", "tls_verify", "max_body_size", "envelope",
        "xml_arrays", "redact", "defaults", "endpoints", "errors", "retry", "cache", "log", "cookies", "rate_limit",
        "redirects", "vars", "environments", "paginate", "feeds", "volatile", "identity",
    ]
    /// The keys an endpoint may have.
    package static let endpointKeys = [
        "method", "path", "query", "headers", "body", "envelope", "description", "params", "store", "retry", "cache",
        "tags", "body_text", "paginate", "volatile", "identity", "form", "multipart", "json", "auth",
        "timeout", "redirects", "events",
    ]
    /// The keys an endpoint's `events:` may have.
    package static let eventsKeys = ["envelope"]
    /// The keys an endpoint's `store:` may have.
    package static let storeKeys = ["table", "identity", "model", "nested"]
    /// The keys a `nested:` table of a `store:` may have.
    package static let nestedStoreKeys = ["table", "identity", "nested"]
    /// The keys a declared parameter may have.
    package static let parameterKeys = ["default", "description", "enum", "required", "example", "type", "secret"]
    /// The keys an envelope may have.
    package static let envelopeKeys = ["status", "success", "tip", "model", "require_http_success", "coerce_status"]
    /// The HTTP methods an endpoint may use.
    package static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// Reads a profile from YAML text, checking everything that does not depend on the environment.
    ///
    /// Unknown keys, wrong types, missing required keys (`name`, `base_url`, each endpoint's
    /// `path`), invalid profile paths, templates and durations are reported with the file, line and
    /// column. When `file` ends in `.yaml` or `.yml`, `name` must equal the file's base name.
    ///
    /// ```swift
    /// let profile = try Profile(yaml: """
    ///     name: example
    ///     base_url: https://api.example.com
    ///     endpoints:
    ///       item: {path: "/items/{id}"}
    ///     """, file: "profiles/example.yaml")
    /// ```
    ///
    /// - Parameters:
    ///   - yaml: The profile text.
    ///   - file: The file name shown in errors, such as `profiles/github.yaml`.
    /// - Throws: ``ProfileError`` with the location of the first problem.
    public init(yaml: String, file: String) throws(ProfileError) {
        let reader = ProfileYAMLReader(file: file)
        let root = try reader.compose(yaml)
        let fields = try reader.fields(root, "profile", allowed: Self.topLevelKeys)

        let nameNode = try fields.required("name")
        name = try reader.string(nameNode, "'name'")
        if let expected = Self.expectedName(file: file), expected != name {
            throw ProfileError(
                .invalidValue, at: reader.textLocation(nameNode),
                "profile name '\(name)' does not match the file name '\(expected)'")
        }
        description =
            try fields["description"].map { node throws(ProfileError) in
                try reader.string(node, "'description'")
            } ?? ""
        let sharedBaseURL = try fields["base_url"].map { node throws(ProfileError) in
            try reader.template(node, "'base_url'")
        }
        baseURL = sharedBaseURL ?? Template(literal: "", location: reader.location(root))
        headers =
            try fields["headers"].map { node throws(ProfileError) in try Self.headers(node, reader, "'headers'") }
            ?? []
        auth = try fields["auth"].map { node throws(ProfileError) in try Self.auth(node, reader) }
        timeouts = Timeouts()
        if let node = fields["timeouts"] {
            let timeoutFields = try reader.fields(node, "'timeouts'", allowed: ["connect", "read", "total"])
            timeouts.connect = try timeoutFields["connect"].map { node throws(ProfileError) in
                try reader.duration(node, "'timeouts.connect'")
            }
            timeouts.read = try timeoutFields["read"].map { node throws(ProfileError) in
                try reader.duration(node, "'timeouts.read'")
            }
            timeouts.total = try timeoutFields["total"].map { node throws(ProfileError) in
                try reader.duration(node, "'timeouts.total'")
            }
        }
        tlsVerify =
            try fields["tls_verify"].map { node throws(ProfileError) in try reader.bool(node, "'tls_verify'") }
            ?? true
        maxBodySize = try fields["max_body_size"].map { node throws(ProfileError) in
            try reader.byteCount(node, "'max_body_size'", in: InputRanges.maxBodySize)
        }
        envelope = Envelope()
        if let node = fields["envelope"] {
            envelope = try Self.envelopeOverride(node, reader, "'envelope'").applied(to: envelope)
        }
        xmlArrays = []
        if let node = fields["xml_arrays"] {
            guard let sequence = node.sequence else {
                throw reader.wrongType(node, expected: "a list of profile paths", for: "'xml_arrays'")
            }
            for element in sequence { xmlArrays.append(try reader.path(element, "'xml_arrays'")) }
        }
        feeds = try fields["feeds"].map { node throws(ProfileError) in try reader.bool(node, "'feeds'") } ?? false
        redaction = Redaction()
        if let node = fields["redact"] {
            let redactFields = try reader.fields(node, "'redact'", allowed: ["headers", "query", "body"])
            redaction = Redaction(
                headers: try redactFields["headers"].map { node throws(ProfileError) in
                    try reader.stringList(node, "'redact.headers'")
                } ?? [],
                query: try redactFields["query"].map { node throws(ProfileError) in
                    try reader.stringList(node, "'redact.query'")
                } ?? [],
                body: try redactFields["body"].map { node throws(ProfileError) in
                    try reader.paths(node, "'redact.body'")
                } ?? [])
        }
        defaultExpectations = []
        if let node = fields["defaults"] {
            let defaultFields = try reader.fields(node, "'defaults'", allowed: ["expect"])
            defaultExpectations =
                try defaultFields["expect"].map { node throws(ProfileError) in
                    try reader.stringList(node, "'defaults.expect'")
                } ?? []
        }
        endpoints = []
        if let node = fields["endpoints"] {
            for entry in try reader.entries(node, "'endpoints'") {
                endpoints.append(try Self.endpoint(entry.key, entry.keyNode, entry.value, reader))
            }
        }
        self.file = file
        sourceDigest = SHA256.hash(data: Array(yaml.utf8)).map { String(format: "%02x", $0) }.joined()
        try readBehaviour(fields, reader)
        diff = try Self.diffSettings(fields, reader, of: nil)
        try readEnvironments(fields, reader, sharedBaseURL: sharedBaseURL, root: root)
    }

    private static func expectedName(file: String) -> String? {
        // `profiles/github.yaml`, `/home/me/profiles/github.yaml` and `builtin:github.yaml` all name `github`.
        let base = file.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? file
        for suffix in [".yaml", ".yml"] where base.hasSuffix(suffix) {
            return String(base.dropLast(suffix.count))
        }
        return nil
    }

    private static func headers(
        _ node: Node, _ reader: ProfileYAMLReader, _ what: String
    ) throws(ProfileError) -> [HeaderTemplate] {
        var result: [HeaderTemplate] = []
        for entry in try reader.entries(node, what) {
            result.append(
                HeaderTemplate(name: entry.key, value: try reader.template(entry.value, "header '\(entry.key)'")))
        }
        return result
    }

    static func auth(_ node: Node, _ reader: ProfileYAMLReader) throws(ProfileError) -> Auth {
        let fields = try reader.fields(
            node, "'auth'", allowed: ["bearer", "basic", "header", "query", "oauth2", "login"])
        guard fields.entries.count == 1, let entry = fields.entries.first else {
            throw ProfileError(
                .invalidValue, at: reader.location(node),
                "'auth' needs exactly one of bearer, basic, header, query, oauth2, login; found \(fields.entries.count)"
            )
        }
        switch entry.key {
        case "oauth2":
            return .oauth2(try oauth2(entry.value, reader))
        case "login":
            return .login(try login(entry.value, reader))
        case "bearer":
            let bearer = try reader.fields(entry.value, "'auth.bearer'", allowed: ["token", "optional"])
            return .bearer(
                token: try reader.template(try bearer.required("token"), "'auth.bearer.token'"),
                optional: try bearer["optional"].map { node throws(ProfileError) in
                    try reader.bool(node, "'auth.bearer.optional'")
                } ?? false)
        case "basic":
            let basic = try reader.fields(entry.value, "'auth.basic'", allowed: ["username", "password"])
            return .basic(
                username: try reader.template(try basic.required("username"), "'auth.basic.username'"),
                password: try reader.template(try basic.required("password"), "'auth.basic.password'"))
        case "query":
            let item = try reader.fields(entry.value, "'auth.query'", allowed: ["name", "value"])
            return .query(
                name: try reader.string(try item.required("name"), "'auth.query.name'"),
                value: try reader.template(try item.required("value"), "'auth.query.value'"))
        default:
            let header = try reader.fields(entry.value, "'auth.header'", allowed: ["name", "value"])
            return .header(
                name: try reader.string(try header.required("name"), "'auth.header.name'"),
                value: try reader.template(try header.required("value"), "'auth.header.value'"))
        }
    }

    static func envelopeOverride(
        _ node: Node, _ reader: ProfileYAMLReader, _ what: String
    ) throws(ProfileError) -> EnvelopeOverride {
        let fields = try reader.fields(node, what, allowed: envelopeKeys)
        var result = EnvelopeOverride()
        if let status = fields["status"] {
            result.status = .some(status.tagName == .null ? nil : try reader.path(status, "'envelope.status'"))
        }
        if let success = fields["success"] { result.success = try successRule(success, reader) }
        if let tip = fields["tip"] { result.tip = try reader.paths(tip, "'envelope.tip'") }
        if let model = fields["model"] { result.model = try reader.path(model, "'envelope.model'") }
        if let node = fields["require_http_success"] {
            result.requireHTTPSuccess = try reader.bool(node, "'envelope.require_http_success'")
        }
        if let node = fields["coerce_status"] {
            result.coerceStatus = try reader.bool(node, "'envelope.coerce_status'")
        }
        return result
    }

    /// `absent`, `present` and `http` are rules only when unquoted; quoted, they are string values.
    private static func successRule(_ node: Node, _ reader: ProfileYAMLReader) throws(ProfileError)
        -> Envelope.SuccessRule
    {
        if let scalar = node.scalar, scalar.style == .plain, node.tagName == .str {
            switch scalar.string {
            case "absent": return .absent
            case "present": return .present
            case "http": return .http
            default: break
            }
        }
        let elements = node.sequence.map { Array($0) } ?? [node]
        guard !elements.isEmpty else {
            throw ProfileError(.invalidValue, at: reader.location(node), "'envelope.success' needs at least one value")
        }
        var values: [Envelope.StatusValue] = []
        for element in elements {
            guard let scalar = element.scalar else {
                throw reader.wrongType(
                    element, expected: "a number, string or bool (or absent, present, http)",
                    for: "'envelope.success'")
            }
            switch element.tagName {
            case .bool:
                guard let value = element.boolValue else {
                    throw reader.wrongType(element, expected: "a bool", for: "'envelope.success'")
                }
                values.append(.bool(value))
            case .int, .float:
                guard let number = JSONNumber(scalar.string) else {
                    throw ProfileError(
                        .invalidValue, at: reader.location(element),
                        "'\(scalar.string)' in 'envelope.success' is not a JSON number; quote it to mean a string")
                }
                values.append(.number(number))
            case .null:
                throw reader.wrongType(element, expected: "a number, string or bool", for: "'envelope.success'")
            default:
                values.append(.string(scalar.string))
            }
        }
        return .values(values)
    }

    private static func endpoint(
        _ id: String, _ keyNode: Node, _ node: Node, _ reader: ProfileYAMLReader
    ) throws(ProfileError) -> Endpoint {
        let what = "endpoint '\(id)'"
        let fields = try reader.fields(node, what, allowed: endpointKeys)
        var method = "GET"
        if let methodNode = fields["method"] {
            method = try reader.string(methodNode, "'method' of \(what)").uppercased()
            guard methods.contains(method) else {
                throw ProfileError(
                    .invalidValue, at: reader.textLocation(methodNode),
                    "unknown method '\(method)' in \(what); expected one of \(methods.joined(separator: ", "))")
            }
        }
        let path = try reader.template(try fields.required("path"), "'path' of \(what)", inPath: true)
        var query: [QueryTemplate] = []
        if let queryNode = fields["query"] {
            for entry in try reader.entries(queryNode, "'query' of \(what)") {
                query.append(
                    QueryTemplate(name: entry.key, value: try reader.template(entry.value, "query item '\(entry.key)'"))
                )
            }
        }
        var params: [Parameter] = []
        if let paramsNode = fields["params"] {
            for entry in try reader.entries(paramsNode, "'params' of \(what)") {
                let paramWhat = "parameter '\(entry.key)' of \(what)"
                guard Template.isName(entry.key) else {
                    throw ProfileError(
                        .invalidValue, at: reader.location(entry.keyNode),
                        "invalid parameter name '\(entry.key)': use letters, digits, '_' and '-'")
                }
                var parameter = Parameter(name: entry.key)
                if entry.value.tagName != .null {
                    let paramFields = try reader.fields(entry.value, paramWhat, allowed: parameterKeys)
                    parameter.defaultValue = try paramFields["default"].map { node throws(ProfileError) in
                        try reader.string(node, "'default' of \(paramWhat)")
                    }
                    parameter.description = try paramFields["description"].map { node throws(ProfileError) in
                        try reader.string(node, "'description' of \(paramWhat)")
                    }
                    parameter.allowedValues =
                        try paramFields["enum"].map { node throws(ProfileError) in
                            try reader.stringList(node, "'enum' of \(paramWhat)")
                        } ?? []
                    parameter.required = try paramFields["required"].map { node throws(ProfileError) in
                        try reader.bool(node, "'required' of \(paramWhat)")
                    }
                    try readHints(of: &parameter, paramFields, reader, paramWhat)
                    if let value = parameter.defaultValue, !parameter.allowedValues.isEmpty,
                        !parameter.allowedValues.contains(value)
                    {
                        throw ProfileError(
                            .invalidValue, at: reader.location(entry.value),
                            "the default '\(value)' of \(paramWhat) is not one of its 'enum' values")
                    }
                }
                params.append(parameter)
            }
        }
        let store = try fields["store"].map { node throws(ProfileError) in
            try storeSpec(node, reader, "'store' of \(what)", depth: 1)
        }
        try checkOneBody(fields, reader, what)
        var endpoint = Endpoint(
            id: id, method: method, path: path, query: query,
            headers: try fields["headers"].map { node throws(ProfileError) in
                try headers(node, reader, "'headers' of \(what)")
            } ?? [],
            body: try fields["body"].map { node throws(ProfileError) in try body(node, reader, "'body' of \(what)") },
            bodyText: try fields["body_text"].map { node throws(ProfileError) in
                try reader.template(node, "'body_text' of \(what)")
            },
            envelope: try fields["envelope"].map { node throws(ProfileError) in
                try envelopeOverride(node, reader, "'envelope' of \(what)")
            } ?? EnvelopeOverride(),
            description: try fields["description"].map { node throws(ProfileError) in
                try reader.string(node, "'description' of \(what)")
            },
            params: params, store: store,
            tags: try fields["tags"].map { node throws(ProfileError) in
                try reader.stringList(node, "'tags' of \(what)")
            } ?? [],
            retry: try fields["retry"].map { node throws(ProfileError) in
                try retryPolicy(node, reader, of: what)
            } ?? .inherit,
            cache: try fields["cache"].map { node throws(ProfileError) in
                try cachePolicy(node, reader, of: what)
            } ?? .inherit,
            paginate: try fields["paginate"].map { node throws(ProfileError) in
                try pagination(node, reader, of: what)
            } ?? .inherit, location: reader.location(keyNode))
        endpoint.diff = try diffSettings(fields, reader, of: what)
        endpoint.form = try fieldTemplates(fields["form"], reader, "'form' of \(what)")
        endpoint.multipart = try fieldTemplates(fields["multipart"], reader, "'multipart' of \(what)")
        endpoint.json = try fieldTemplates(fields["json"], reader, "'json' of \(what)")
        if let node = fields["auth"] { endpoint.auth = try endpointAuth(node, reader, what) }
        endpoint.timeout = try fields["timeout"].map { node throws(ProfileError) in
            try reader.duration(node, "'timeout' of \(what)")
        }
        endpoint.redirects = try fields["redirects"].map { node throws(ProfileError) in
            try redirectPolicy(node, reader, of: what)
        }
        if let eventsNode = fields["events"] {
            let eventFields = try reader.fields(eventsNode, "'events' of \(what)", allowed: eventsKeys)
            endpoint.eventEnvelope =
                try eventFields["envelope"].map { node throws(ProfileError) in
                    try reader.bool(node, "'envelope' of 'events' of \(what)")
                } ?? false
        }
        return endpoint
    }

    /// A `store:` declaration, or one of its `nested:` ones (which have no `model:`).
    private static func storeSpec(_ node: Node, _ reader: ProfileYAMLReader, _ what: String, depth: Int)
        throws(ProfileError) -> StoreSpec
    {
        let storeFields = try reader.fields(node, what, allowed: depth == 1 ? storeKeys : nestedStoreKeys)
        var nested: [NestedStore] = []
        if let nestedNode = storeFields["nested"] {
            guard depth < StoreSpec.maximumDepth else {
                throw ProfileError(
                    .invalidValue, at: reader.location(nestedNode),
                    "\(what) nests tables more than \(StoreSpec.maximumDepth) deep")
            }
            for entry in try reader.entries(nestedNode, "'nested' of \(what)") {
                let path = try reader.path(entry.keyNode, "a key of 'nested' of \(what)")
                let inner = try storeSpec(entry.value, reader, "'nested.\(entry.key)' of \(what)", depth: depth + 1)
                nested.append(NestedStore(path: path, store: inner))
            }
        }
        return StoreSpec(
            table: try reader.string(try storeFields.required("table"), "'table' of \(what)"),
            identity: try storeFields["identity"].map { node throws(ProfileError) in
                try reader.paths(node, "'identity' of \(what)")
            } ?? [],
            model: try storeFields["model"].map { node throws(ProfileError) in
                try reader.path(node, "'model' of \(what)")
            }, nested: nested)
    }

    private static func body(_ node: Node, _ reader: ProfileYAMLReader, _ what: String) throws(ProfileError)
        -> BodyTemplate
    {
        switch node {
        case .mapping:
            var members: [BodyMember] = []
            for entry in try reader.entries(node, what) {
                members.append(BodyMember(key: entry.key, value: try body(entry.value, reader, what)))
            }
            return .object(members)
        case .sequence(let sequence):
            var elements: [BodyTemplate] = []
            for element in sequence { elements.append(try body(element, reader, what)) }
            return .array(elements)
        case .scalar(let scalar):
            switch node.tagName {
            case .null: return .null
            case .bool:
                guard let value = node.boolValue else { throw reader.wrongType(node, expected: "a bool", for: what) }
                return .bool(value)
            case .int, .float:
                guard let number = JSONNumber(scalar.string) else {
                    throw ProfileError(
                        .invalidValue, at: reader.location(node),
                        "'\(scalar.string)' in \(what) is not a JSON number; quote it to mean a string")
                }
                return .number(number)
            default: return .string(try reader.template(node, what))
            }
        case .alias:
            throw reader.wrongType(node, expected: "a JSON value", for: what)
        }
    }
}
