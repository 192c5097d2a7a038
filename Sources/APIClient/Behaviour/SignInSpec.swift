public import APIMapping

/// OAuth 2.0 for a profile: `auth: {oauth2: {…}}`.
///
/// Tokens are obtained when the first request needs one, cached per profile in a 0600 file,
/// refreshed shortly before they expire and after a `401`, and sent as `Authorization: Bearer`.
///
/// ```yaml
/// auth:
///   oauth2:
///     grant: client_credentials        # refresh_token, authorization_code (PKCE), device_code
///     token_url: https://auth.example.com/oauth/token
///     client_id: cli
///     client_secret: "${env:CLIENT_SECRET}"
///     scope: read write
/// ```
public struct OAuth2Spec: Hashable, Sendable {
    /// How a first token is obtained.
    public enum Grant: String, Hashable, Sendable, CaseIterable {
        /// RFC 6749 §4.4: the client's own credentials.
        case clientCredentials = "client_credentials"
        /// RFC 6749 §6: a refresh token the user already has (``OAuth2Spec/refreshToken``).
        case refreshToken = "refresh_token"
        /// RFC 6749 §4.1 with PKCE (RFC 7636): a browser signs in and redirects to a loopback port.
        case authorizationCode = "authorization_code"
        /// RFC 8628: the user types a code on another device (GitHub's device flow).
        case deviceCode = "device_code"
    }

    /// The grant.
    public var grant: Grant
    /// The token endpoint.
    public var tokenURL: Template
    /// The authorization endpoint, for `authorization_code`.
    public var authorizeURL: Template?
    /// The device authorization endpoint, for `device_code`.
    public var deviceURL: Template?
    /// The client id.
    public var clientID: Template
    /// The client secret, if the client has one.
    public var clientSecret: Template?
    /// The scopes, space-separated.
    public var scope: Template?
    /// A refresh token to start from, for `refresh_token`.
    public var refreshToken: Template?
    /// The loopback port the redirect comes back to; 0 picks a free one.
    public var redirectPort: Int
}

/// A session-token login: `auth: {login: {…}}`, how most envelope APIs sign in.
///
/// The `endpoint` is called (without auth) when the first request needs a token and again when a
/// catalogued code's action is `reauth`; the token is read from its model at `token` and sent in
/// `header` with `prefix`. The token is a secret: masked in history, logs and output.
///
/// ```yaml
/// auth: {login: {endpoint: login, token: data>token, header: Authorization, prefix: "Bearer "}}
/// ```
public struct LoginSpec: Hashable, Sendable {
    /// The endpoint that signs in.
    public var endpoint: String
    /// Where the token is in the login answer's body (a profile path from the body's root).
    public var token: ProfilePath
    /// The header the token is sent in.
    public var header: String
    /// What goes before the token in the header.
    public var prefix: String
}
