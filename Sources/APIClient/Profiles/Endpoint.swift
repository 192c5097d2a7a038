public import APIHTTP
public import APIMapping

/// A named request in a profile: method, path template, query, headers, body and envelope changes.
///
/// ```yaml
/// endpoints:
///   user:
///     description: A user's public profile
///     path: /users/{username}
///     params:
///       username: {description: The login, default: octocat}
///   search_repositories:
///     path: /search/repositories
///     query: {q: "${q}", per_page: "${per_page}"}
///     params: {q: {}, per_page: {default: "10"}}
///     envelope: {model: items}
/// ```
public struct Endpoint: Hashable, Sendable {
    /// The key under `endpoints:`.
    public var id: String
    /// The HTTP method, upper-case. Default `GET`.
    public var method: String
    /// The path appended to the base URL; `{name}` placeholders are percent-encoded parameters.
    public var path: Template
    /// Query items in file order.
    public var query: [QueryTemplate]
    /// Headers added to (and replacing same-named) profile headers.
    public var headers: [HeaderTemplate]
    /// The JSON body, strings templated; `nil` for no body.
    public var body: BodyTemplate?
    /// A body sent as text (`body_text:`, form-encoded or XML), with the content type the endpoint's
    /// headers give; `nil` for none.
    public var bodyText: Template? = nil
    /// `application/x-www-form-urlencoded` fields (`form:`): wire name and template, in file order.
    /// A field that is exactly an optional parameter with no value is left out.
    public var form: [QueryTemplate] = []
    /// `multipart/form-data` fields (`multipart:`): wire name and template; a field that is exactly a
    /// parameter of `type: file` sends the file its value names, streamed from disk.
    public var multipart: [QueryTemplate] = []
    /// Top-level members of the JSON body set from parameters (`json:`), over ``body``, the starting
    /// point; a member that is exactly an optional parameter with no value keeps the body's own.
    public var json: [QueryTemplate] = []
    /// This endpoint's authentication: the profile's (`.inherit`), none (`auth: none`), or its own.
    public var auth: BehaviourOverride<Auth> = .inherit
    /// Changes to the profile's envelope for this endpoint.
    public var envelope: EnvelopeOverride
    /// A one-line description.
    public var description: String?
    /// The declared parameters; placeholders not declared here are declared implicitly, without a default.
    public var params: [Parameter]
    /// Where a later step stores results; kept as written.
    public var store: StoreSpec?
    /// Grouping tags (from an imported description's tags), shown in the endpoint picker.
    public var tags: [String] = []
    /// This endpoint's change to the profile's retry policy.
    public var retry: BehaviourOverride<RetryPolicy> = .inherit
    /// This endpoint's change to the profile's cache policy.
    public var cache: BehaviourOverride<CachePolicy> = .inherit
    /// This endpoint's change to the profile's pagination (`paginate:`).
    public var paginate: BehaviourOverride<Pagination> = .inherit
    /// This endpoint's redirect policy (`redirects:`), in place of the profile's; `nil` keeps the profile's.
    public var redirects: RedirectPolicy?
    /// The endpoint's own volatile paths and array identity keys, added to the profile's for diffs.
    public var diff = DiffSettings()
    /// The time limit of one request to this endpoint, headers and body (`timeout: 5s`), in place of
    /// the profile's `timeouts.total`; `nil` keeps the profile's.
    public var timeout: Duration? = nil
    /// Whether each event of an event-stream answer is evaluated with the endpoint's envelope
    /// (`events: {envelope: true}`): a chat or job stream whose events are envelopes of their own.
    public var eventEnvelope = false
    let location: SourceLocation

    /// `parameters` with the declared defaults filled in where no value is given.
    ///
    /// ```swift
    /// endpoint.withDefaults(["id": "7"])  // ["id": "7", "per_page": "30"]
    /// ```
    ///
    /// - Parameter parameters: The values given.
    public func withDefaults(_ parameters: [String: String]) -> [String: String] {
        var values = parameters
        for parameter in params where values[parameter.name] == nil {
            if let value = parameter.defaultValue { values[parameter.name] = value }
        }
        return values
    }

    /// Every parameter the endpoint accepts: the declared ones, then those only used in templates.
    public var parameterNames: [String] {
        var names = params.map(\.name)
        var templates = [path] + query.map(\.value) + headers.map(\.value)
        templates += (form + multipart + json).map(\.value)
        if let body { templates += body.templates }
        if let bodyText { templates.append(bodyText) }
        for name in templates.flatMap(\.parameterNames) where !names.contains(name) {
            names.append(name)
        }
        return names
    }
}

/// A query item, or a form, multipart or JSON body field, whose value is a template.
///
/// ```swift
/// // query: {state: "${state}"}
/// endpoint.query[0].name  // "state"
/// ```
public struct QueryTemplate: Hashable, Sendable {
    /// The item's name on the wire.
    public var name: String
    /// The value, resolved when a request is built.
    public var value: Template
}

/// A declared endpoint parameter.
///
/// ```yaml
/// params:
///   per_page: {default: "30", description: Results per page}
/// ```
public struct Parameter: Hashable, Sendable {
    /// The name used in `${name}` and `{name}`.
    public var name: String
    /// The value used when none is given; `nil` makes the parameter required when used.
    public var defaultValue: String?
    /// What the parameter means.
    public var description: String?
    /// The values it may take (`enum:`); empty for any.
    public var allowedValues: [String] = []
    /// Whether a value must be given: `nil` (unsaid) means required unless it has a default. An
    /// optional parameter with no value leaves out the query items, headers and body fields that are
    /// exactly it.
    public var required: Bool? = nil
    /// A value shown as a hint (in the parameter form, `request --help` of an endpoint); never sent.
    public var example: String? = nil
    /// What the value is (`type:`): JSON body fields of a non-string type are sent as JSON
    /// (`count=3` sends `3`), and a multipart field of type `file` sends the file the value names.
    public var type: ParameterType? = nil
    /// Whether the value is a credential (`secret: true`): masked wherever it is shown or stored.
    /// A secret parameter cannot have a default.
    public var isSecret = false

