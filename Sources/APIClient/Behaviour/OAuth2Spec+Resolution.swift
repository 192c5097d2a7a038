import APIHTTP

/// An OAuth 2.0 configuration with its templates filled in, ready for the token endpoint.
///
/// Its description masks the client secret and refresh token:
///
/// ```swift
/// print(oauth)  // oauth2 client_credentials via https://auth.example.com/token, client cli, secret ••••
/// ```
public struct ResolvedOAuth2: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The grant.
    public var grant: OAuth2Spec.Grant
    /// The token endpoint.
    public var tokenURL: String
    /// The authorization endpoint, for `authorization_code`.
    public var authorizeURL: String?
    /// The device authorization endpoint, for `device_code`.
    public var deviceURL: String?
    /// The client id.
    public var clientID: String
    /// The client secret, if any.
    public var clientSecret: String?
    /// The scopes, space-separated.
    public var scope: String?
    /// The refresh token the profile starts from, if any.
    public var refreshToken: String?
    /// The loopback port for the redirect; 0 picks one.
    public var redirectPort: Int

    /// The values every `${env:…}` placeholder and secret source of the block resolved to.
    public var environmentValues: [String] = []

    /// The values that must never be shown: the client secret, the starting refresh token, and
    /// whatever came from the environment.
    public var secrets: [String] { [clientSecret, refreshToken].compactMap { $0 } + environmentValues }

    public var description: String {
        "oauth2 \(grant.rawValue) via \(tokenURL), client \(clientID)"
            + (clientSecret == nil ? "" : ", secret \(Redaction.mask)")
            + (refreshToken == nil ? "" : ", refresh token \(Redaction.mask)")
    }

    public var debugDescription: String { description }
}

extension OAuth2Spec {
    /// Fills in the templates: `${env:…}` from `environment`, `${demo:base_url}` from the demo backend.
    ///
    /// ```swift
    /// let oauth = try spec.resolve(profileName: "demo", environment: env, demoBaseURL: demo)
    /// oauth.tokenURL  // "http://127.0.0.1:49152/oauth/token"
    /// ```
    ///
    /// - Parameters:
    ///   - profileName: The profile, named in a missing-variable error.
    ///   - environment: Environment variables.
    ///   - demoBaseURL: The demo backend's URL, when it runs.
    ///   - variables: The profile's variables (``Profile/variables``), for `${var:NAME}`.
    ///   - secrets: The values of the secret sources the block reads.
    /// - Throws: ``ProfileError`` for a missing environment variable, at the template's location.
    public func resolve(
        profileName: String, environment: [String: String], demoBaseURL: String?,
        variables: [ProfileVariable] = [], secrets: [SecretSource: String] = [:]
    ) throws(ProfileError) -> ResolvedOAuth2 {
        var context = TemplateContext(
            parameters: [:], environment: environment, demoBaseURL: demoBaseURL, profileName: profileName,
            endpointID: nil)
        for variable in variables { context.variables[variable.name] = variable.value }
        context.secrets = secrets
        func resolve(_ template: Template?, _ key: String) throws(ProfileError) -> String? {
            guard let template else { return nil }
            return try context.resolve(template, for: "'auth.oauth2.\(key)'")
        }
        let templates = [tokenURL, authorizeURL, deviceURL, clientID, clientSecret, scope, refreshToken]
        var resolved = ResolvedOAuth2(
            grant: grant, tokenURL: try context.resolve(tokenURL, for: "'auth.oauth2.token_url'"),
            authorizeURL: try resolve(authorizeURL, "authorize_url"), deviceURL: try resolve(deviceURL, "device_url"),
            clientID: try context.resolve(clientID, for: "'auth.oauth2.client_id'"),
            clientSecret: try resolve(clientSecret, "client_secret"), scope: try resolve(scope, "scope"),
            refreshToken: try resolve(refreshToken, "refresh_token"), redirectPort: redirectPort)
        var read = templates.compactMap { $0 }
        for name in Set(read.flatMap(\.variableNames)) {
            if let variable = context.variables[name] { read.append(variable) }
        }
        resolved.environmentValues =
            read.flatMap(\.environmentNames).compactMap { context.environmentValue($0) }
            + read.flatMap(\.secretSources).compactMap { secrets[$0] }
        return resolved
    }
}
