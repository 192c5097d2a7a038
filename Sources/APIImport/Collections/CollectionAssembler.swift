import APIClient
import APIMapping

/// Turns a collection of another client into a profile draft.
///
/// - Variables: the collection's become `vars:`, each environment's become that environment's
///   `vars:` (a value that uses other variables is expanded, as profiles do not chain variables).
///   A variable the source marks secret, one named like a secret (`SecretNames`) or one whose
///   value looks like a credential (`SecretValues`) reads `${env:PROFILE_NAME}` instead: its
///   value is written nowhere.
/// - References: `{{name}}` of a declared variable is `${var:name}`; `{{$processEnv NAME}}` and
///   the like are `${env:NAME}`; anything else (an undeclared name, a dynamic value such as
///   `{{$guid}}`, a chained answer `{{login.response.body.$.token}}`) is an endpoint parameter.
/// - The base URL is the variable most requests start with (`{{baseUrl}}/users`), per environment,
///   else the most common origin and API root (`https://api.example.com/v1`).
/// - Auth is inherited as the source does it; the most common one is the profile's, the others
///   are sent by their endpoints as headers or query items where they can be.
/// - Folders are tags; scripts are comments (never run); recorded examples give the envelope.
///
/// ```swift
/// let result = CollectionAssembler.assemble(collection, name: "shop")
/// print(result.draft.yaml())
/// ```
public enum CollectionAssembler {
    /// Assembles a draft.
    ///
    /// - Parameters:
    ///   - collection: What a reader read.
    ///   - name: The profile's name; also the prefix of invented environment variable names.
    /// - Returns: The draft, the warnings, the count of scripts kept as comments, and the chains.
    public static func assemble(_ collection: APICollection, name: String) -> CollectionImport {
        var state = AssemblyState(collection: collection, name: name)
        return state.assemble()
    }
}

/// The work of one assembly.
struct AssemblyState {
    let collection: APICollection
    let name: String
    var scanner: SecretScanner
    var variables: VariableTable
    var warnings: [String] = []
    var scripts = 0
    var secretValues: [String: [String: String]] = [:]
    var chains: [String: [CollectionChain]] = [:]
    /// Request names (as the source writes them) to endpoint ids, for chains.
    var idsByName: [String: String] = [:]
    /// The endpoint being built, for the chains its references record.
    var currentEndpoint: String?
    /// Notes about the references of the endpoint being built.
    var pendingNotes: [String] = []
    /// The auth the request's own headers send (literal basic credentials, or a credential
    /// header of variables), used when the request has no auth of its own.
    var headerAuth: AuthDraft?
    /// The header that carries ``headerAuth``, taken off the endpoint when the auth is used.
    var implicitHeader: String?

    init(collection: APICollection, name: String) {
        self.collection = collection
        self.name = name
        scanner = SecretScanner(prefix: name)
        variables = VariableTable(collection: collection)
    }

