import APIMapping
import Foundation

extension DraftBuilder {
    /// The profile's auth from the security requirements: the global ones first, else the scheme most
    /// operations use. Other alternatives and unsupported schemes become `authComments`.
    mutating func security(into draft: inout ProfileDraft) throws(ImportError) {
        var schemes: [String: Located] = [:]
        for (name, raw) in root.child("components")?.child("securitySchemes")?.members ?? [] {
            schemes[name] = try store.resolve(raw)
        }
        guard !schemes.isEmpty else { return }
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
        for name in schemes.keys.sorted() where !candidates.contains(name) { candidates.append(name) }
        for name in candidates {
            guard let scheme = schemes[name] else {
                warnings.append("security requirement names unknown scheme '\(name)'")
                continue
            }
            let (auth, note) = authDraft(name: name, scheme: scheme, profile: draft.name)
            if draft.auth == nil, let auth {
                draft.auth = auth
                if let note { draft.authComments.append(note) }
            } else if let auth {
                draft.authComments.append(
                    "alternative: \(name) (\(Self.kind(of: scheme)))" + (auth == draft.auth ? "" : ""))
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

    /// The draft auth for one scheme, or `nil` with a reason when apiexplore cannot do it.
    private func authDraft(name: String, scheme: Located, profile: String) -> (AuthDraft?, String?) {
        func env(_ suffix: String) -> String {
            "${env:\(Identifier.environmentVariable(profile: profile, suffix: suffix))}"
        }
        switch scheme.string("type") {
        case "http":
            switch scheme.string("scheme")?.lowercased() {
            case "bearer": return (.bearer(token: env("token")), nil)
            case "basic": return (.basic(username: env("username"), password: env("password")), nil)
            case let other: return (nil, "HTTP scheme '\(other ?? "")'")
            }
        case "apiKey":
            guard let keyName = scheme.string("name") else { return (nil, "apiKey without a name") }
            switch scheme.string("in") {
            case "header": return (.header(name: keyName, value: env("api_key")), nil)
            case "query": return (.query(name: keyName, value: env("api_key")), nil)
            default: return (nil, "API key in a cookie")
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
            if let flow = flows?.child("authorizationCode"), let token = flow.string("tokenUrl") {
                return (
                    .oauth2(
                        grant: "authorization_code", tokenURL: token, authorizeURL: flow.string("authorizationUrl"),
                        deviceURL: nil, scopes: scopes(flow)), "OAuth 2.0 authorization code; set the client id"
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
            let names = flows?.members.map(\.key).joined(separator: ", ") ?? ""
            return (nil, "OAuth 2.0 flows \(names) (implicit and password are not supported)")
        case "openIdConnect":
            return (nil, "OpenID Connect discovery at \(scheme.string("openIdConnectUrl") ?? "?")")
        case "mutualTLS":
            return (nil, "mutual TLS client certificate")
        case let other:
            return (nil, "scheme type '\(other ?? "")'")
        }
    }

    /// Comments on an endpoint whose own `security` differs from the profile's choice.
    func securityComments(operation: Located, global: Located?, into endpoint: inout EndpointDraft) {
        guard let security = operation.child("security") else { return }
        if security.elements.isEmpty {
            endpoint.comments.append("no authentication (security: [])")
            return
        }
        let own = Self.requirementNames(security)
        if own != Self.requirementNames(global) {
            endpoint.comments.append("security: " + own.joined(separator: " or "))
        }
    }
}
