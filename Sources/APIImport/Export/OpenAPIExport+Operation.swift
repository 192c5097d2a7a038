import APIClient
import APIMapping

extension OpenAPIExport {
    /// A profile path as an OpenAPI path: parameters and variables as `{name}`.
    static func openAPIPath(_ template: String, text: inout ExportText) -> String {
        text.render(template, inPath: true) { "{\($0)}" }.replacing("{{", with: "{").replacing("}}", with: "}")
    }

    /// The `{name}`s of an OpenAPI path.
    static func pathNames(_ path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            if !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    static func operation(
        _ endpoint: Endpoint, path: String, profile: Profile, schema: JSONValue?, text: inout ExportText
    ) -> JSONValue {
        var operation = JSONObject()
        operation.append(key: "operationId", value: .string(endpoint.id))
        if let description = endpoint.description { operation.append(key: "summary", value: .string(description)) }
        if !endpoint.tags.isEmpty { operation.append(key: "tags", value: .array(endpoint.tags.map { .string($0) })) }
        var parameters: [JSONValue] = []
        for name in pathNames(path) {
            parameters.append(parameter(name, in: "path", endpoint: endpoint, required: true))
        }
        // Query items of parameters; those of variables or literals are the server's business.
        for item in endpoint.query where !item.value.parameterNames.isEmpty {
            parameters.append(queryParameter(item.name, item.value, endpoint: endpoint))
        }
        // A header made of a parameter is a header parameter; literal headers and credentials are not.
        for header in ExportSupport.headers(profile, endpoint) where header.name.lowercased() != "authorization" {
            let tokens = ExportText.tokens(header.value.text)
            guard tokens.count == 1, case .parameter(let name) = tokens[0] else { continue }
            var object = JSONObject()
            object.append(key: "name", value: .string(header.name))
            object.append(key: "in", value: "header")
            let declared = endpoint.params.first { $0.name == name }
            object.append(key: "required", value: .bool(declared?.isRequired ?? true))
            var schema: JSONObject = ["type": "string"]
            if let value = declared?.defaultValue { schema.append(key: "default", value: .string(value)) }
            object.append(key: "schema", value: .object(schema))
            parameters.append(.object(object))
        }
        if !parameters.isEmpty { operation.append(key: "parameters", value: .array(parameters)) }
        if let body = endpoint.body {
            operation.append(
                key: "requestBody",
                value: ["content": ["application/json": ["example": ExportSupport.body(body, text: &text)]]])
        } else if let bodyText = endpoint.bodyText {
            let type =
                ExportSupport.headers(profile, endpoint).last { $0.name.lowercased() == "content-type" }
                .flatMap { ExportText.literal($0.value.text) } ?? "text/plain"
            let content: JSONValue = ["schema": ["type": "string"], "example": .string(text.render(bodyText.text))]
            operation.append(
                key: "requestBody", value: ["content": .object(JSONObject([(key: type, value: content)]))])
        }
        var responses = JSONObject()
        let envelope = endpoint.envelope.applied(to: profile.envelope)
        let model = schema ?? [:]
        let wrapped = envelopeSchema(envelope, model: model) ?? model
        responses.append(
            key: "200",
            value: [
                "description": .string(
                    schema == nil
                        ? "Success (no exchange in history yet: the model's schema is open)."
                        : "Success; the model's schema is inferred from history."),
                "content": ["application/json": ["schema": wrapped]],
            ])
        if !profile.errors.isEmpty {
            responses.append(key: "default", value: ["$ref": "#/components/responses/BusinessError"])
        }
        operation.append(key: "responses", value: .object(responses))
        return .object(operation)
    }

    private static func parameter(_ name: String, in location: String, endpoint: Endpoint, required: Bool)
        -> JSONValue
    {
        var object = JSONObject()
        object.append(key: "name", value: .string(name))
        object.append(key: "in", value: .string(location))
        let declared = endpoint.params.first { $0.name == name }
        if let description = declared?.description { object.append(key: "description", value: .string(description)) }
        object.append(key: "required", value: .bool(required || (declared?.isRequired ?? false)))
        var schema: JSONObject = ["type": "string"]
        if let value = declared?.defaultValue { schema.append(key: "default", value: .string(value)) }
        if let values = declared?.allowedValues, !values.isEmpty {
            schema.append(key: "enum", value: .array(values.map { .string($0) }))
        }
        object.append(key: "schema", value: .object(schema))
        return .object(object)
    }

    private static func queryParameter(_ name: String, _ template: Template, endpoint: Endpoint) -> JSONValue {
        let tokens = ExportText.tokens(template.text)
        if tokens.count == 1, case .parameter(let parameter) = tokens[0] {
            let declared = endpoint.params.first { $0.name == parameter }
            var object = JSONObject()
            object.append(key: "name", value: .string(name))
            object.append(key: "in", value: "query")
            if let description = declared?.description {
                object.append(key: "description", value: .string(description))
            }
            object.append(key: "required", value: .bool(declared?.isRequired ?? true))
            var schema: JSONObject = ["type": "string"]
            if let value = declared?.defaultValue { schema.append(key: "default", value: .string(value)) }
            if let values = declared?.allowedValues, !values.isEmpty {
                schema.append(key: "enum", value: .array(values.map { .string($0) }))
            }
            object.append(key: "schema", value: .object(schema))
            return .object(object)
        }
        var schema: JSONObject = ["type": "string"]
        if let literal = ExportText.literal(template.text) { schema.append(key: "default", value: .string(literal)) }
        return ["name": .string(name), "in": "query", "required": false, "schema": .object(schema)]
    }

    /// The envelope as the wrapper schema: the status (its success values), the tip and the model
    /// at their paths; `nil` for a bare envelope (the model is the body).
    static func envelopeSchema(_ envelope: Envelope, model: JSONValue) -> JSONValue? {
        var fields: [(path: [String], schema: JSONValue, required: Bool)] = []
        if let status = envelope.status {
            var schema: JSONValue = [:]
            if case .values(let values) = envelope.success {
                let json: [JSONValue] = values.map {
                    switch $0 {
                    case .number(let number): .number(number)
                    case .string(let text): .string(text)
                    case .bool(let flag): .bool(flag)
                    }
                }
                schema = [
                    "description": .string("The business status; success is \(envelope.success)."),
                    "enum": .array(json),
                ]
            }
            fields.append((status.segments.map(\.key), schema, true))
        }
        if let tip = envelope.tip.first {
            fields.append(
                (tip.segments.map(\.key), ["type": ["string", "null"], "description": "The tip (message)."], false))
        }
        guard !fields.isEmpty || !envelope.model.segments.isEmpty else { return nil }
        if !envelope.model.segments.isEmpty {
            fields.append((envelope.model.segments.map(\.key), model, false))
        }
        return nest(fields)
    }

    /// Object schemas nested along the fields' paths.
    private static func nest(_ fields: [(path: [String], schema: JSONValue, required: Bool)]) -> JSONValue {
        var order: [String] = []
        var groups: [String: [(path: [String], schema: JSONValue, required: Bool)]] = [:]
        var leaves: [String: (JSONValue, Bool)] = [:]
        for field in fields {
            guard let first = field.path.first else { continue }
            if groups[first] == nil, leaves[first] == nil { order.append(first) }
            if field.path.count == 1 {
                leaves[first] = (field.schema, field.required)
            } else {
                groups[first, default: []].append((Array(field.path.dropFirst()), field.schema, field.required))
            }
        }
        var properties = JSONObject()
        var required: [JSONValue] = []
        for key in order {
            if let (schema, isRequired) = leaves[key] {
                properties.append(key: key, value: schema)
                if isRequired { required.append(.string(key)) }
            } else if let group = groups[key] {
                properties.append(key: key, value: nest(group))
                if group.contains(where: { $0.required }) { required.append(.string(key)) }
            }
        }
        var object: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { object.append(key: "required", value: .array(required)) }
        return .object(object)
    }

    /// The error catalogue as a response: one schema per business code, named and explained.
    static func businessErrors(_ profile: Profile) -> JSONValue {
        let codes: [JSONValue] = profile.errors.codes.map { code in
            let value: JSONValue =
                switch code.code {
                case .number(let number): .number(number)
                case .string(let text): .string(text)
                case .bool(let flag): .bool(flag)
                }
            var schema: JSONObject = ["title": .string(code.name)]
            var fields: [(path: [String], schema: JSONValue, required: Bool)] = []
            if let status = profile.envelope.status {
                fields.append((status.segments.map(\.key), ["const": value], true))
            } else if let tip = profile.envelope.tip.first {
                fields.append((tip.segments.map(\.key), ["const": value], true))
            }
            if let nested = nest(fields).objectValue {
                for member in nested.members { schema.append(key: member.key, value: member.value) }
            }
            let action = code.action == .reauth ? " The client signs in again and retries." : ""
            schema.append(key: "description", value: .string((code.message ?? code.name) + action))
            schema.append(key: "x-apiexplore-action", value: .string(code.action.rawValue))
            return .object(schema)
        }
        let lines = profile.errors.codes.map { "- `\($0.code)` \($0.name)" + ($0.message.map { ": " + $0 } ?? "") }
        return [
            "description": .string("Business errors of the error catalogue:\n" + lines.joined(separator: "\n")),
            "content": ["application/json": ["schema": ["anyOf": .array(codes)]]],
        ]
    }
}
