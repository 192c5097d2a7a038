import APIHTTP
import APIMapping
import Yams

/// Reading the keys that say how a backend behaves: `errors`, `retry`, `cache`, `log`, `cookies`,
/// `rate_limit`, and the `oauth2` and `login` forms of `auth`.
extension Profile {
    mutating func readBehaviour(_ fields: Fields, _ reader: ProfileYAMLReader) throws(ProfileError) {
        if let node = fields["errors"] { errors = try Self.errorCatalogue(node, reader) }
        if let node = fields["retry"] { retry = try Self.retryPolicy(node, reader).applied(to: nil) }
        if let node = fields["cache"] { cache = try Self.cachePolicy(node, reader).applied(to: nil) }
        if let node = fields["paginate"] { paginate = try Self.pagination(node, reader).applied(to: nil) }
        if let node = fields["redirects"] { redirects = try Self.redirectPolicy(node, reader) }
        if let node = fields["log"] {
            let log = try reader.fields(node, "'log'", allowed: ["file", "level"])
            let fileNode = try log.required("file")
            var policy = LogPolicy(file: try reader.string(fileNode, "'log.file'"))
            if let problem = LogPolicy.problem(withName: policy.file) {
                throw ProfileError(.invalidValue, at: reader.textLocation(fileNode), "'log.file' \(problem)")
            }
            if let level = log["level"] {
                policy.level = try reader.choice(level, key: "'log.level'", noun: "log level")
            }
            self.log = policy
        }
        if let node = fields["cookies"] {
            if node.tagName == .bool {
                cookies = try reader.bool(node, "'cookies'") ? CookiePolicy() : nil
            } else {
                let jar = try reader.fields(node, "'cookies'", allowed: ["persist", "redact"])
                cookies = CookiePolicy(
                    persist: try jar["persist"].map { node throws(ProfileError) in
                        try reader.bool(node, "'cookies.persist'")
                    } ?? true,
                    redact: try jar["redact"].map { node throws(ProfileError) in
                        try reader.bool(node, "'cookies.redact'")
                    } ?? true)
            }
        }
        if let node = fields["rate_limit"] {
            let names = try reader.fields(node, "'rate_limit'", allowed: ["limit", "remaining", "reset", "reset_is"])
            var headers = RateLimitHeaders()
            if let limit = names["limit"] { headers.limit = try reader.string(limit, "'rate_limit.limit'") }
            if let remaining = names["remaining"] {
                headers.remaining = try reader.string(remaining, "'rate_limit.remaining'")
            }
            if let reset = names["reset"] { headers.reset = try reader.string(reset, "'rate_limit.reset'") }
            if let kind = names["reset_is"] {
                let reset: ResetKind = try reader.choice(kind, key: "'rate_limit.reset_is'", noun: "reset kind")
                headers.resetIsEpoch = reset == .epoch
            }
            rateLimit = headers
        }
        if case .login(let login)? = auth, endpoint(login.endpoint) == nil, let node = fields["auth"] {
            throw ProfileError(
                .invalidValue, at: reader.location(node),
                "'auth.login.endpoint' names '\(login.endpoint)', which is not an endpoint of this profile")
        }
    }

