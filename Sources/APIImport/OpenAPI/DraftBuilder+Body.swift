import APIMapping
import Foundation

extension DraftBuilder {
    /// The request body: JSON from an example or a schema skeleton, with its top-level properties as
    /// parameters; a form's or a multipart form's properties as parameters of their own.
    mutating func requestBody(_ body: Located, into endpoint: inout EndpointDraft) throws(ImportError) {
        let content = body.child("content")
        if let media = Self.jsonMedia(in: content) {
            var example = try mediaExample(media)
            // An example its own schema refuses (a vendor's slip) would be refused by the API too.
            if let value = example, let schema = media.child("schema") {
                var validator = SchemaValidator(store: store)
                if let violation = try validator.violation(of: value, against: schema, at: "$") {
                    endpoint.comments.append(
                        "the description's example body does not match its schema (\(violation)); built from the schema"
                    )
                    example = nil
                }
            }
            if let example {
                endpoint.body = example
            } else if let schema = media.child("schema") {
                var skeleton = SchemaSkeleton(store: store)
                endpoint.body = try skeleton.value(for: schema)
                if skeleton.budget < 0 {
                    endpoint.comments.append("the body skeleton was cut short: its schema fans out too far; fill it in")
                }
            } else {
                endpoint.body = .object([:])
            }
            // A JSON media type of its own (`application/merge-patch+json`) is sent as declared.
            if let key = content?.members.first(where: { $0.value.pointer == media.pointer })?.key,
                !key.lowercased().hasPrefix("application/json"), key != "*/*"
            {
                endpoint.headers.append(DraftHeader(name: "Content-Type", value: key))
            }
            // Fields of an object body are parameters too (`name=Rex`, `tags:='["a"]'`), over the example.
            if case .object? = endpoint.body, let schema = media.child("schema") {
                endpoint.json = try fields(of: schema, kind: .json, into: &endpoint)
            }
            return
        }
        let members = content?.members ?? []
        if let form = members.first(where: { $0.key.lowercased().hasPrefix("application/x-www-form-urlencoded") }) {
            if let schema = form.value.child("schema") {
                endpoint.form = try fields(of: schema, kind: .form, into: &endpoint)
            }
            if endpoint.form.isEmpty {
                endpoint.comments.append("form body without declared fields: give them with -f NAME=VALUE")
            }
            return
        }
        if let multipart = members.first(where: { $0.key.lowercased().hasPrefix("multipart/") }) {
            if let schema = multipart.value.child("schema") {
                endpoint.multipart = try fields(of: schema, kind: .multipart, into: &endpoint)
            }
            if endpoint.multipart.isEmpty {
                endpoint.comments.append("multipart body without declared fields: give them with -F NAME=VALUE")
            }
            return
        }
        if let other = members.first {
            if let example = try mediaExample(other.value), case .string(let text) = example {
                endpoint.bodyText = text
                endpoint.headers.append(DraftHeader(name: "Content-Type", value: other.key))
            } else {
                warnings.append(
                    "\(endpoint.id): request body of type \(other.key) not filled in (\(place(other.value)))")
                endpoint.comments.append("request body: \(other.key)")
            }
        }
    }

    /// What a body's fields are: members of a JSON object, form fields or multipart parts.
    enum FieldKind {
        case json, form, multipart
    }

    /// An object schema's properties as parameters, and the fields that send them.
    ///
    /// A form or multipart field is sent only when given or defaulted (its example is a hint); a
    /// required one is required. JSON fields are optional: the example body already holds them.
    private mutating func fields(of rawSchema: Located, kind: FieldKind, into endpoint: inout EndpointDraft)
        throws(ImportError) -> [DraftHeader]
    {
        var skeleton = SchemaSkeleton(store: store)
        let properties = try skeleton.objectProperties(rawSchema)
        let required = Set(properties.required)
        var fields: [DraftHeader] = []
        for (name, rawProperty) in properties.all.prefix(200) {
            let property = try store.resolve(rawProperty)
            let object = property.value.objectValue
            if object?["readOnly"]?.boolValue == true { continue }
            let base = Identifier.parameterName(name)
            var parameterName = base
            var suffix = 1
            while endpoint.params.contains(where: { $0.name == parameterName }) {
                parameterName = base + "_body" + (suffix > 1 ? "\(suffix)" : "")
                suffix += 1
            }
            var parameter = ParameterDraft(name: parameterName)
            parameter.description = try text(property, "description").flatMap(Self.firstLine)
            let type = SchemaSkeleton.type(of: object)
            let format = object?["format"]?.stringValue
            if kind != .json, format == "binary" || format == "base64" || type == "file" {
                parameter.type = "file"
            } else if kind == .json, let type, type != "string", type != "null" {
                parameter.type = type
            }
            parameter.secret = Self.isCredential(name: name, description: parameter.description)
            if let value = object?["default"], !parameter.secret {
                parameter.defaultValue = kind == .json ? Self.jsonText(of: value) : Self.text(of: value)
            }
            let choices = object?["enum"]?.arrayValue ?? []
            parameter.allowedValues = choices.compactMap { Self.text(of: $0) }
            if parameter.allowedValues.count != choices.count { parameter.allowedValues = [] }
            parameter.required = kind != .json && required.contains(name)
            if parameter.type != "file" {
                var sample = SchemaSkeleton(store: store)
                let value = try sample.value(for: property)
                let example = kind == .json ? Self.jsonText(of: value) : Self.text(of: value) ?? value.jsonText()
                parameter.example = example.isEmpty || value == .null ? nil : example
            }
            endpoint.params.append(parameter)
            fields.append(DraftHeader(name: name, value: "${\(parameterName)}"))
        }
        if properties.all.count > 200 {
            endpoint.comments.append("only the first 200 of \(properties.all.count) body fields are parameters")
        }
        return fields
    }

    /// A JSON value as the text a parameter of its type is given with: a string as it is, anything
    /// else as JSON (`3`, `true`, `["a"]`).
    static func jsonText(of value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.jsonText()
    }
}
