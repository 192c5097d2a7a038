import APIHTTP
import APIMapping
import Foundation

extension DraftBuilder {
    /// The profile's auth from the security requirements: the global ones first, else the scheme most
    /// operations use. Other alternatives and unsupported schemes become `authComments`; operations
    /// whose own `security` differs get an auth of their own (``endpointAuth(operation:global:)``).
    mutating func security(into draft: inout ProfileDraft) throws(ImportError) {
        for (name, raw) in root.child("components")?.child("securitySchemes")?.members ?? [] {
            securitySchemes[name] = try store.resolve(raw)
        }
        guard !securitySchemes.isEmpty else { return }
        profileName = draft.name
        var candidates = Self.requirementNames(root.child("security"))
        if candidates.isEmpty {
            var counts: [String: Int] = [:]
            var order: [String] = []
            for (_, rawItem) in root.child("paths")?.members ?? [] {
                let item = try store.resolve(rawItem)
                for method in OperationWalker.methods {
                    guard let raw = item.child(method) else { continue }
                    for name in Self.requirementNames(try store.resolve(raw).child("security")) {
                        if counts[name] == nil { order.append(name) }
                        counts[name, default: 0] += 1
                    }
                }
            }
            candidates = order.sorted { counts[$0, default: 0] > counts[$1, default: 0] }
        }
        for name in securitySchemes.keys.sorted() where !candidates.contains(name) { candidates.append(name) }
        for name in candidates {
            guard let scheme = securitySchemes[name] else {
                warnings.append("security requirement names unknown scheme '\(name)'")
                continue
            }
            let (auth, note) = authDraft(name: name, scheme: scheme)
            if draft.auth == nil, let auth {
                draft.auth = auth
                profileScheme = name
                if let note { draft.authComments += note.split(separator: "\n").map(String.init) }
            } else if let auth {
                draft.authComments.append("alternative: \(name) (\(Self.kind(of: scheme)), \(auth.summary))")
            } else {
                draft.authComments.append(
                    "unsupported: \(name) (\(Self.kind(of: scheme)))" + (note.map { ": \($0)" } ?? ""))
            }
        }
    }

    /// Scheme names in a `security` array, in order (every scheme of every requirement).
    static func requirementNames(_ security: Located?) -> [String] {
        var names: [String] = []
        for requirement in security?.elements ?? [] {
            for (name, _) in requirement.members where !names.contains(name) { names.append(name) }
        }
        return names
    }

    private static func kind(of scheme: Located) -> String {
        let type = scheme.string("type") ?? "?"
        if type == "http" { return "http \(scheme.string("scheme")?.lowercased() ?? "?")" }
        if type == "apiKey" { return "apiKey in \(scheme.string("in") ?? "?") '\(scheme.string("name") ?? "")'" }
        return type
    }

    /// The `${env:…}` placeholder of a scheme's credential: `PROFILE_TOKEN`, `PROFILE_API_KEY`… for
    /// the profile's own scheme, `PROFILE_<SCHEME>` (and `…_USERNAME`, `…_PASSWORD`) for the others,
    /// so two schemes never share a variable.
    private func env(_ suffix: String, scheme name: String) -> String {
        let own = profileScheme == nil || profileScheme == name
        let full =
            own ? suffix : Identifier.snakeCase(name) + (["token", "api_key"].contains(suffix) ? "" : "_" + suffix)
        return "${env:\(Identifier.environmentVariable(profile: profileName, suffix: full))}"
    }

