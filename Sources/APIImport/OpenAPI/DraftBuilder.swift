import APIMapping
import Foundation

/// Builds a ``ProfileDraft`` from a loaded OpenAPI 3 tree (Swagger 2.0 is converted before).
struct DraftBuilder {
    let store: SourceStore
    let root: Located
    let version: String
    var warnings: [String] = []
    var usedIDs: Set<String> = []
    /// Each endpoint's 2xx JSON response schema, for envelope inference (same order as the endpoints).
    var responseSchemas: [Located?] = []
    /// Each endpoint's example 2xx JSON response, when the description gives one.
    var responseExamples: [JSONValue?] = []
    /// Each endpoint's error responses (`default`, 4xx, 5xx) JSON schemas, for the envelope's tip.
    var errorSchemas: [[Located]] = []
    /// Each endpoint's 2xx response headers (`Link`, `X-Next`), for pagination inference.
    var responseHeaders: [[String]] = []
    /// The security schemes by name, resolved.
    var securitySchemes: [String: Located] = [:]
    /// The scheme the profile's `auth` came from.
    var profileScheme: String?
    /// The profile's name, for `${env:…}` variable names.
    var profileName = ""

    init(store: SourceStore, root: Located, version: String) {
        self.store = store
        self.root = root
        self.version = version
    }

    func place(_ located: Located) -> String { store.displayName(located.file) + located.pointer }

    /// A string member that may itself be a `$ref` (DigitalOcean's `info.description`).
    func text(_ located: Located?, _ key: String) throws(ImportError) -> String? {
        guard let member = located?.child(key) else { return nil }
        return try store.resolve(member).value.stringValue
    }

    mutating func build(name: String?) throws(ImportError) -> ProfileDraft {
        let info = try root.child("info").map { (v: Located) throws(ImportError) in try store.resolve(v) }
        let title = try text(info, "title")
        let profileName = name ?? Identifier.profileName(title: title, file: store.root)
        var draft = ProfileDraft(name: profileName, baseURL: "http://localhost")
        draft.description = title
        try servers(into: &draft)
        try security(into: &draft)
        try operations(into: &draft)
        draft.comments = [
            "Imported from \(store.root.lastPathComponent)"
                + (store.fileCount > 1 ? " (\(store.fileCount) files)" : ""),
            "\(title ?? "(no title)") \(try text(info, "version") ?? "")".trimmingCharacters(in: .whitespaces),
            "\(version.hasPrefix("2") ? "Swagger" : "OpenAPI") \(version), \(draft.endpoints.count) operations",
        ]
        return draft
    }

    private mutating func servers(into draft: inout ProfileDraft) throws(ImportError) {
        let servers = root.child("servers")?.elements ?? []
        guard !servers.isEmpty else {
            warnings.append("\(store.displayName(store.root)): no servers; base URL set to http://localhost")
            return
        }
        var environments: [EnvironmentDraft] = []
        var usedNames: Set<String> = []
        for (index, server) in servers.enumerated() {
            guard var url = server.string("url") else {
                warnings.append("\(place(server)): server without url skipped")
                continue
            }
            if !url.contains("://") {
                warnings.append("\(place(server)): relative server URL '\(url)' made absolute on http://localhost")
                url = "http://localhost" + (url.hasPrefix("/") ? url : "/" + url)
            }
            if url.hasSuffix("/") && url.count > 1 && !url.hasSuffix("://") { url.removeLast() }
            let description = try text(server, "description")
            // The base URL is a template: a literal `$` is doubled, variables become `${var:NAME}`.
            var substituted = url
            var templated = url.replacing("$", with: "$$")
            var vars: [DraftHeader] = []
            for (variable, spec) in server.child("variables")?.members ?? [] {
                let defaultValue = spec.string("default") ?? ""
                let name = Identifier.parameterName(variable)
                substituted = substituted.replacingOccurrences(of: "{\(variable)}", with: defaultValue)
                templated = templated.replacingOccurrences(of: "{\(variable)}", with: "${var:\(name)}")
                vars.append(DraftHeader(name: name, value: defaultValue))
                let choices = spec.child("enum")?.elements.compactMap { $0.value.stringValue } ?? []
                if choices.count > 1 {
                    draft.comments.append("server variable \(variable): one of \(choices.joined(separator: ", "))")
                }
            }
            var name = Identifier.environmentName(description: description, url: substituted, index: index + 1)
            if !usedNames.insert(name).inserted {
                name = "server\(index + 1)"
                usedNames.insert(name)
            }
            var environment = EnvironmentDraft(
                name: name, baseURL: servers.count > 1 ? templated : substituted.replacing("$", with: "$$"))
            if servers.count > 1 { environment.vars = vars }
            environment.comment = description
            environments.append(environment)
        }
        guard let first = environments.first else { return }
        draft.baseURL = first.baseURL
        if environments.count > 1 { draft.environments = environments }
    }
}

/// The HTTP methods of a path item, in the order OpenAPI lists them.
enum OperationWalker {
    static let methods: [String] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
}
