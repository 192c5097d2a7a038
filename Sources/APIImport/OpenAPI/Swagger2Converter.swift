import APIMapping
import Foundation

/// Rewrites a Swagger 2.0 tree as an OpenAPI 3.0 tree, which OpenAPIKit (and the rest of the
/// importer) can read: OpenAPIKit only decodes 3.0 and 3.1 documents.
///
/// `host` + `basePath` + `schemes` become `servers`; `definitions`, `parameters`, `responses`
/// and `securityDefinitions` move under `components` (with `#/definitions/…` refs rewritten);
/// `in: body` becomes `requestBody`, `in: formData` a form or multipart body; `consumes` and
/// `produces` become media types; `collectionFormat` becomes `style`/`explode`. Parameters and
/// responses written in other files are resolved and inlined, with the references inside them
/// made absolute so they still resolve from the entry file.
struct Swagger2Converter {
    let store: SourceStore
    let rootFile: URL
    var warnings: [String] = []

    mutating func convert(_ root: Located) throws(ImportError) -> JSONValue {
        var out = JSONObject()
        out["openapi"] = "3.0.3"
        if let info = root.value.objectValue?["info"] { out["info"] = info }
        out["servers"] = .array(servers(root.value))
        for key in ["tags", "externalDocs", "security"] {
            if let value = root.value.objectValue?[key] { out[key] = value }
        }
        let consumes = root.value.objectValue?["consumes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let produces = root.value.objectValue?["produces"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var components = JSONObject()
        if let definitions = root.child("definitions") {
            components["schemas"] = rewritten(definitions)
        }
        if let parameters = root.child("parameters") {
            var converted = JSONObject()
            for (name, parameter) in parameters.members {
                let resolved = try store.resolve(parameter)
                let kind = resolved.string("in")
                if kind == "body" || kind == "formData" { continue }  // inlined into each operation instead
                converted[name] = try convertParameter(resolved)
            }
            components["parameters"] = .object(converted)
        }
        if let responses = root.child("responses") {
            var converted = JSONObject()
            for (name, response) in responses.members {
                converted[name] = try convertResponse(try store.resolve(response), produces: produces)
            }
            components["responses"] = .object(converted)
        }
        if let schemes = root.child("securityDefinitions") {
            var converted = JSONObject()
            for (name, scheme) in schemes.members { converted[name] = securityScheme(scheme.value) }
            components["securitySchemes"] = .object(converted)
        }
        out["components"] = .object(components)
        var paths = JSONObject()
        for (path, item) in root.child("paths")?.members ?? [] {
            paths[path] = try convertPathItem(try store.resolve(item), consumes: consumes, produces: produces)
        }
        out["paths"] = .object(paths)
        return .object(out)
    }

    private mutating func servers(_ root: JSONValue) -> [JSONValue] {
        let object = root.objectValue
        let basePath = object?["basePath"]?.stringValue ?? ""
        guard let host = object?["host"]?.stringValue else {
            warnings.append(
                "swagger: no `host`; the server is the relative base path '\(basePath.isEmpty ? "/" : basePath)'")
            return [["url": .string(basePath.isEmpty ? "/" : basePath)]]
        }
        let schemes = object?["schemes"]?.arrayValue?.compactMap(\.stringValue) ?? ["https"]
        return (schemes.isEmpty ? ["https"] : schemes).map { ["url": .string("\($0)://\(host)\(basePath)")] }
    }

    private mutating func convertPathItem(_ item: Located, consumes: [String], produces: [String]) throws(ImportError)
        -> JSONValue
    {
        var out = JSONObject()
        let shared = item.child("parameters")?.elements ?? []
        for (key, value) in item.members {
            guard OperationWalker.methods.contains(key) else {
                if key != "parameters" { out[key] = rewritten(value) }
                continue
            }
            out[key] = try convertOperation(value, shared: shared, consumes: consumes, produces: produces)
        }
        return .object(out)
    }

    private mutating func convertOperation(
        _ operation: Located, shared: [Located], consumes globalConsumes: [String], produces globalProduces: [String]
    ) throws(ImportError) -> JSONValue {
        var out = JSONObject()
        let consumes = operation.value.objectValue?["consumes"]?.arrayValue?.compactMap(\.stringValue) ?? globalConsumes
        let produces = operation.value.objectValue?["produces"]?.arrayValue?.compactMap(\.stringValue) ?? globalProduces
        for key in ["tags", "summary", "description", "externalDocs", "operationId", "deprecated", "security"] {
            if let value = operation.value.objectValue?[key] { out[key] = value }
        }
        // Path-level parameters first; an operation's parameter with the same name and place replaces one.
        var parameters: [Located] = []
        for parameter in shared + (operation.child("parameters")?.elements ?? []) {
            let resolved = try store.resolve(parameter)
            let id = (resolved.string("name") ?? "", resolved.string("in") ?? "")
            parameters.removeAll { ($0.string("name") ?? "", $0.string("in") ?? "") == id }
            parameters.append(resolved)
        }
        var converted: [JSONValue] = []
        var form: [Located] = []
        for parameter in parameters {
            switch parameter.string("in") {
            case "body":
                var body = JSONObject()
                if let description = parameter.value.objectValue?["description"] { body["description"] = description }
                if let required = parameter.value.objectValue?["required"] { body["required"] = required }
                let schema = parameter.child("schema").map(rewritten) ?? [:]
                var content = JSONObject()
                for type in consumes.isEmpty ? ["application/json"] : consumes {
                    content[type] = ["schema": schema]
                }
                body["content"] = .object(content)
                out["requestBody"] = .object(body)
            case "formData":
                form.append(parameter)
            default:
                converted.append(try convertParameter(parameter))
            }
        }
        if !form.isEmpty { out["requestBody"] = formBody(form, consumes: consumes) }
        if !converted.isEmpty { out["parameters"] = .array(converted) }
        var responses = JSONObject()
        for (status, response) in operation.child("responses")?.members ?? [] {
            responses[status] = try convertResponse(try store.resolve(response), produces: produces)
        }
        out["responses"] = .object(responses)
        return .object(out)
    }
}