    private static func errorCatalogue(_ node: Node, _ reader: ProfileYAMLReader) throws(ProfileError)
        -> ErrorCatalogue
    {
        var catalogue = ErrorCatalogue()
        for entry in try reader.entries(node, "'errors'") {
            let what = "error '\(entry.key)'"
            let code: Envelope.StatusValue
            switch entry.keyNode.tagName {
            case .int, .float:
                guard let number = JSONNumber(entry.key) else {
                    throw ProfileError(
                        .invalidValue, at: reader.location(entry.keyNode), "\(what) is not a JSON number")
                }
                code = .number(number)
            case .bool: code = .bool(entry.keyNode.boolValue ?? false)
            default: code = .string(entry.key)
            }
            let fields = try reader.fields(entry.value, what, allowed: ["name", "message", "action"])
            let nameNode = try fields.required("name")
            let name = try reader.string(nameNode, "'name' of \(what)")
            guard Template.isName(name) else {
                throw ProfileError(
                    .invalidValue, at: reader.textLocation(nameNode),
                    "invalid error name '\(name)': use letters, digits, '_' and '-'")
            }
            if catalogue.code(named: name) != nil {
                throw ProfileError(
                    .invalidValue, at: reader.textLocation(nameNode), "the error name '\(name)' is used twice")
            }
            var action = ErrorCatalogue.Action.fail
            if let actionNode = fields["action"] {
                action = try reader.choice(actionNode, key: "'action' of \(what)", noun: "action", for: what)
            }
            catalogue.codes.append(
                ErrorCatalogue.NamedCode(
                    code: code, name: name,
                    message: try fields["message"].map { node throws(ProfileError) in
                        try reader.string(node, "'message' of \(what)")
                    }, action: action))
        }
        return catalogue
    }

    /// A retry policy: `false` turns it off, `true` gives the defaults.
    static func retryPolicy(_ node: Node, _ reader: ProfileYAMLReader, of owner: String? = nil) throws(ProfileError)
        -> BehaviourOverride<RetryPolicy>
    {
        let suffix = owner.map { " of \($0)" } ?? ""
        let what = "'retry'" + suffix
        func label(_ key: String) -> String { "'retry.\(key)'" + suffix }
        if node.tagName == .bool { return try reader.bool(node, what) ? .set(RetryPolicy()) : .off }
        let fields = try reader.fields(
            node, what, allowed: ["attempts", "on", "backoff", "max_delay", "retry_after"])
        var policy = RetryPolicy()
        if let attempts = fields["attempts"] {
            policy.attempts = try reader.int(attempts, label("attempts"))
            guard InputRanges.retryAttempts.contains(policy.attempts) else {
                throw ProfileError(
                    .invalidValue, at: reader.location(attempts),
                    "\(label("attempts")) must be in \(InputRanges.retryAttempts.lowerBound)..."
                        + "\(InputRanges.retryAttempts.upperBound)")
            }
        }
        if let on = fields["on"] {
            guard let sequence = on.sequence else {
                throw reader.wrongType(on, expected: "a list of statuses and 'transport'", for: label("on"))
            }
            policy.statuses = []
            policy.transport = false
            for element in sequence {
                if element.tagName == .int, let status = element.int, (100...599).contains(status) {
                    policy.statuses.insert(status)
                } else if element.scalar?.string == "transport" {
                    policy.transport = true
                } else {
                    throw reader.wrongType(
                        element, expected: "an HTTP status (100-599) or 'transport'", for: label("on"))
                }
            }
        }
        if let backoff = fields["backoff"] {
            policy.backoff = try reader.duration(backoff, label("backoff"), in: InputRanges.retryDelayMilliseconds)
        }
        if let maximum = fields["max_delay"] {
            policy.maximumDelay = try reader.duration(
                maximum, label("max_delay"), in: InputRanges.retryDelayMilliseconds)
        }
        if let node = fields["retry_after"] {
            policy.respectsRetryAfter = try reader.bool(node, label("retry_after"))
        }
        return .set(policy)
    }

    /// A cache policy: `false` turns it off, `true` conditional requests.
    static func cachePolicy(_ node: Node, _ reader: ProfileYAMLReader, of owner: String? = nil) throws(ProfileError)
        -> BehaviourOverride<CachePolicy>
    {
        let what = "'cache'" + (owner.map { " of \($0)" } ?? "")
        if node.tagName == .bool { return try reader.bool(node, what) ? .set(CachePolicy(etag: true)) : .off }
        let fields = try reader.fields(node, what, allowed: ["etag"])
        let etag = try fields["etag"].map { node throws(ProfileError) in try reader.bool(node, "'cache.etag'") } ?? true
        return etag ? .set(CachePolicy(etag: true)) : .off
    }

