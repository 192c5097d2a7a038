import APIClient
import APIMapping

/// What every export needs from a profile: its envelope as a line other clients carry, its
/// endpoints' folders, the headers each endpoint sends, and parameter defaults.
enum ExportSupport {
    /// The line that carries the envelope through a format that has no place for it (a Postman
    /// collection's description, a `.http` comment); the importers read it back.
    static let envelopePrefix = "apiexplore-envelope: "

    /// The envelope as a JSON object: `{"status":"code","success":[0],"tip":"msg","model":"data"}`.
    static func envelopeJSON(_ envelope: Envelope) -> JSONValue? {
        guard envelope.status != nil || !envelope.model.segments.isEmpty else { return nil }
        var object = JSONObject()
        object.append(key: "status", value: envelope.status.map { .string($0.description) } ?? .null)
        switch envelope.success {
        case .values(let values):
            object.append(
                key: "success",
                value: .array(
                    values.map { value -> JSONValue in
                        switch value {
                        case .number(let number): .number(number)
                        case .string(let text): .string(text)
                        case .bool(let flag): .bool(flag)
                        }
                    }))
        case .absent: object.append(key: "success", value: "absent")
        case .present: object.append(key: "success", value: "present")
        case .http: object.append(key: "success", value: "http")
        }
        if let tip = envelope.tip.first { object.append(key: "tip", value: .string(tip.description)) }
        object.append(key: "model", value: .string(envelope.model.description))
        return .object(object)
    }

    /// The endpoint's folders, from its first tag (`users/admin` → `["users", "admin"]`).
    static func folders(_ endpoint: Endpoint) -> [String] {
        endpoint.tags.first.map { $0.split(separator: "/").map(String.init) } ?? []
    }

    /// The headers the endpoint sends: the profile's, replaced by its own of the same name.
    static func headers(_ profile: Profile, _ endpoint: Endpoint) -> [HeaderTemplate] {
        var headers = profile.sharedHeaders.filter { shared in
            !endpoint.headers.contains { $0.name.lowercased() == shared.name.lowercased() }
        }
        headers += endpoint.headers
        return headers
    }

    /// The body as JSON with templated strings in `{{name}}` syntax.
    static func body(_ body: BodyTemplate, text: inout ExportText) -> JSONValue {
        switch body {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let template): return .string(text.render(template.text))
        case .array(let elements): return .array(elements.map { Self.body($0, text: &text) })
        case .object(let members):
            var object = JSONObject()
            for member in members { object.append(key: member.key, value: Self.body(member.value, text: &text)) }
            return .object(object)
        }
    }

    /// A query value: a parameter's default when the value is exactly that parameter, else the template.
    static func queryValue(_ template: Template, endpoint: Endpoint, text: inout ExportText) -> String {
        let tokens = ExportText.tokens(template.text)
        if tokens.count == 1, case .parameter(let name) = tokens[0],
            let value = endpoint.params.first(where: { $0.name == name })?.defaultValue
        {
            return value
        }
        return text.render(template.text)
    }

    /// `a=1&b={{x}}` as pairs (form bodies).
    static func formPairs(_ text: String) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (CurlEncoding.unescape(String(pair)), "") }
            return (
                CurlEncoding.unescape(String(pair[..<equals])),
                CurlEncoding.unescape(String(pair[pair.index(after: equals)...]))
            )
        }
    }
}
