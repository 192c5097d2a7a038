/// A collection of another API client (Postman, Insomnia, a `.http` file, Bruno) read into one
/// shape, before ``CollectionAssembler`` turns it into a profile draft.
///
/// Values keep the source's `{{variable}}` references as written; the assembler decides what
/// each one becomes (a profile variable, an environment variable, an endpoint parameter).
///
/// ```swift
/// let collection = try PostmanCollectionReader.read(text, file: "shop.postman_collection.json")
/// collection.requests.map(\.name)  // ["List users", "Create user"]
/// ```
public struct APICollection: Sendable {
    /// The collection's name (the profile's name comes from it).
    public var name: String
    /// One line about it.
    public var description: String?
    /// Where it came from, for the profile's first comment: `a Postman Collection v2.1`.
    public var source: String
    /// Variables shared by every request (Postman collection variables, `@name = value` lines,
    /// Insomnia's base environment).
    public var variables: [CollectionVariable] = []
    /// Named environments, each with its variables.
    public var environments: [CollectionEnvironment] = []
    /// The requests, in source order.
    public var requests: [CollectionRequest] = []
    /// What the reader could not express, for the profile's comments.
    public var notes: [String] = []

    /// Creates an empty collection.
    public init(name: String, source: String) {
        self.name = name
        self.source = source
    }
}

/// A variable of a collection or environment.
public struct CollectionVariable: Hashable, Sendable {
    /// The name as the source writes it (`baseUrl`, `api key`).
    public var name: String
    /// Its value, which may reference other variables.
    public var value: String
    /// Whether the source marks it secret (a Postman `secret` variable, a value of
    /// `http-client.private.env.json`, Bruno's `vars:secret`).
    public var secret = false

    /// Creates a variable.
    public init(name: String, value: String, secret: Bool = false) {
        self.name = name
        self.value = value
        self.secret = secret
    }
}

/// A named set of variables (an environment file, an Insomnia sub-environment).
public struct CollectionEnvironment: Hashable, Sendable {
    /// Its name (`production`, `Local`).
    public var name: String
    /// Its variables.
    public var variables: [CollectionVariable] = []

    /// Creates an environment.
    public init(name: String, variables: [CollectionVariable] = []) {
        self.name = name
        self.variables = variables
    }
}

/// A name and a value: a header, a query item, a form field.
public struct CollectionPair: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value, with `{{references}}`.
    public var value: String

    /// Creates a pair.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// One request of a collection.
public struct CollectionRequest: Sendable {
    /// Its name in the source (`Get a user`), if it has one.
    public var name: String?
    /// The folders it sits in, outermost first.
    public var folders: [String] = []
    /// The upper-case method.
    public var method: String
    /// The URL with `{{references}}`; its query is in ``query`` when the source lists it apart.
    public var url: String
    /// Query items given apart from the URL.
    public var query: [CollectionPair] = []
    /// Defaults of `:name` path variables (Postman's `url.variable`).
    public var pathDefaults: [CollectionPair] = []
    /// The headers, in order.
    public var headers: [CollectionPair] = []
    /// The body.
    public var body: CollectionBody = .none
    /// How it authenticates, after inheritance; `nil` when neither it nor its folders say.
    public var auth: CollectionAuth?
    /// A longer description.
    public var description: String?
    /// Scripts the source runs around the request (never run here; kept as comments).
    public var scripts: [CollectionScript] = []
    /// Recorded example responses (Postman's `response`, Insomnia's responses).
    public var examples: [CollectionExample] = []
    /// What the reader could not express for this request.
    public var notes: [String] = []
    /// Where it starts in its file (a `.http` or `.bru` file), for messages.
    public var location: String?

    /// Creates a request.
    public init(name: String?, method: String, url: String) {
        self.name = name
        self.method = method.uppercased()
        self.url = url
    }
}

/// A request body as a collection describes it.
public enum CollectionBody: Hashable, Sendable {
    /// No body.
    case none
    /// Text, with the content type the source gives (`json`, `application/xml`), if any.
    case raw(String, contentType: String?)
    /// `application/x-www-form-urlencoded` pairs.
    case urlencoded([CollectionPair])
    /// `multipart/form-data` fields; a value starting with `@` names a file.
    case multipart([CollectionPair])
    /// A GraphQL query and its variables (JSON text).
    case graphql(query: String, variables: String?)
    /// A body read from a file when the request is sent.
    case file(String)
}

/// How a request authenticates.
public enum CollectionAuth: Hashable, Sendable {
    /// Explicitly none (Postman's `noauth`).
    case none
    /// `Authorization: Bearer …` (the value may carry its own prefix).
    case bearer(token: String)
    /// HTTP basic.
    case basic(username: String, password: String)
    /// An API key in a header or the query.
    case apiKey(name: String, value: String, inQuery: Bool)
    /// OAuth 2.0: the grant and its URLs.
    case oauth2(grant: String, tokenURL: String?, authorizeURL: String?, scopes: [String])
    /// A scheme profiles do not have (digest, AWS Signature, NTLM, Hawk, OAuth 1.0…).
    case unsupported(String)
}

/// A script the source runs before or after a request.
public struct CollectionScript: Hashable, Sendable {
    /// `pre-request` or `test`.
    public var kind: String
    /// Its lines.
    public var lines: [String]

    /// Creates a script.
    public init(kind: String, lines: [String]) {
        self.kind = kind
        self.lines = lines
    }
}

/// A recorded example response.
public struct CollectionExample: Hashable, Sendable {
    /// The HTTP status, if known.
    public var status: Int?
    /// The body text.
    public var body: String

    /// Creates an example.
    public init(status: Int?, body: String) {
        self.status = status
        self.body = body
    }
}
