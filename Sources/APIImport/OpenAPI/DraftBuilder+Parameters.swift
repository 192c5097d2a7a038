import APIClient
import APIMapping
import Foundation

extension DraftBuilder {
    /// Headers OpenAPI says to ignore as parameters: the profile and transport set them.
    private static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// Path-item and operation parameters merged (the operation's win on the same name and place),
    /// as declared parameters, query items and headers.
    mutating func parameters(shared: [Located], operation: Located, into endpoint: inout EndpointDraft)
        throws(ImportError)
    {
        var merged: [Located] = []
        for raw in shared + (operation.child("parameters")?.elements ?? []) {
            let parameter = try store.resolve(raw)
            let key = (parameter.string("name") ?? "", parameter.string("in") ?? "")
            merged.removeAll { ($0.string("name") ?? "", $0.string("in") ?? "") == key }
            merged.append(parameter)
        }
        var usedNames: Set<String> = []
        for parameter in merged {
            guard let name = parameter.string("name"), let location = parameter.string("in") else {
                warnings.append("\(place(parameter)): parameter without name or in skipped")
                continue
            }
            if location == "cookie" {
                warnings.append("\(endpoint.id): cookie parameter '\(name)' skipped (\(place(parameter)))")
                continue
            }
            if location == "header", Self.ignoredHeaders.contains(name.lowercased()) { continue }
            guard ["path", "query", "header"].contains(location) else {
                warnings.append("\(endpoint.id): parameter '\(name)' in '\(location)' skipped (\(place(parameter)))")
                continue
            }
            var draftName = Identifier.parameterName(name)
            var suffix = 2
            while usedNames.contains(draftName) {
                draftName = Identifier.parameterName(name) + "_\(location)" + (suffix > 2 ? "\(suffix)" : "")
                suffix += 1
            }
            usedNames.insert(draftName)
            var draft = ParameterDraft(name: draftName)
            draft.description = try text(parameter, "description").flatMap(Self.firstLine)
            draft.required = location == "path" || parameter.value.objectValue?["required"]?.boolValue == true
            let schema = try parameter.child("schema").map { (s: Located) throws(ImportError) in try store.resolve(s) }
            draft.secret = Self.isCredential(name: name, description: draft.description)
            if let value = schema?.value.objectValue?["default"] ?? parameter.value.objectValue?["default"],
                !draft.secret
            {
                draft.defaultValue = Self.text(of: value)
            }
            if !draft.secret {
                draft.example = try example(of: parameter, schema: schema, needed: draft.required)
            }
            var choices = schema?.child("enum")?.elements ?? []
            if choices.isEmpty,
                let items = try schema?.child("items").map({ (s: Located) throws(ImportError) in try store.resolve(s) })
            {
                choices = items.child("enum")?.elements ?? []
            }
            draft.allowedValues = choices.compactMap { Self.text(of: $0.value) }
            if let type = SchemaSkeleton.type(of: schema?.value.objectValue),
                ["integer", "number", "boolean"].contains(type)
            {
                draft.type = type
            }
            endpoint.params.append(draft)
            switch location {
            case "path":
                if draftName != name {
                    endpoint.path = endpoint.path.replacingOccurrences(of: "{\(name)}", with: "{\(draftName)}")
                }
            case "query":
                endpoint.query.append(DraftHeader(name: name, value: "${\(draftName)}"))
            default:
                endpoint.headers.append(DraftHeader(name: name, value: "${\(draftName)}"))
            }
        }
    }

    /// Whether a parameter or field is a credential, by its name (`SecretNames`: `token`,
    /// `api_key`, `password`, `X-Auth-Token`…) or a description that says so ("Authentication token").
    static func isCredential(name: String, description: String?) -> Bool {
        // A resource id named like Twilio's (`Sid`, `FlowSid`) is no session id.
        let words = SecretNames.words(of: name)
        if words.last == "sid", !name.lowercased().contains("session") { return false }
        if SecretNames.isSecret(name) { return true }
        let text = description?.lowercased() ?? ""
        return Self.credentialPhrases.contains { text.contains($0) }
    }

    private static let credentialPhrases = [
        "access token", "authentication token", "auth token", "api key", "api token", "bearer token", "password",
        "client secret", "secret key",
    ]

    /// A parameter's example as text: its own `example` or first of `examples`, its schema's, or
    /// (when a value is needed) one made from its schema: a hint, never a default.
    private func example(of parameter: Located, schema: Located?, needed: Bool) throws(ImportError) -> String? {
        let object = parameter.value.objectValue
        if let value = object?["example"], let text = Self.text(of: value) { return text }
        if let first = parameter.child("examples")?.members.first {
            let example = try store.resolve(first.value)
            if let value = example.value.objectValue?["value"], let text = Self.text(of: value) { return text }
        }
        guard let schema, needed else { return nil }
        var skeleton = SchemaSkeleton(store: store)
        let value = try skeleton.value(for: schema)
        // An empty string or a null says nothing as a hint.
        let text: String? =
            switch value {
            case .array(let elements): elements.first.flatMap { Self.text(of: $0) }
            case .null: nil
            default: Self.text(of: value)
            }
        return text?.isEmpty == false ? text : nil
    }

    /// A scalar as the text a parameter default or allowed value is written with; `nil` for objects and arrays.
    static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let string): string
        case .number(let number): number.text
        case .bool(let bool): String(bool)
        case .null: "null"
        case .array, .object: nil
        }
    }
}
