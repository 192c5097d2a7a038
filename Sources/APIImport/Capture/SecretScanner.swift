import APIClient
import Foundation

/// Recognises credentials in headers, query items and `-u`, and replaces each with an
/// `${env:NAME}` placeholder, so no literal secret reaches a draft.
struct SecretScanner {
    /// A recognised credential: as profile auth, and as the header or query item that carries it
    /// when the profile's auth is already something else.
    struct Secret {
        var auth: AuthDraft?
        var header: DraftHeader?
        var query: DraftHeader?
    }

    /// The variables' prefix (`STRIPE`), from the profile name or the host.
    let prefix: String
    /// The environment variables the placeholders read, in first-use order.
    private(set) var variables: [String] = []

    init(prefix: String) {
        self.prefix = TemplateText.environmentName(prefix).isEmpty ? "API" : TemplateText.environmentName(prefix)
    }

    /// The redaction mask apiexplore writes in history and exports.
    static let mask = "••••"

    /// Whether a header carries a credential: `Authorization`, `Cookie`, or a secret name (`SecretNames`).
    static func isSecretHeader(_ name: String) -> Bool {
        ["authorization", "proxy-authorization", "cookie"].contains(name.lowercased()) || SecretNames.isSecret(name)
    }

    /// Whether a query item carries a credential, by its name (`SecretNames`).
    static func isSecretQuery(_ name: String) -> Bool { SecretNames.isSecret(name) }

    /// `${env:NAME}` for a value: the shell variable it names (`$OPENAI_API_KEY`), else `PREFIX_SUFFIX`.
    mutating func placeholder(for value: String, suffix: String) -> String {
        "${env:\(variable(for: value, suffix: suffix))}"
    }

    /// The variable a placeholder for `value` reads (see ``placeholder(for:suffix:)``), registered.
    mutating func variable(for value: String, suffix: String) -> String {
        var name = TemplateText.variableName(value.trimmingCharacters(in: .whitespaces)) ?? ""
        if name.isEmpty {
            let suffix = TemplateText.environmentName(suffix).isEmpty ? "SECRET" : TemplateText.environmentName(suffix)
            name = suffix.hasPrefix(prefix + "_") || suffix == prefix ? suffix : prefix + "_" + suffix
        }
        if !variables.contains(name) { variables.append(name) }
        return name
    }

    /// A placeholder for a secret found in a path or body, its variable also added to `used`.
    mutating func hide(_ value: String, suffix: String, into used: inout [String]) -> String {
        let name = variable(for: value, suffix: suffix)
        if !used.contains(name) { used.append(name) }
        return "${env:\(name)}"
    }

    /// Records a variable a template reads (`$VAR` in a plain header).
    mutating func register(_ name: String) {
        if !variables.contains(name) { variables.append(name) }
    }

    /// Classifies a secret header (see ``isSecretHeader(_:)``).
    mutating func secret(header: DraftHeader) -> Secret {
        let lower = header.name.lowercased()
        if lower == "cookie" {
            return Secret(
                header: DraftHeader(name: header.name, value: placeholder(for: header.value, suffix: "COOKIE")))
        }
        guard lower == "authorization" || lower == "proxy-authorization" else {
            let value = placeholder(for: header.value, suffix: header.name.strippingX)
            return Secret(
                auth: .header(name: header.name, value: value), header: DraftHeader(name: header.name, value: value))
        }
        let parts = header.value.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            let value = placeholder(for: header.value, suffix: "API_KEY")
            return Secret(
                auth: .header(name: header.name, value: value), header: DraftHeader(name: header.name, value: value))
        }
        switch parts[0].lowercased() {
        case "bearer":
            let token = placeholder(for: parts[1], suffix: "TOKEN")
            return Secret(auth: .bearer(token: token), header: DraftHeader(name: header.name, value: "Bearer " + token))
        case "basic":
            let decoded = Data(base64Encoded: parts[1]).flatMap { String(data: $0, encoding: .utf8) }
            return Secret(auth: basic(decoded ?? ":"))
        default:
            // The scheme is literal text in a template: a `$` in it is doubled.
            let value = parts[0].replacing("$", with: "$$") + " " + placeholder(for: parts[1], suffix: "TOKEN")
            return Secret(
                auth: .header(name: header.name, value: value), header: DraftHeader(name: header.name, value: value))
        }
    }

    /// A header whose value looks like a token (`SecretValues`) though its name is not secret.
    mutating func secret(valueOf header: DraftHeader) -> Secret {
        Secret(
            header: DraftHeader(
                name: header.name, value: placeholder(for: header.value, suffix: header.name.strippingX)))
    }

    /// A query item whose value looks like a secret though its name is not one: sent by the endpoint.
    mutating func secret(queryValueOf name: String, value: String) -> Secret {
        Secret(query: DraftHeader(name: name, value: placeholder(for: value, suffix: name)))
    }

    /// A secret query item as query auth.
    mutating func secret(queryName name: String, value: String) -> Secret {
        let template = placeholder(for: value, suffix: name)
        return Secret(auth: .query(name: name, value: template), query: DraftHeader(name: name, value: template))
    }

    /// `user:password` as basic auth; a lone user with an empty password is an API key (Stripe's `-u sk_…:`).
    mutating func basic(_ credentials: String) -> AuthDraft {
        let colon = credentials.firstIndex(of: ":")
        let user = String(credentials[..<(colon ?? credentials.endIndex)])
        let password = colon.map { String(credentials[credentials.index(after: $0)...]) }
        if password == "" {
            return .basic(username: placeholder(for: user, suffix: "API_KEY"), password: "")
        }
        return .basic(
            username: placeholder(for: user, suffix: "USERNAME"),
            password: placeholder(for: password ?? "", suffix: "PASSWORD"))
    }
}

extension String {
    /// `X-API-Key` → `API-Key`: the conventional `X-` says nothing about the value.
    fileprivate var strippingX: String { lowercased().hasPrefix("x-") ? String(dropFirst(2)) : self }
}
