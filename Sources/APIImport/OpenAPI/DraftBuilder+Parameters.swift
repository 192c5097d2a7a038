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
            if let value = schema?.value.objectValue?["default"] ?? parameter.value.objectValue?["default"] {
                draft.defaultValue = Self.text(of: value)
            }
            var choices = schema?.child("enum")?.elements ?? []
            if choices.isEmpty,
                let items = try schema?.child("items").map({ (s: Located) throws(ImportError) in try store.resolve(s) })
            {
                choices = items.child("enum")?.elements ?? []
            }
            draft.allowedValues = choices.compactMap { Self.text(of: $0.value) }
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