    mutating func assemble() -> CollectionImport {
        var draft = ProfileDraft(name: name, baseURL: "")
        draft.description = collection.description.flatMap(Self.firstLine)
        draft.comments = [
            "imported from \(collection.source) '\(collection.name)' (\(collection.requests.count) requests)"
        ]
        let base = BaseChoice(collection: collection, variables: variables)
        applyVariables(base: base, to: &draft)
        warnings += pendingNotes
        pendingNotes = []
        var naming = EndpointNaming()
        for request in collection.requests {
            let id = naming.unique(Self.endpointID(request))
            if let name = request.name, idsByName[name] == nil { idsByName[name] = id }
        }
        naming = EndpointNaming()
        var auths: [AuthDraft?] = []
        for request in collection.requests {
            let id = naming.unique(Self.endpointID(request))
            var endpoint = EndpointDraft(id: id, method: request.method, path: "/")
            currentEndpoint = id
            endpoint.tags = request.folders.isEmpty ? [] : [request.folders.joined(separator: "/")]
            endpoint.description = Self.description(request, id: id)
            addURL(request, base: base, to: &endpoint)
            addHeaders(request, to: &endpoint)
            addBody(request, to: &endpoint)
            addScripts(request, to: &endpoint)
            endpoint.comments += request.notes
            auths.append(auth(request, endpoint: &endpoint))
            endpoint.comments += pendingNotes
            pendingNotes = []
            draft.endpoints.append(endpoint)
        }
        placeAuth(auths, in: &draft)
        hoistSharedHeaders(&draft)
        if let envelope = EnvelopeLine.envelope(in: collection.description) {
            draft.envelope = envelope
            if let line = draft.description,
                line.hasPrefix("Exported by apiexplore") || line.hasPrefix(EnvelopeLine.prefix)
            {
                draft.description = nil
            }
        } else if let envelope = ExampleEnvelope.infer(collection.requests.map(\.examples)) {
            draft.envelope = envelope.envelope
            for (index, model) in envelope.models where draft.endpoints.indices.contains(index) {
                draft.endpoints[index].envelopeModel = model
            }
        }
        let unreadable = collection.notes + warnings
        draft.comments += unreadable
        if scripts > 0 { draft.comments.append("\(scripts) scripts kept as comments; apiexplore does not run them") }
        let secrets = scanner.variables
        if !secrets.isEmpty { draft.comments.append("set in the environment: " + secrets.joined(separator: ", ")) }
        return CollectionImport(
            draft: draft, warnings: unreadable, scripts: scripts, chains: chains, secretValues: secretValues)
    }

    /// The endpoint id: the request's name in snake case, else from its method and URL.
    static func endpointID(_ request: CollectionRequest) -> String {
        let fromName = request.name.map(Identifier.snakeCase) ?? ""
        if !fromName.isEmpty { return fromName }
        let path = CollectionText.parts(request.url).compactMap { if case .literal(let t) = $0 { t } else { nil } }
        return EndpointNaming.id(method: request.method, path: path.joined())
    }

    /// The description's first line, else the request's name when the id does not say it.
    static func description(_ request: CollectionRequest, id: String) -> String? {
        if let line = request.description.flatMap(firstLine) { return line }
        guard let name = request.name?.trimmingSpaces, !name.isEmpty, name != id else { return nil }
        return name
    }

    static func firstLine(_ text: String) -> String? {
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingSpaces } ?? ""
        guard !line.isEmpty else { return nil }
        return line.count > 200 ? String(line.prefix(199)) + "…" : line
    }

    /// Pre-request and test scripts as comments, every secret-looking word in them hidden.
    mutating func addScripts(_ request: CollectionRequest, to endpoint: inout EndpointDraft) {
        for script in request.scripts where script.lines.contains(where: { !$0.trimmingSpaces.isEmpty }) {
            scripts += 1
            let limit = 40
            endpoint.comments.append("\(script.kind) script (\(script.lines.count) lines), not run:")
            for line in script.lines.prefix(limit) {
                var used: [String] = []
                endpoint.comments.append("  | " + scanner.scrub(text: line, into: &used))
            }
            if script.lines.count > limit { endpoint.comments.append("  | … \(script.lines.count - limit) more lines") }
        }
    }

    /// Headers every endpoint sends with the same value move to the profile (not `Content-Type`).
    func hoistSharedHeaders(_ draft: inout ProfileDraft) {
        guard draft.endpoints.count > 1, let first = draft.endpoints.first else { return }
        // A header that uses a parameter stays on its endpoints: parameters belong to endpoints.
        let usesParameter: (DraftHeader) -> Bool = { header in
            header.value.split(separator: "${").dropFirst().contains { !$0.hasPrefix("var:") && !$0.hasPrefix("env:") }
        }
        for header in first.headers where header.name.lowercased() != "content-type" && !usesParameter(header) {
            guard draft.endpoints.allSatisfy({ $0.headers.contains(header) }) else { continue }
            draft.headers.append(header)
            for index in draft.endpoints.indices { draft.endpoints[index].headers.removeAll { $0 == header } }
        }
    }
}
