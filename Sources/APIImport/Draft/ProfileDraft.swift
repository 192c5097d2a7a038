import APIClient
public import APIMapping

/// A profile being written by an importer: everything `profiles import` learned, with the comments
/// that explain it, before it is rendered as YAML.
///
/// Strings are literal: the YAML writer escapes `$` as `$$` unless the field is documented as a
/// template (``baseURL``, header values and ``AuthDraft`` values, which importers fill with
/// `${env:…}`/`${var:…}` placeholders of their own making).
///
/// ```swift
/// var draft = ProfileDraft(name: "petstore", baseURL: "https://petstore.example/v1")
/// draft.endpoints.append(EndpointDraft(id: "list_pets", method: "GET", path: "/pets"))
/// ```
public struct ProfileDraft: Hashable, Sendable {
    /// The profile's name (a file name without `.yaml`).
    public var name: String
    /// One line for listings.
    public var description: String?
    /// Lines written as `#` comments at the top: the source, its version, what inference found.
    public var comments: [String] = []
    /// The base URL template; with environments, the default environment's.
    public var baseURL: String
    /// Named environments (several servers); empty for one.
    public var environments: [EnvironmentDraft] = []
    /// Profile variables (`vars:`, used as `${var:NAME}`): name and template value.
    public var vars: [DraftHeader] = []
    /// Headers sent with every request (templates).
    public var headers: [DraftHeader] = []
    /// How requests authenticate, if the description says.
    public var auth: AuthDraft?
    /// Comments written above `auth:` (alternatives, unsupported schemes).
    public var authComments: [String] = []
    /// The inferred envelope; `nil` for bare answers.
    public var envelope: EnvelopeDraft?
    /// How most list endpoints page, when they share one way.
    public var paginate: PaginationDraft?
    /// The endpoints, in source order.
    public var endpoints: [EndpointDraft] = []

    /// Creates a draft with a name and base URL.
    ///
    /// - Parameters:
    ///   - name: The profile's name.
    ///   - baseURL: The base URL template.
    public init(name: String, baseURL: String) {
        self.name = name
        self.baseURL = baseURL
    }
}

/// A header of a draft: name and template value.
public struct DraftHeader: Hashable, Sendable {
    /// The header name.
    public var name: String
    /// The value template.
    public var value: String

    /// Creates a header.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// An environment of a draft (one server of several).
public struct EnvironmentDraft: Hashable, Sendable {
    /// The environment's name (`production`, `staging`, `server2`).
    public var name: String
    /// Its base URL template.
    public var baseURL: String
    /// Its variables, in order (server variables' defaults): literal values, `$` escaped on writing.
    public var vars: [DraftHeader] = []
    /// Variables whose values are already templates (`${env:TOKEN}`, `$$` for a literal `$`),
    /// written as they are after ``vars`` (a collection's environment values).
    public var templateVars: [DraftHeader] = []
    /// A comment written above it (the server's description).
    public var comment: String?

    /// Creates an environment.
    public init(name: String, baseURL: String) {
        self.name = name
        self.baseURL = baseURL
    }
}

/// How an imported profile authenticates.
public enum AuthDraft: Hashable, Sendable {
    /// `Authorization: Bearer …`.
    case bearer(token: String)
    /// HTTP basic.
    case basic(username: String, password: String)
    /// An API key in a header.
    case header(name: String, value: String)
    /// An API key in the query.
    case query(name: String, value: String)
    /// OAuth 2.0: the grant (`client_credentials`, `authorization_code`, `device_code`), its URLs and scopes.
    case oauth2(grant: String, tokenURL: String, authorizeURL: String?, deviceURL: String?, scopes: [String])
}

/// An inferred envelope: where the status, tip and model are, and the success values.
public struct EnvelopeDraft: Hashable, Sendable {
    /// The status key path (`code`, `success`, `ok`), if any.
    public var status: String?
    /// The success values (`0`, `true`, `"success"`); empty with `successRule`.
    public var success: [JSONValue] = []
    /// `http`, `present` or `absent` instead of values.
    public var successRule: String?
    /// The tip (message) key path.
    public var tip: String?
    /// The model key path.
    public var model: String?
    /// Lines explaining what was inferred and what did not match.
    public var comments: [String] = []

