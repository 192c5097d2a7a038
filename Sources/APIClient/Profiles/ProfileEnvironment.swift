/// One of a profile's environments (`dev`, `staging`, `prod`): its own base URL, variables and
/// headers, applied over the profile's by ``Profile/selectingEnvironment(_:)``.
///
/// ```yaml
/// environments:
///   dev: {base_url: "http://localhost:8080", vars: {region: eu-dev}}
///   prod:
///     base_url: https://api.example.com
///     vars: {region: eu-1}
///     headers: {X-Tenant: "${env:PROD_TENANT}"}
///     production: true
///     confirm: true         # the default for production: the TUI asks before sending there
/// ```
public struct ProfileEnvironment: Hashable, Sendable {
    /// The environment's name, the key under `environments:`.
    public var name: String
    /// Its base URL; `nil` keeps the profile's.
    public var baseURL: Template?
    /// Its variables, replacing same-named profile variables.
    public var variables: [ProfileVariable]
    /// Its headers, added to (and replacing same-named) profile headers.
    public var headers: [HeaderTemplate]
    /// Whether it is the default (`default: true`); without one, the first environment is.
    public var isDefault: Bool
    /// Whether it talks to production and is shown in a warning colour: `production: true`, or a
    /// name such as `prod`, `production` or `live` when the key is absent.
    public var isProduction: Bool
    /// Whether the terminal UI asks before switching to it and before each request sent there:
    /// `confirm: true`, or production when the key is absent.
    public var confirms: Bool
    let location: SourceLocation

    /// Names that mean production when an environment does not say.
    static let productionNames: Set<String> = ["prod", "production", "live", "prd"]
}

/// A named profile variable, used as `${var:NAME}` in any template.
///
/// ```yaml
/// vars: {region: eu-1, api_version: "2024-01"}
/// ```
public struct ProfileVariable: Hashable, Sendable {
    /// The name used in `${var:NAME}`.
    public var name: String
    /// The value, itself a template (it may read `${env:…}` or a secret source, not another variable).
    public var value: Template
}
