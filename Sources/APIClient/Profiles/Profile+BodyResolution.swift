import APIHTTP
import APIMapping
import Foundation

/// A request body as resolution builds it: bytes with their content type, or a streamed form.
struct ResolvedBody {
    var bytes: [UInt8]?
    var upload: MultipartUpload?
    var contentType: String?
}

extension Profile {
    /// The body of a request: the endpoint's declared one (`body`/`json`, `body_text`, `form`,
    /// `multipart`) with its fields filled from parameters, plus the call's own fields.
    ///
    /// A declared field that is exactly an optional parameter with no value is not sent (a JSON
    /// member keeps the starting body's value). Form fields are encoded as HTML forms do (UTF-8,
    /// space as `+`, everything but unreserved characters percent-encoded); a file among them, or
    /// any `-F` field, makes the body `multipart/form-data`.
    static func resolveBody(
        _ endpoint: Endpoint, _ context: TemplateContext, present: (Template) -> Bool, fields: BodyFields,
        parameters: [String: String]
    ) throws(ProfileError) -> ResolvedBody {
        let id = endpoint.id
        var types: [String: ParameterType] = [:]
        for parameter in endpoint.params where types[parameter.name] == nil { types[parameter.name] = parameter.type }
        func text(_ template: Template) throws(ProfileError) -> String {
            try context.resolve(template, for: "the body of endpoint '\(id)'")
        }
        let wantsMultipart =
            !endpoint.multipart.isEmpty || !fields.multipart.isEmpty
            || fields.form.contains { if case .text = $0.source { false } else { true } }
        let isJSON = endpoint.body != nil || !endpoint.json.isEmpty
        if isJSON, !(fields.form.isEmpty && fields.multipart.isEmpty) {
            throw ProfileError(
                .invalidValue, at: endpoint.location,
                "endpoint '\(id)' sends JSON; give its fields as name=value or name:=json, or a whole body with --data")
        }
        if wantsMultipart || !endpoint.form.isEmpty || !fields.form.isEmpty {
            var declared: [FormField] = []
            let given = fields.form + fields.multipart
            // A field given for this call replaces the declared one, whose parameter is then not needed.
            for field in endpoint.form + endpoint.multipart
            where present(field.value) && !given.contains(where: { $0.name == field.name }) {
                if let name = field.value.soleParameter, types[name] == .file {
                    declared.append(FormField(name: field.name, source: .file(path: try text(field.value))))
                } else {
                    declared.append(FormField(name: field.name, source: .text(try text(field.value))))
                }
            }
            let all = declared + given
            if wantsMultipart {
                do {
                    let upload = try MultipartUpload(fields: all)
                    return ResolvedBody(upload: upload, contentType: upload.contentType)
                } catch {
                    throw ProfileError(
                        .invalidValue, at: endpoint.location, "the form of endpoint '\(id)': \(error.description)")
                }
            }
            let encoded = all.map { FormEncoding.encode($0.name) + "=" + FormEncoding.encode(Self.textValue($0)) }
            return ResolvedBody(
                bytes: Array(encoded.joined(separator: "&").utf8), contentType: "application/x-www-form-urlencoded")
        }
        let undeclared = fields.rawJSON.filter { name in !endpoint.parameterNames.contains(name) }.sorted()
        if isJSON || !undeclared.isEmpty {
            var members: [(String, JSONValue)] = []
            if case .object(let object)? = try endpoint.body.map({ (b: BodyTemplate) throws(ProfileError) in
                try resolve(b, context, id)
            }) {
                members = object.members.map { ($0.key, $0.value) }
            } else if let body = endpoint.body {
                guard endpoint.json.isEmpty, undeclared.isEmpty else {
                    throw ProfileError(
                        .invalidValue, at: endpoint.location,
                        "endpoint '\(id)' has fields for a JSON object, but its body is not one")
                }
                return ResolvedBody(bytes: Array(try resolve(body, context, id).jsonText().utf8), contentType: nil)
            }
            func set(_ key: String, _ value: JSONValue) {
                if let index = members.firstIndex(where: { $0.0 == key }) {
                    members[index].1 = value
                } else {
                    members.append((key, value))
                }
            }
            for field in endpoint.json where present(field.value) {
                let value = try text(field.value)
                if let name = field.value.soleParameter, fields.rawJSON.contains(name) || types[name]?.isJSON == true {
                    set(field.name, try json(value, parameter: name, endpoint: endpoint))
                } else {
                    set(field.name, .string(value))
                }
            }
            for name in undeclared {
                set(name, try json(parameters[name] ?? "", parameter: name, endpoint: endpoint))
            }
            var object = JSONObject()
            for (key, value) in members { object.append(key: key, value: value) }
            return ResolvedBody(bytes: Array(JSONValue.object(object).jsonText().utf8), contentType: nil)
        }
        if let template = endpoint.bodyText {
            return ResolvedBody(bytes: Array(try text(template).utf8), contentType: "text/plain; charset=utf-8")
        }
        return ResolvedBody()
    }

    /// A parameter's value read as JSON, for a JSON body field.
    private static func json(_ text: String, parameter: String, endpoint: Endpoint) throws(ProfileError) -> JSONValue {
        do {
            return try JSONDocument(parsing: text).root.value
        } catch {
            throw ProfileError(
                .invalidValue, at: endpoint.location,
                "parameter '\(parameter)' of endpoint '\(endpoint.id)' is sent as JSON, but its value is not JSON "
                    + "(\(error.description)); quote a string as \"…\", or give it as \(parameter)=text")
        }
    }

    /// The text of a form field (its value, or a file's path for a text field read from a file).
    static func textValue(_ field: FormField) -> String {
        switch field.source {
        case .text(let value): value
        case .file(let path), .textFile(let path): path
        }
    }
}
