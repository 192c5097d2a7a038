public import APIClient
public import APIMapping

/// A profile as a Postman Collection v2.1 and one Postman environment per profile environment.
///
/// Endpoints are requests named by their id, in folders from their first tag; the base URL is the
/// `{{baseUrl}}` variable (each environment file gives its own); auth is the collection's;
/// parameters in paths are `:name` with their defaults; `${var:…}` and `${env:…}` are `{{…}}`.
/// Every secret (`${env:…}`, `${file:…}`, `${cmd:…}`, `${prompt:…}`) is a variable with an empty
/// value in the collection and a `secret` value left empty in each environment: no value is
/// ever written. The envelope travels as an `apiexplore-envelope:` line of the description.
///
/// ```swift
/// let export = PostmanExport.export(profile)
/// export.collection.jsonText(style: .pretty)     // the collection
/// export.environments.map(\.name)               // ["staging", "prod"]
/// ```
public enum PostmanExport {
    /// The collection and its environments.
    public struct Result: Sendable {
        /// The Postman Collection v2.1 document.
        public var collection: JSONValue
        /// One environment document per profile environment (one named after the profile when it has none).
        public var environments: [(name: String, document: JSONValue)]
        /// The secret variables, whose values the user sets in Postman.
        public var secrets: [String]
    }

    /// Exports a profile.
    ///
    /// - Parameter profile: The profile.
    /// - Returns: The documents.
    public static func export(_ profile: Profile) -> Result {
        var text = ExportText()
        var root = JSONObject()
        var info = JSONObject()
        info.append(key: "name", value: .string(profile.name))
        var description = profile.description.isEmpty ? [] : [profile.description]
        description.append("Exported by apiexplore from the profile '\(profile.name)'.")
        if let envelope = ExportSupport.envelopeJSON(profile.envelope) {
            description.append(ExportSupport.envelopePrefix + envelope.jsonText())
        }
        info.append(key: "description", value: .string(description.joined(separator: "\n\n")))
        info.append(key: "schema", value: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json")
        root.append(key: "info", value: .object(info))
        var folders = PostmanFolder()
        for endpoint in profile.endpoints {
            folders.insert(item(endpoint, profile: profile, text: &text), at: ExportSupport.folders(endpoint))
        }
        root.append(key: "item", value: folders.items)
        if let auth = auth(profile, text: &text) { root.append(key: "auth", value: auth) }
        let baseURL = text.render((profile.sharedBaseURL ?? profile.baseURL).text)
        var variables: [JSONValue] = [variable("baseUrl", baseURL)]
        for shared in profile.sharedVariables {
            let value = text.render(shared.value.text)
            variables.append(
                variable(shared.name, ExportText.literal(shared.value.text) ?? (value.contains("{{") ? "" : value)))
        }
        for secret in text.secrets where !profile.sharedVariables.contains(where: { $0.name == secret }) {
            variables.append(variable(secret, "", description: "a secret: set its value in your environment"))
        }
        root.append(key: "variable", value: .array(variables))
        return Result(
            collection: .object(root), environments: environments(profile, text: &text), secrets: text.secrets)
    }

    static func variable(_ key: String, _ value: String, description: String? = nil) -> JSONValue {
        var object = JSONObject()
        object.append(key: "key", value: .string(key))
        object.append(key: "value", value: .string(value))
        object.append(key: "type", value: "string")
        if let description { object.append(key: "description", value: .string(description)) }
        return .object(object)
    }

    private static func item(_ endpoint: Endpoint, profile: Profile, text: inout ExportText) -> JSONValue {
        var request = JSONObject()
        request.append(key: "method", value: .string(endpoint.method))
        let headers = ExportSupport.headers(profile, endpoint)
        request.append(
            key: "header",
            value: .array(headers.map { pair($0.name, text.render($0.value.text)) }))
        let contentType = headers.last { $0.name.lowercased() == "content-type" }?.value.text.lowercased() ?? ""
        if let body = endpoint.body {
            let json = ExportSupport.body(body, text: &text)
            request.append(
                key: "body",
                value: [
                    "mode": "raw", "raw": .string(json.jsonText(style: .pretty)),
                    "options": ["raw": ["language": "json"]],
                ])
        } else if let bodyText = endpoint.bodyText {
            let rendered = text.render(bodyText.text)
            if contentType.contains("x-www-form-urlencoded") {
                request.append(
                    key: "body",
                    value: [
                        "mode": "urlencoded",
                        "urlencoded": .array(ExportSupport.formPairs(rendered).map { pair($0.0, $0.1) }),
                    ])
            } else {
                request.append(key: "body", value: ["mode": "raw", "raw": .string(rendered)])
            }
        }
        request.append(key: "url", value: url(endpoint, text: &text))
        if let description = endpoint.description { request.append(key: "description", value: .string(description)) }
        var item = JSONObject()
        item.append(key: "name", value: .string(endpoint.id))
        item.append(key: "request", value: .object(request))
        item.append(key: "response", value: [])
        return .object(item)
    }

    private static func pair(_ key: String, _ value: String) -> JSONValue {
        ["key": .string(key), "value": .string(value)]
    }

    private static func url(_ endpoint: Endpoint, text: inout ExportText) -> JSONValue {
        let path = text.render(endpoint.path.text, inPath: true) { ":" + $0 }
        let absolute = path.contains("://")
        var query: [JSONValue] = []
        for item in endpoint.query {
            query.append(pair(item.name, ExportSupport.queryValue(item.value, endpoint: endpoint, text: &text)))
        }
        let queryText = query.compactMap { $0.objectValue }.map { object in
            (object["key"]?.stringValue ?? "") + "=" + (object["value"]?.stringValue ?? "")
        }.joined(separator: "&")
        var url = JSONObject()
        url.append(
            key: "raw", value: .string((absolute ? "" : "{{baseUrl}}") + path + (query.isEmpty ? "" : "?" + queryText)))
        if !absolute {
            url.append(key: "host", value: ["{{baseUrl}}"])
            url.append(key: "path", value: .array(path.split(separator: "/").map { .string(String($0)) }))
        }
        if !query.isEmpty { url.append(key: "query", value: .array(query)) }
        let pathParameters = ExportText.tokens(endpoint.path.text, inPath: true).compactMap { token -> String? in
            if case .parameter(let name) = token { name } else { nil }
        }
        if !pathParameters.isEmpty {
            url.append(
                key: "variable",
                value: .array(
                    pathParameters.map { name in
                        pair(name, endpoint.params.first { $0.name == name }?.defaultValue ?? "")
                    }))
        }
        return .object(url)
    }
}
