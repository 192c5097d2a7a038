/// One endpoint draft made from a captured request, with the auth it used and the environment
/// variables its placeholders read.
///
/// ```swift
/// let curl = try CurlCommand(parsing: "curl https://api.example.com/v1/me -H 'Authorization: Bearer sk_live_123'")
/// let result = curl.endpointDraft(id: "me", baseURL: "https://api.example.com/v1")
/// result.endpoint.path          // "/me"
/// result.auth                   // .bearer(token: "${env:EXAMPLE_TOKEN}")
/// result.environmentVariables   // ["EXAMPLE_TOKEN"]
/// ```
public struct EndpointImport: Hashable, Sendable {
    /// The endpoint, without credentials: those are in ``auth`` or behind `${env:…}` placeholders.
    public var endpoint: EndpointDraft
    /// The credentials the request sent, as profile auth, if any.
    public var auth: AuthDraft?
    /// The environment variables the user must set (for the secrets found, and `$VAR`s in the command).
    public var environmentVariables: [String]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint draft.
    ///   - auth: The credentials, as profile auth.
    ///   - environmentVariables: The variables the placeholders read.
    public init(endpoint: EndpointDraft, auth: AuthDraft? = nil, environmentVariables: [String] = []) {
        self.endpoint = endpoint
        self.auth = auth
        self.environmentVariables = environmentVariables
    }
}