    /// Whether a request fails without a value for it.
    public var isRequired: Bool { required ?? (defaultValue == nil) }
}

/// What a parameter's value is, as an imported description declares it.
///
/// ```yaml
/// params:
///   count: {type: integer}       # json: {count: "${count}"} sends {"count": 3}
///   photo: {type: file}          # multipart: {photo: "${photo}"} uploads the file
/// ```
public enum ParameterType: String, Hashable, Sendable, CaseIterable {
    /// Text (the default).
    case string
    /// A JSON integer.
    case integer
    /// A JSON number.
    case number
    /// `true` or `false`.
    case boolean
    /// A JSON array, given as JSON text.
    case array
    /// A JSON object, given as JSON text.
    case object
    /// A file to upload: the value is its path.
    case file

    /// Whether a value of this type goes into a JSON body as JSON, not as a string.
    public var isJSON: Bool {
        switch self {
        case .integer, .number, .boolean, .array, .object: true
        case .string, .file: false
        }
    }
}

/// Where an endpoint's results are stored: the model store's table, the paths that identify a
/// row, and the nested objects kept in tables of their own.
///
/// ```yaml
/// store:
///   table: repositories
///   identity: [id]
///   model: items
///   nested: {owner: {table: users, identity: [id]}}
/// ```
///
/// ```swift
/// let spec = StoreSpec(
///     table: "repositories", identity: [try ProfilePath("id")],
///     nested: [NestedStore(path: try ProfilePath("owner"), store: StoreSpec(table: "users", identity: [try ProfilePath("id")]))])
/// spec.depth  // 2
/// ```
public struct StoreSpec: Hashable, Sendable {
    /// The table name.
    public var table: String
    /// The paths that identify a row.
    public var identity: [ProfilePath]
    /// Where the rows are, if not the envelope's model; only the outermost store has one.
    public var model: ProfilePath?
    /// The objects inside each row that are stored in tables of their own and replaced by a
    /// reference (`nested:`), in file order.
    public var nested: [NestedStore]

    /// The most tables one `store:` may chain through `nested:`, itself included.
    public static let maximumDepth = 4

    /// Creates a store declaration.
    ///
    /// ```swift
    /// StoreSpec(table: "users", identity: [try ProfilePath("id")])
    /// ```
    ///
    /// - Parameters:
    ///   - table: The table name.
    ///   - identity: The paths, inside each object, whose values identify it.
    ///   - model: Where the objects are, if not the envelope's model.
    ///   - nested: The nested objects stored in tables of their own.
    public init(table: String, identity: [ProfilePath], model: ProfilePath? = nil, nested: [NestedStore] = []) {
        self.table = table
        self.identity = identity
        self.model = model
        self.nested = nested
    }

    /// How many tables deep the declaration goes: 1 without `nested:`.
    ///
    /// ```swift
    /// StoreSpec(table: "users", identity: []).depth  // 1
    /// ```
    public var depth: Int { 1 + (nested.map(\.store.depth).max() ?? 0) }
}

/// An object inside each stored row that goes to a table of its own (Groot's relationships):
/// the row keeps a reference to it instead.
///
/// ```yaml
/// nested: {owner: {table: users, identity: [id]}}
/// ```
///
/// ```swift
/// let owner = NestedStore(path: try ProfilePath("owner"), store: StoreSpec(table: "users", identity: [try ProfilePath("id")]))
/// ```
public struct NestedStore: Hashable, Sendable {
    /// Where the object is, relative to each row; an array there means each of its elements.
    public var path: ProfilePath
    /// Its table and identity, and its own nested objects.
    public var store: StoreSpec

    /// Creates a nested store declaration.
    ///
    /// ```swift
    /// NestedStore(path: try ProfilePath("owner"), store: StoreSpec(table: "users", identity: [try ProfilePath("id")]))
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the object is, relative to each row.
    ///   - store: Its table and identity.
    public init(path: ProfilePath, store: StoreSpec) {
        self.path = path
        self.store = store
    }
}

/// A JSON body template: any YAML value, with templated strings.
///
/// ```yaml
/// body: {query: "${q}", limit: 10, tags: [a, b]}
/// ```
public indirect enum BodyTemplate: Hashable, Sendable {
    /// `null`.
    case null
    /// A bool.
    case bool(Bool)
    /// A number, as its JSON text.
    case number(JSONNumber)
    /// A templated string.
    case string(Template)
    /// An array.
    case array([BodyTemplate])
    /// An object, members in file order.
    case object([BodyMember])

    var templates: [Template] {
        switch self {
        case .null, .bool, .number: []
        case .string(let template): [template]
        case .array(let elements): elements.flatMap(\.templates)
        case .object(let members): members.flatMap(\.value.templates)
        }
    }
}

/// A member of a ``BodyTemplate`` object.
///
/// ```swift
/// BodyMember(key: "limit", value: .number(JSONNumber(10)))
/// ```
public struct BodyMember: Hashable, Sendable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: BodyTemplate

    /// Creates a member.
    ///
    /// - Parameters:
    ///   - key: The member's key.
    ///   - value: The member's value.
    public init(key: String, value: BodyTemplate) {
        self.key = key
        self.value = value
    }
}
