public import APIClient
public import APIMapping

/// A profile as a `.http` file (JetBrains HTTP Client and VS Code REST Client alike) with its
/// `http-client.env.json`, and an `http-client.private.env.json` naming every secret with an
/// empty value for the user to fill in: secrets are variables, never values.
///
/// ```http
/// # apiexplore-envelope: {"status":"code","success":[0],"tip":"msg","model":"data"}
///
/// ### user
/// # @name user
/// GET {{baseUrl}}/users/{{id}}
/// Authorization: Bearer {{SHOP_TOKEN}}
/// ```
///
/// Query values that are exactly a parameter with a default are written as that default; other
/// parameters stay `{{name}}` for the caller to give.
public enum HTTPFileExport {
    /// The three files.
    public struct Result: Sendable {
        /// The `.http` text.
        public var requests: String
        /// `http-client.env.json`: each environment's `baseUrl` and variables.
        public var environments: JSONValue
        /// `http-client.private.env.json`: every secret with an empty value.
        public var privateEnvironments: JSONValue
        /// The secret variables.
        public var secrets: [String]
    }

    /// Exports a profile.
    public static func export(_ profile: Profile) -> Result {
        var text = ExportText()
        var lines = ["# Exported by apiexplore from the profile '\(profile.name)'."]
        if !profile.description.isEmpty { lines.append("# " + profile.description) }
        if let envelope = ExportSupport.envelopeJSON(profile.envelope) {
            lines.append("# " + ExportSupport.envelopePrefix + envelope.jsonText())
        }
        let authHeader = self.authHeader(profile, text: &text)
        for endpoint in profile.endpoints {
            lines.append("")
            lines.append("### \(endpoint.id)")
            lines.append("# @name \(endpoint.id)")
            if let description = endpoint.description {
                lines.append("# " + description.split(whereSeparator: \.isNewline).joined(separator: " "))
            }
            let path = text.render(endpoint.path.text, inPath: true)
            var query: [String] = []
            for item in endpoint.query {
                query.append(item.name + "=" + ExportSupport.queryValue(item.value, endpoint: endpoint, text: &text))
            }
            if case .query(let name, let value)? = profile.auth { query.append(name + "=" + text.render(value.text)) }
            let url =
                (path.contains("://") ? "" : "{{baseUrl}}") + path
                + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            lines.append("\(endpoint.method) \(url)")
            for header in ExportSupport.headers(profile, endpoint) {
                lines.append("\(header.name): \(text.render(header.value.text))")
            }
            if let authHeader { lines.append("\(authHeader.0): \(authHeader.1)") }
            if let body = endpoint.body {
                if !ExportSupport.headers(profile, endpoint).contains(where: { $0.name.lowercased() == "content-type" })
                {
                    lines.append("Content-Type: application/json")
                }
                lines.append("")
                lines.append(ExportSupport.body(body, text: &text).jsonText(style: .pretty))
            } else if let bodyText = endpoint.bodyText {
                lines.append("")
                lines.append(text.render(bodyText.text))
            }
        }
        let shared = profile.sharedBaseURL ?? profile.baseURL
        let environments: [(String, Template, [ProfileVariable])] =
            profile.environments.isEmpty
            ? [(profile.name, shared, profile.sharedVariables)]
            : profile.environments.map { ($0.name, $0.baseURL ?? shared, $0.variables) }
        var publicFile = JSONObject()
        for (name, baseURL, variables) in environments {
            var values = JSONObject()
            values.append(key: "baseUrl", value: .string(text.render(baseURL.text)))
            for variable in variables {
                let rendered = text.render(variable.value.text)
                values.append(key: variable.name, value: .string(ExportText.literal(variable.value.text) ?? rendered))
            }
            publicFile.append(key: name, value: .object(values))
        }
        var privateFile = JSONObject()
        for (name, _, _) in environments {
            var values = JSONObject()
            for secret in text.secrets { values.append(key: secret, value: "") }
            privateFile.append(key: name, value: .object(values))
        }
        return Result(
            requests: lines.joined(separator: "\n") + "\n", environments: .object(publicFile),
            privateEnvironments: .object(privateFile), secrets: text.secrets)
    }

    /// The profile's auth as a header every request sends.
    private static func authHeader(_ profile: Profile, text: inout ExportText) -> (String, String)? {
        switch profile.auth {
        case nil, .query?: return nil
        case .bearer(let token, _)?: return ("Authorization", "Bearer " + text.render(token.text))
        case .basic(let username, let password)?:
            return ("Authorization", "Basic \(text.render(username.text)) \(text.render(password.text))")
        case .header(let name, let value)?: return (name, text.render(value.text))
        case .oauth2?: return ("Authorization", "Bearer " + text.render("${env:OAUTH_ACCESS_TOKEN}"))
        case .login(let spec)?: return (spec.header, spec.prefix + text.render("${env:LOGIN_TOKEN}"))
        }
    }
}
