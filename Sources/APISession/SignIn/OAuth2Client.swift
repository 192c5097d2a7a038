import APIClient
import APIHTTP
import Foundation

/// The token endpoint conversations of RFC 6749 and RFC 8628, over the session's transport.
///
/// Requests are forms (`application/x-www-form-urlencoded`) asking for JSON; the client
/// authenticates with HTTP Basic when it has a secret (RFC 6749 §2.3.1), else by `client_id` in
/// the form. Errors carry the server's `error` and `error_description`, never a secret.
struct OAuth2Client: Sendable {
    let oauth: ResolvedOAuth2
    let transport: any Transport
    let redaction: Redaction

    private struct TokenResponse: Decodable {
        var access_token: String?
        var refresh_token: String?
        var expires_in: Seconds?
        var error: String?
        var error_description: String?
    }

    private struct DeviceResponse: Decodable {
        var device_code: String
        var user_code: String
        var verification_uri: String?
        var verification_url: String?
        var verification_uri_complete: String?
        var expires_in: Seconds?
        var interval: Seconds?
    }

    /// A number of seconds, as a JSON number or, as some servers send it, a numeric string.
    struct Seconds: Decodable {
        let value: Double

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            do {
                value = try container.decode(Double.self)
            } catch {
                // Not a number: the string form, or the error says what it was.
                guard let number = Double(try container.decode(String.self)) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number of seconds")
                }
                value = number
            }
            guard value.isFinite else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a finite number")
            }
        }
    }

    /// What the device flow asks the user to do, and how to ask the token endpoint afterwards.
    struct DeviceGrant: Sendable {
        var deviceCode: String
        var userCode: String
        var verificationURL: String
        var interval: Duration
        var deadline: ContinuousClock.Instant
    }

    enum Answer {
        case tokens(TokenSet)
        /// RFC 8628 §3.5: `authorization_pending` (keep polling) or `slow_down` (wait longer).
        case pending(slowDown: Bool)
        /// RFC 6749 §5.2: the server's error code, and the failure to report.
        case refused(code: String, failure: TransportError)
    }

    func clientCredentials() async throws(TransportError) -> TokenSet {
        var form = [("grant_type", "client_credentials")]
        if let scope = oauth.scope { form.append(("scope", scope)) }
        return try await tokens(form)
    }

    /// New tokens for a refresh token, or the refusal of the refresh token itself (`invalid_grant`:
    /// expired or revoked), after which signing in again is the way on. Any other failure (the
    /// server down, a bad client secret) is thrown: signing in again would not help.
    func refresh(_ refreshToken: String) async throws(TransportError) -> Result<TokenSet, TransportError> {
        switch try await answer([("grant_type", "refresh_token"), ("refresh_token", refreshToken)]) {
        case .tokens(var tokens):
            // RFC 6749 §6: a server may keep the old refresh token in use.
            if tokens.refreshToken == nil { tokens.refreshToken = refreshToken }
            return .success(tokens)
        case .refused(let code, let failure) where code == "invalid_grant":
            return .failure(failure)
        case .refused(_, let failure):
            throw failure
        case .pending:
            throw failure("the token endpoint answered authorization_pending to a refresh")
        }
    }

    func exchange(code: String, verifier: String, redirectURI: String) async throws(TransportError) -> TokenSet {
        try await tokens([
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
            ("code_verifier", verifier),
        ])
    }

    func startDevice() async throws(TransportError) -> DeviceGrant {
        guard let url = oauth.deviceURL else { throw failure("no device_url") }
        var form = [("client_id", oauth.clientID)]
        if let scope = oauth.scope { form.append(("scope", scope)) }
        let response = try await post(url, form: form, authenticate: false)
        guard (200..<300).contains(response.status) else {
            throw failure("the device endpoint answered \(response.status) \(errorText(response.body))")
        }
        let device: DeviceResponse
        do {
            device = try JSONDecoder().decode(DeviceResponse.self, from: Data(response.body))
        } catch {
            throw failure("the device endpoint's answer is not a device grant (\(error))")
        }
        guard let verification = device.verification_uri_complete ?? device.verification_uri ?? device.verification_url
        else { throw failure("the device endpoint gave no verification URI") }
        let lifetime = min(max(device.expires_in?.value ?? 900, 1), 3600)
        return DeviceGrant(
            deviceCode: device.device_code, userCode: device.user_code, verificationURL: verification,
            // RFC 8628 §3.2: 5 s when unsaid; never faster than once a second, whatever a server asks.
            interval: .milliseconds(Int64(min(max(device.interval?.value ?? 5, 1), 60) * 1000)),
            deadline: .now + .seconds(lifetime))
    }

    func pollDevice(_ grant: DeviceGrant) async throws(TransportError) -> Answer {
        try await answer([
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", grant.deviceCode),
        ])
    }

    private func tokens(_ form: [(String, String)]) async throws(TransportError) -> TokenSet {
        switch try await answer(form) {
        case .tokens(let tokens): return tokens
        case .refused(_, let failure): throw failure
        case .pending: throw failure("the token endpoint answered authorization_pending outside the device flow")
        }
    }

    private func answer(_ form: [(String, String)]) async throws(TransportError) -> Answer {
        let response = try await post(oauth.tokenURL, form: form, authenticate: true)
        let decoded: TokenResponse
        do {
            decoded = try JSONDecoder().decode(TokenResponse.self, from: Data(response.body))
        } catch {
            throw failure("the token endpoint answered \(response.status) without a JSON token (\(error))")
        }
        if let error = decoded.error {
            if error == "authorization_pending" || error == "slow_down" {
                return .pending(slowDown: error == "slow_down")
            }
            return .refused(
                code: error,
                failure: failure(
                    "the token endpoint refused: \(error)\(decoded.error_description.map { " (\($0))" } ?? "")"))
        }
        guard (200..<300).contains(response.status), let access = decoded.access_token, !access.isEmpty else {
            throw failure("the token endpoint answered \(response.status) without an access_token")
        }
        let lifetime = decoded.expires_in.map { min(max($0.value, 0), 31_536_000) }
        return .tokens(
            TokenSet(
                accessToken: access, refreshToken: decoded.refresh_token,
                expiresAt: lifetime.map { Date().addingTimeInterval($0) }))
    }

    private func post(_ url: String, form: [(String, String)], authenticate: Bool) async throws(TransportError)
        -> HTTPResponseRecord
    {
        var fields = form
        var headers = [
            (name: "Content-Type", value: "application/x-www-form-urlencoded"),
            (name: "Accept", value: "application/json"),
        ]
        if authenticate, let secret = oauth.clientSecret {
            let credentials = Data("\(Self.encode(oauth.clientID)):\(Self.encode(secret))".utf8).base64EncodedString()
            headers.append((name: "Authorization", value: "Basic \(credentials)"))
        } else if authenticate {
            fields.append(("client_id", oauth.clientID))
        }
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        var request = HTTPRequestSpec(method: "POST", url: url, headers: headers, body: Array(body.utf8))
        request.redactedHeaderNames.insert("authorization")
        do {
            return try await transport.send(request, progress: nil)
        } catch {
            var error = error
            error.message = redaction.redact(text: error.message)
            throw error
        }
    }

    private func errorText(_ body: [UInt8]) -> String {
        redaction.redact(text: String(decoding: body.prefix(200), as: UTF8.self))
    }

    /// A sign-in failure; the message is masked too, since servers quote what they refused
    /// (`"invalid refresh token rt-…"`).
    private func failure(_ message: String) -> TransportError {
        TransportError(
            kind: .signIn, request: "POST \(redaction.redact(url: oauth.tokenURL))",
            message: redaction.redact(text: message))
    }

    /// Form encoding (RFC 6749 Appendix B): unreserved characters stay, everything else is `%XX`.
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
