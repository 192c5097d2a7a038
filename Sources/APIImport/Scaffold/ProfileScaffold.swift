import APIClient

/// A commented starting profile for `profiles new`, so nobody starts from an empty file: the base
/// URL, one way to authenticate, an envelope preset for a family we ship, an example endpoint,
/// and the rest of the format as comments to uncomment.
///
/// ```swift
/// let text = ProfileScaffold(name: "shop", baseURL: "https://api.shop.example/v1",
///                            envelope: .codeMsgData, auth: .bearer).yaml()
/// ```
package struct ProfileScaffold: Sendable {
    /// The envelope families a scaffold can start from.
    package enum EnvelopePreset: String, CaseIterable, Sendable {
        /// `{"code": 0, "msg": "ok", "data": {…}}`.
        case codeMsgData = "code-msg-data"
        /// `{"success": true, "message": "…", "result": {…}}`.
        case successMessageResult = "success-message-result"
        /// Slack's `{"ok": false, "error": "invalid_auth"}`.
        case okError = "ok-error"
        /// JSend's `{"status": "success"|"fail"|"error", "data": …, "message": …}`.
        case jsend
        /// Bare JSON: the HTTP status decides, errors carry `{"message": …}` (GitHub).
        case bare
    }

    /// The ways a scaffold can authenticate.
    package enum AuthChoice: String, CaseIterable, Sendable {
        /// No `auth:` (a commented example).
        case none
        /// `Authorization: Bearer ${env:NAME_TOKEN}`.
        case bearer
        /// HTTP basic from two environment variables.
        case basic
        /// An `X-API-Key` header.
        case header
        /// An `api_key` query item.
        case query
        /// OAuth 2.0 client credentials.
        case oauth2
    }

    /// The profile's name.
    package var name: String
    /// Its base URL.
    package var baseURL: String
    /// The envelope family.
    package var envelope: EnvelopePreset
    /// How it authenticates.
    package var auth: AuthChoice

    /// Creates a scaffold.
    ///
    /// - Parameters:
    ///   - name: The profile's name.
    ///   - baseURL: Its base URL (literal: `$` is written as `$$`).
    ///   - envelope: The envelope family.
    ///   - auth: How it authenticates.
    package init(name: String, baseURL: String, envelope: EnvelopePreset, auth: AuthChoice) {
        self.name = name
        self.baseURL = baseURL
        self.envelope = envelope
        self.auth = auth
    }

    /// The environment variable the credential is read from: `SHOP_TOKEN` for `shop`.
    var variable: String {
        String(name.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The scaffold's text.
    package func yaml() -> String {
        var lines = [
            "# yaml-language-server: $schema=profile.schema.json",
            "# \(name): written by `apiexplore profiles new`. Check it with `apiexplore profiles validate`.",
            "name: \(name)",
            "description: \(YAMLScalars.quoted("What \(name) is for"))",
            "base_url: \(YAMLScalars.quoted(LiteralTemplate.escaped(baseURL)))",
            "# Environments replace base_url, vars and headers; pick one with --env or APIEXPLORE_ENV.",
            "# environments:",
            "#   staging: {base_url: \"https://staging.example.com\", default: true}",
            "#   prod: {base_url: \"https://api.example.com\"}      # shown in a warning colour",
            "# vars: {region: eu-1}                                # used as ${var:region}",
            "headers:",
            "  Accept: application/json",
        ]
        lines += authLines
        lines += envelopeLines
        lines += [
            "defaults:",
            "  expect: [success]",
            "# Business codes by name: shown in the Status pane, history and `expect error NAME`.",
            "# errors:",
            "#   40013: {name: token_expired, message: The session expired, action: reauth}",
            "# retry: {attempts: 3, on: [502, 503, 504, transport]}",
            "# cache: {etag: true}",
            "endpoints:",
            "  example:",
            "    description: \(YAMLScalars.quoted("An example endpoint: rename it and point it at a real path"))",
            "    path: \"/items/{id}\"",
            "    query: {verbose: \"${verbose}\"}",
            "    params:",
            "      id: {description: The item's id, default: \"1\"}",
            "      verbose: {enum: [\"true\", \"false\"], required: false}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private var authLines: [String] {
        let secrets =
            "# Secrets: ${env:NAME}, ${file:~/.config/\(name)/token} (mode 600), ${cmd:pass show \(name)}"
            + " or ${prompt:Token}."
        switch auth {
        case .none:
            return ["# auth: {bearer: {token: \"${env:\(variable)_TOKEN}\"}}", secrets]
        case .bearer:
            return [secrets, "auth:", "  bearer: {token: \"${env:\(variable)_TOKEN}\"}"]
        case .basic:
            return [
                secrets, "auth:",
                "  basic: {username: \"${env:\(variable)_USER}\", password: \"${env:\(variable)_PASSWORD}\"}",
            ]
        case .header:
            return [secrets, "auth:", "  header: {name: X-API-Key, value: \"${env:\(variable)_API_KEY}\"}"]
        case .query:
            return [secrets, "auth:", "  query: {name: api_key, value: \"${env:\(variable)_API_KEY}\"}"]
        case .oauth2:
            return [
                secrets, "auth:", "  oauth2:",
                "    grant: client_credentials        # or authorization_code, device_code, refresh_token",
                "    token_url: \"https://auth.example.com/oauth/token\"",
                "    client_id: \"${env:\(variable)_CLIENT_ID}\"",
                "    client_secret: \"${env:\(variable)_CLIENT_SECRET}\"",
            ]
        }
    }

    private var envelopeLines: [String] {
        switch envelope {
        case .codeMsgData:
            return [
                "# {\"code\": 0, \"msg\": \"ok\", \"data\": {…}}: business failures arrive with HTTP 200.",
                "envelope: {status: code, success: 0, tip: msg, model: data}",
            ]
        case .successMessageResult:
            return [
                "# {\"success\": true, \"message\": \"…\", \"result\": {…}}",
                "envelope: {status: success, success: true, tip: message, model: result}",
            ]
        case .okError:
            return [
                "# {\"ok\": false, \"error\": \"invalid_auth\"}, always HTTP 200 (Slack).",
                "envelope: {status: ok, success: true, tip: error, model: \"\"}",
            ]
        case .jsend:
            return [
                "# JSend: \"success\" with data, \"fail\" with data explaining why, \"error\" with a message.",
                "envelope: {status: status, success: \"success\", tip: [message, data>message], model: data}",
            ]
        case .bare:
            return [
                "# Bare JSON: the HTTP status decides; errors carry {\"message\": \"…\"}.",
                "envelope: {status: null, success: http, tip: message, model: \"\"}",
            ]
        }
    }
}