    static func oauth2(_ node: Node, _ reader: ProfileYAMLReader) throws(ProfileError) -> OAuth2Spec {
        let fields = try reader.fields(
            node, "'auth.oauth2'",
            allowed: [
                "grant", "token_url", "authorize_url", "device_url", "client_id", "client_secret", "scope",
                "refresh_token", "redirect_port",
            ])
        let grant: OAuth2Spec.Grant = try reader.choice(
            try fields.required("grant"), key: "'auth.oauth2.grant'", noun: "grant")
        func template(_ key: String) throws(ProfileError) -> Template? {
            try fields[key].map { node throws(ProfileError) in try reader.template(node, "'auth.oauth2.\(key)'") }
        }
        let spec = OAuth2Spec(
            grant: grant, tokenURL: try reader.template(try fields.required("token_url"), "'auth.oauth2.token_url'"),
            authorizeURL: try template("authorize_url"), deviceURL: try template("device_url"),
            clientID: try reader.template(try fields.required("client_id"), "'auth.oauth2.client_id'"),
            clientSecret: try template("client_secret"), scope: try template("scope"),
            refreshToken: try template("refresh_token"),
            redirectPort: try fields["redirect_port"].map { node throws(ProfileError) in
                try reader.int(node, "'auth.oauth2.redirect_port'")
            } ?? 0)
        let needed: (key: String, present: Bool)? =
            switch grant {
            case .authorizationCode: ("authorize_url", spec.authorizeURL != nil)
            case .deviceCode: ("device_url", spec.deviceURL != nil)
            case .refreshToken: ("refresh_token", spec.refreshToken != nil)
            case .clientCredentials: nil
            }
        if let needed, !needed.present {
            throw ProfileError(
                .invalidValue, at: reader.location(node),
                "'auth.oauth2' with grant \(grant.rawValue) needs '\(needed.key)'")
        }
        guard (0...65535).contains(spec.redirectPort) else {
            throw ProfileError(.invalidValue, at: reader.location(node), "'auth.oauth2.redirect_port' must be 0-65535")
        }
        return spec
    }

    static func login(_ node: Node, _ reader: ProfileYAMLReader) throws(ProfileError) -> LoginSpec {
        let fields = try reader.fields(node, "'auth.login'", allowed: ["endpoint", "token", "header", "prefix"])
        return LoginSpec(
            endpoint: try reader.string(try fields.required("endpoint"), "'auth.login.endpoint'"),
            token: try reader.path(try fields.required("token"), "'auth.login.token'"),
            header: try fields["header"].map { node throws(ProfileError) in
                try reader.string(node, "'auth.login.header'")
            } ?? "Authorization",
            prefix: try fields["prefix"].map { node throws(ProfileError) in
                try reader.string(node, "'auth.login.prefix'")
            } ?? "Bearer ")
    }
}

/// How `rate_limit.reset_is` reads the reset header.
private enum ResetKind: String, CaseIterable {
    /// A Unix time, as GitHub sends it.
    case epoch
    /// Seconds from now, as the IETF draft's `RateLimit-Reset`.
    case seconds
}

extension ProfileYAMLReader {
    /// One of a fixed set of words, such as a grant or an action; any other is an error at the
    /// word listing them (`unknown grant 'implicit'; expected one of client_credentials, …`).
    ///
    /// - Parameters:
    ///   - node: The word.
    ///   - key: The key, named when the node is not a string.
    ///   - noun: What the word is, named when it is not one of the set.
    ///   - owner: What the word belongs to (`error '40013'`), if the noun needs it.
    func choice<Value: RawRepresentable & CaseIterable>(
        _ node: Node, key: String, noun: String, for owner: String? = nil
    ) throws(ProfileError) -> Value where Value.RawValue == String {
        let text = try string(node, key)
        guard let value = Value(rawValue: text) else {
            let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw ProfileError(
                .invalidValue, at: textLocation(node),
                "unknown \(noun) '\(text)'\(owner.map { " for \($0)" } ?? ""); expected one of \(names)")
        }
        return value
    }
}