    /// The draft auth for one scheme, or `nil` with a reason when apiexplore cannot do it.
    ///
    /// OAuth 2.0 flows that need a browser (authorization code, implicit) or a user's password
    /// become the token itself, read from the environment as a bearer token, with the flow named in
    /// a comment: the API accepts the token however it was obtained.
    func authDraft(name: String, scheme: Located) -> (AuthDraft?, String?) {
        switch scheme.string("type") {
        case "http":
            switch scheme.string("scheme")?.lowercased() {
            case "bearer": return (.bearer(token: env("token", scheme: name)), nil)
            case "basic":
                return (.basic(username: env("username", scheme: name), password: env("password", scheme: name)), nil)
            case let other: return (nil, "HTTP scheme '\(other ?? "")'")
            }
        case "apiKey":
            guard let keyName = scheme.string("name") else { return (nil, "apiKey without a name") }
            let value = env("api_key", scheme: name)
            switch scheme.string("in") {
            case "header": return (.header(name: keyName, value: value), nil)
            case "query": return (.query(name: keyName, value: value), nil)
            case "cookie":
                return (.header(name: "Cookie", value: "\(keyName)=\(value)"), "API key in the \(keyName) cookie")
            default: return (nil, "API key in '\(scheme.string("in") ?? "")'")
            }
        case "oauth2":
            let flows = scheme.child("flows")
            func scopes(_ flow: Located) -> [String] { flow.child("scopes")?.members.map(\.key) ?? [] }
            if let flow = flows?.child("clientCredentials"), let token = flow.string("tokenUrl") {
                return (
                    .oauth2(
                        grant: "client_credentials", tokenURL: token, authorizeURL: nil, deviceURL: nil,
                        scopes: scopes(flow)),
                    "OAuth 2.0 client credentials; set the client id and secret"
                )
            }
            if let flow = flows?.child("x-deviceAuthorization") ?? flows?.child("deviceAuthorization"),
                let token = flow.string("tokenUrl")
            {
                return (
                    .oauth2(
                        grant: "device_code", tokenURL: token, authorizeURL: nil,
                        deviceURL: flow.string("deviceAuthorizationUrl"), scopes: scopes(flow)), nil
                )
            }
            let names = flows?.members.map(\.key) ?? []
            guard !names.isEmpty else { return (nil, "OAuth 2.0 without flows") }
            var note =
                "\(name): OAuth 2.0 \(names.joined(separator: ", ")) needs a browser sign-in or a user's "
                + "password; the token itself is read from the environment instead (an access token you already have)"
            if let flow = flows?.child("authorizationCode"), let token = flow.string("tokenUrl"),
                let authorize = flow.string("authorizationUrl")
            {
                note +=
                    "\nto sign in with apiexplore instead: auth: {oauth2: {grant: authorization_code, "
                    + "authorize_url: \"\(authorize)\", token_url: \"\(token)\", client_id: …}}"
            }
            return (.bearer(token: env("token", scheme: name)), note)
        case "openIdConnect":
            return (
                .bearer(token: env("token", scheme: name)),
                "\(name): OpenID Connect (\(scheme.string("openIdConnectUrl") ?? "?")) signs in in a browser; "
                    + "the token itself is read from the environment instead"
            )
        case "mutualTLS":
            return (nil, "mutual TLS client certificate")
        case let other:
            return (nil, "scheme type '\(other ?? "")'")
        }
    }

    /// An operation's own authentication when its effective `security` (its own, else the global)
    /// is not met by the profile's: `none` for `security: []` (or an empty requirement, which makes
    /// authentication optional), else the first alternative apiexplore can send. A requirement of
    /// several schemes at once gets the first as auth and the others as headers or query items.
    mutating func endpointAuth(operation: Located, global: Located?, into endpoint: inout EndpointDraft) {
        guard !securitySchemes.isEmpty || operation.child("security") != nil else { return }
        let security = operation.child("security") ?? global
        guard let security else { return }
        let requirements = security.elements.map { $0.members.map(\.key) }
        if requirements.isEmpty || requirements.contains(where: \.isEmpty) {
            guard requirements.isEmpty, profileScheme != nil else { return }
            endpoint.auth = EndpointAuthDraft.none
            endpoint.comments.append("no authentication (security: [])")
            return
        }
        if let profileScheme, requirements.contains([profileScheme]) { return }
        for requirement in requirements {
            var drafts: [AuthDraft] = []
            for name in requirement {
                // Sign-in (OAuth 2.0 grants) is the profile's alone; an endpoint sends a static credential.
                guard let scheme = securitySchemes[name], let auth = authDraft(name: name, scheme: scheme).0,
                    auth.missingField == nil, !auth.isSignIn
                else {
                    drafts = []
                    break
                }
                drafts.append(auth)
            }
            guard let first = drafts.first else { continue }
            endpoint.auth = .own(first)
            for extra in drafts.dropFirst() {
                switch extra {
                case .header(let name, let value): endpoint.headers.append(DraftHeader(name: name, value: value))
                case .query(let name, let value): endpoint.query.append(DraftHeader(name: name, value: value))
                case .bearer(let token):
                    endpoint.headers.append(DraftHeader(name: "Authorization", value: "Bearer " + token))
                default:
                    endpoint.comments.append("also needs \(extra.summary), which apiexplore sends one of at a time")
                }
            }
            endpoint.comments.append("security: " + requirement.joined(separator: " and "))
            return
        }
        endpoint.comments.append(
            "security: " + requirements.map { $0.joined(separator: " and ") }.joined(separator: " or ")
                + " (not supported: the profile's auth is sent)")
    }
}

extension AuthDraft {
    /// Whether the auth signs in (an OAuth 2.0 grant) rather than sending a static credential.
    var isSignIn: Bool {
        if case .oauth2 = self { return true }
        return false
    }
}
