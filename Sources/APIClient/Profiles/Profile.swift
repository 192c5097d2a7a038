public import APIHTTP
public import APIMapping

/// One backend's description: where it is, how to authenticate, how it wraps its answers, and
/// its named endpoints.
///
/// Profiles are YAML files, one per backend, in `profiles/NAME.yaml` (see ``ProfileLibrary`` for
/// where they are looked up). Reading one checks everything but the environment: templates,
/// paths and types are validated with their line and column; environment variables and
/// parameters are needed only when ``resolveRequest(endpoint:parameters:environment:demoBaseURL:secrets:fields:)``
/// builds a request.
///
/// ```swift
/// let profile = try Profile(yaml: text, file: "profiles/github.yaml")
/// let request = try profile.resolveRequest(
///     endpoint: "user", parameters: ["username": "octocat"], environment: [:])
/// request.url  // https://api.github.com/users/octocat
/// ```
public struct Profile: Hashable, Sendable {
    /// The profile's name; equals the file name without `.yaml`.
    public var name: String
    /// A one-line description for listings.
    public var description: String
    /// The URL every endpoint path is appended to.
    public var baseURL: Template
    /// Headers sent with every request, in file order.
    public var headers: [HeaderTemplate]
    /// How requests authenticate, if at all.
    public var auth: Auth?
    /// Time limits for requests.
    public var timeouts: Timeouts
    /// Whether TLS certificates are verified. Default `true`.
    public var tlsVerify: Bool
    /// The largest response body accepted, in bytes; `nil` leaves the client's default.
    public var maxBodySize: Int?
    /// How the backend wraps its answers.
    public var envelope: Envelope
    /// Paths that are always arrays when an XML answer is converted (`rss>channel>item`).
    public var xmlArrays: [ProfilePath]
    /// Whether RSS, RDF and Atom answers are read as the normalised feed model (`feeds: true`):
    /// `{"format","title","link","items":[{"id","title","link","date","summary"}]}`.
    public var feeds = false
    /// What is masked in logs and displays, always including the defaults.
    public var redaction: Redaction
    /// Defaults for the command line: `expect: [success]`, kept as written.
    public var defaultExpectations: [String]
    /// The named endpoints, in file order.
    public var endpoints: [Endpoint]
    /// Business error codes by name (`errors:`).
    public var errors = ErrorCatalogue()
    /// How failed requests are retried (`retry:`); `nil` sends each request once.
    public var retry: RetryPolicy?
    /// Conditional requests with stored validators (`cache:`); `nil` makes none.
    public var cache: CachePolicy?
    /// Where requests are logged (`log:`); `nil` logs nothing.
    public var log: LogPolicy?
    /// The cookie jar (`cookies:`); `nil` ignores cookies, as before.
    public var cookies: CookiePolicy?
    /// Which redirects are followed and what goes with them (`redirects:`); `nil` uses the defaults.
    public var redirects: RedirectPolicy?
    /// How list endpoints page (`paginate:`); `nil` when they do not.
    public var paginate: Pagination?
    /// Which headers carry the rate limit (`rate_limit:`); the common names when `nil`.
    public var rateLimit: RateLimitHeaders?
    /// The declared volatile paths and array identity keys (`volatile:`, `identity:`), for diffs.
    public var diff = DiffSettings()
    /// The file the profile was read from (`builtin:demo` for a built-in).
    public var file: String
    /// Variables for `${var:NAME}` (`vars:`), the active environment's applied.
    public internal(set) var variables: [ProfileVariable] = []
    /// The declared environments (`environments:`), in file order.
    public internal(set) var environments: [ProfileEnvironment] = []
    /// The environment applied to ``baseURL``, ``headers`` and ``variables``; `nil` when the
    /// profile declares none. A profile is read with its default environment applied.
    public internal(set) var activeEnvironment: String?
    /// The SHA-256 of the profile's text, in hex: what a user's consent to run its `${cmd:…}`
    /// commands is bound to, so an edited profile asks again.
    public internal(set) var sourceDigest = ""
    /// The profile's own base URL, headers and variables, before any environment is applied.
    var shared = SharedSettings()

    struct SharedSettings: Hashable, Sendable {
        var baseURL: Template?
        var headers: [HeaderTemplate] = []
        var variables: [ProfileVariable] = []
    }

    /// The endpoint with this id, if the profile has one.
    ///
    /// ```swift
    /// profile.endpoint("user")?.path.text  // "/users/{username}"
    /// ```
    ///
    /// - Parameter id: The endpoint's key under `endpoints:`.
    public func endpoint(_ id: String) -> Endpoint? {
        endpoints.first { $0.id == id }
    }
}

/// A header whose value is a template.
///
/// ```swift
/// // headers: {Accept: application/vnd.github+json}
/// profile.headers[0].name           // "Accept"
/// profile.headers[0].value.text     // "application/vnd.github+json"
/// ```
public struct HeaderTemplate: Hashable, Sendable {
    /// The header name as written.
    public var name: String
    /// The value, resolved when a request is built.
    public var value: Template
}

/// How a profile authenticates its requests.
///
/// ```yaml
/// auth: {bearer: {token: "${env:GITHUB_TOKEN}", optional: true}}
/// auth: {basic: {username: "${env:API_USER}", password: "${env:API_PASSWORD}"}}
/// auth: {header: {name: X-API-Key, value: "${env:API_KEY}"}}
/// auth: {query: {name: api_key, value: "${env:API_KEY}"}}
/// auth: {oauth2: {grant: client_credentials, token_url: "…", client_id: cli, client_secret: "${env:SECRET}"}}
/// auth: {login: {endpoint: login, token: data>token}}
/// ```
public enum Auth: Hashable, Sendable {
    /// `Authorization: Bearer TOKEN`; when `optional`, a missing variable sends no header instead of failing.
    case bearer(token: Template, optional: Bool)
    /// `Authorization: Basic base64(username:password)`.
    case basic(username: Template, password: Template)
    /// Any header, such as `X-API-Key`.
    case header(name: String, value: Template)
    /// A query item added to every request, such as `?api_key=…`; masked wherever it is shown.
    case query(name: String, value: Template)
    /// OAuth 2.0 tokens, obtained, cached and refreshed by the session.
    case oauth2(OAuth2Spec)
    /// A session token from one of the profile's own endpoints.
    case login(LoginSpec)
}

/// Request time limits; `nil` leaves the transport's default.
///
/// ```yaml
/// timeouts: {connect: 500ms, read: 10s, total: 1m}
/// ```
public struct Timeouts: Hashable, Sendable {
    /// Time to establish the connection.
    public var connect: Duration?
    /// Time to wait for each read.
    public var read: Duration?
    /// Time for the whole request.
    public var total: Duration?

    /// Creates time limits; all default to `nil`.
    ///
    /// ```swift
    /// Timeouts(connect: .milliseconds(500), total: .seconds(10))
    /// ```
    ///
    /// - Parameters:
    ///   - connect: Time to establish the connection.
    ///   - read: Time to wait for each read.
    ///   - total: Time for the whole request.
    public init(connect: Duration? = nil, read: Duration? = nil, total: Duration? = nil) {
        self.connect = connect
        self.read = read
        self.total = total
    }
}