    /// Creates an envelope.
    public init(status: String? = nil, success: [JSONValue] = [], tip: String? = nil, model: String? = nil) {
        self.status = status
        self.success = success
        self.tip = tip
        self.model = model
    }
}

/// An endpoint of a draft.
public struct EndpointDraft: Hashable, Sendable {
    /// The key under `endpoints:` (unique, `[A-Za-z0-9_-]`).
    public var id: String
    /// The upper-case method.
    public var method: String
    /// The path with `{name}` placeholders; literal otherwise.
    public var path: String
    /// One line.
    public var description: String?
    /// Grouping tags.
    public var tags: [String] = []
    /// Query items: name and template value (`${name}` for a parameter, or a literal).
    public var query: [DraftHeader] = []
    /// Headers: name and template value.
    public var headers: [DraftHeader] = []
    /// The JSON body; strings are literal unless they are exactly `${name}` of a declared parameter.
    public var body: JSONValue?
    /// A non-JSON body as text (form-encoded, XML), sent with its content type header.
    public var bodyText: String?
    /// `application/x-www-form-urlencoded` fields: wire name and template (`${name}` of a parameter,
    /// or literal text escaped as `LiteralTemplate.escaped(_:)`).
    public var form: [DraftHeader] = []
    /// `multipart/form-data` fields: wire name and template; a field that is `${name}` of a
    /// parameter of type `file` uploads a file.
    public var multipart: [DraftHeader] = []
    /// Top-level members of the JSON ``body`` set from parameters: key and template (`${name}`).
    public var json: [DraftHeader] = []
    /// This endpoint's own authentication when it differs from the profile's: `.none` for
    /// `security: []`, else the scheme to use.
    public var auth: EndpointAuthDraft?
    /// The environment variables whose `${env:NAME}` placeholders stand for secrets in ``path``,
    /// ``body`` strings and ``bodyText``, in first-use order.
    ///
    /// Those fields are otherwise literal: the writer keeps exactly these placeholders as templates
    /// and escapes every other `$` as `$$`.
    ///
    /// ```swift
    /// // curl https://auth.example.com/oauth/token -d grant_type=client_credentials -d client_secret=s3cr3t
    /// endpoint.bodyText         // "grant_type=client_credentials&client_secret=${env:AUTH_CLIENT_SECRET}"
    /// endpoint.secretVariables  // ["AUTH_CLIENT_SECRET"]
    /// ```
    public var secretVariables: [String] = []
    /// Other placeholders the importer wrote into ``path``, ``body`` strings and ``bodyText``
    /// (`${var:host}`, `${token}`), which the writer keeps as templates as it keeps
    /// ``secretVariables``'; every other `$` in those fields is literal.
    public var templates: [String] = []
    /// Declared parameters.
    public var params: [ParameterDraft] = []
    /// The model path when it differs from the profile envelope's.
    public var envelopeModel: String?
    /// How this endpoint pages, when it differs from the profile's.
    public var paginate: PaginationDraft?
    /// Lines written as comments above the endpoint.
    public var comments: [String] = []

    /// Creates an endpoint.
    public init(id: String, method: String, path: String) {
        self.id = id
        self.method = method
        self.path = path
    }
}

/// A declared parameter of a draft endpoint.
public struct ParameterDraft: Hashable, Sendable {
    /// The name used in `{name}` and `${name}`.
    public var name: String
    /// What it means.
    public var description: String?
    /// Its default, as text.
    public var defaultValue: String?
    /// The allowed values, as text.
    public var allowedValues: [String] = []
    /// Whether a value must be given.
    public var required = false
    /// A value shown as a hint, never sent: the description's example, or one made from its schema.
    public var example: String?
    /// The value's type when it matters (`integer` for a JSON field, `file` for an upload).
    public var type: String?
    /// Whether the value is a credential: masked everywhere, never defaulted.
    public var secret = false

    /// Creates a parameter.
    public init(name: String) {
        self.name = name
    }
}

/// An endpoint's own authentication in a draft.
public enum EndpointAuthDraft: Hashable, Sendable {
    /// No authentication (`security: []`): `auth: none`.
    case none
    /// Its own credential, instead of the profile's.
    case own(AuthDraft)
}

/// An inferred `paginate:` block: its keys in order, and what it was inferred from.
///
/// ```swift
/// PaginationDraft(fields: [("link", "next")], reason: "the 200 answer declares a Link header")
/// // # paginate: inferred from the 200 answer's Link header
/// // paginate: {link: next}
/// ```
public struct PaginationDraft: Hashable, Sendable {
    /// The keys and values (`link: next`, `cursor: meta>next_cursor`, `param: cursor`).
    public var fields: [DraftHeader]
    /// What it was inferred from, written as a comment.
    public var reason: String

    /// Creates a block.
    public init(fields: [(String, String)], reason: String) {
        self.fields = fields.map { DraftHeader(name: $0.0, value: $0.1) }
        self.reason = reason
    }

    /// The block in YAML flow style.
    var flow: String {
        "{" + fields.map { YAMLScalars.flowMember($0.name, YAMLScalars.string($0.value)) }.joined(separator: ", ") + "}"
    }
}
