import APIMapping
import Foundation

extension Swagger2Converter {
    /// The keys of a Swagger 2.0 non-body parameter that describe its value; they move into `schema`.
    private static let schemaKeys: Set<String> = [
        "type", "format", "items", "default", "enum", "maximum", "minimum", "exclusiveMaximum",
        "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf",
    ]

    /// A query, path or header parameter: value keys into `schema`, `collectionFormat` into `style`/`explode`.
    mutating func convertParameter(_ parameter: Located) throws(ImportError) -> JSONValue {
        var out = JSONObject()
        var schema = JSONObject()
        for (key, value) in parameter.value.objectValue?.members ?? [] {
            if Self.schemaKeys.contains(key) {
                schema[key] =
                    key == "items"
                    ? rewritten(Located(value: value, file: parameter.file, pointer: parameter.pointer)) : value
            } else if key == "collectionFormat" {
                continue
            } else if key == "allowEmptyValue" || key == "x-example" || key.hasPrefix("x-") || key == "name"
                || key == "in" || key == "description" || key == "required"
            {
                out[key] = value
            }
        }
        if schema["type"]?.stringValue == "file" {
            schema["type"] = "string"
            schema["format"] = "binary"
        }
        out["schema"] = .object(schema)
        switch parameter.string("collectionFormat") {
        case "multi":
            out["style"] = "form"
            out["explode"] = true
        case "csv": out["explode"] = false
        case "ssv": out["style"] = "spaceDelimited"
        case "pipes": out["style"] = "pipeDelimited"
        case "tsv":
            warnings.append(
                "\(store.displayName(parameter.file))\(parameter.pointer): collectionFormat tsv has no OpenAPI 3 style; treated as csv"
            )
            out["explode"] = false
        default: break
        }
        return .object(out)
    }

    /// A response: `schema` under each produced media type, `examples` (by media type) beside it.
    mutating func convertResponse(_ response: Located, produces: [String]) throws(ImportError) -> JSONValue {
        var out = JSONObject()
        out["description"] = response.value.objectValue?["description"] ?? ""
        if let headers = response.child("headers") {
            var converted = JSONObject()
            for (name, header) in headers.members {
                var schema = JSONObject()
                var entry = JSONObject()
                for (key, value) in header.value.objectValue?.members ?? [] {
                    if key == "description" {
                        entry[key] = value
                    } else if Self.schemaKeys.contains(key) {
                        schema[key] = value
                    }
                }
                entry["schema"] = .object(schema)
                converted[name] = .object(entry)
            }
            out["headers"] = .object(converted)
        }
        if let schema = response.child("schema") {
            let examples = response.value.objectValue?["examples"]?.objectValue
            var content = JSONObject()
            for type in produces.isEmpty ? ["application/json"] : produces {
                var media: JSONObject = ["schema": rewritten(schema)]
                if let example = examples?[type] { media["example"] = example }
                content[type] = .object(media)
            }
            out["content"] = .object(content)
        }
        return .object(out)
    }

    /// `in: formData` parameters as one object schema, multipart when files are uploaded or it is consumed.
    func formBody(_ parameters: [Located], consumes: [String]) -> JSONValue {
        var properties = JSONObject()
        var required: [JSONValue] = []
        var hasFile = false
        for parameter in parameters {
            guard let name = parameter.string("name") else { continue }
            var schema = JSONObject()
            for (key, value) in parameter.value.objectValue?.members ?? [] where Self.schemaKeys.contains(key) {
                schema[key] = value
            }
            if let description = parameter.value.objectValue?["description"] { schema["description"] = description }
            if schema["type"]?.stringValue == "file" {
                schema["type"] = "string"
                schema["format"] = "binary"
                hasFile = true
            }
            properties[name] = .object(schema)
            if parameter.value.objectValue?["required"]?.boolValue == true { required.append(.string(name)) }
        }
        let type =
            hasFile || consumes.contains("multipart/form-data")
            ? "multipart/form-data" : "application/x-www-form-urlencoded"
        var schema: JSONObject = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required) }
        return ["content": .object([type: ["schema": .object(schema)]])]
    }

    /// A `securityDefinitions` entry as a 3.0 security scheme.
    func securityScheme(_ scheme: JSONValue) -> JSONValue {
        let object = scheme.objectValue ?? [:]
        switch object["type"]?.stringValue {
        case "basic":
            return ["type": "http", "scheme": "basic"]
        case "oauth2":
            var flow = JSONObject()
            for key in ["authorizationUrl", "tokenUrl"] { if let value = object[key] { flow[key] = value } }
            flow["scopes"] = object["scopes"] ?? [:]
            let name: String =
                switch object["flow"]?.stringValue {
                case "password": "password"
                case "application": "clientCredentials"
                case "accessCode": "authorizationCode"
                default: "implicit"
                }
            return ["type": "oauth2", "flows": .object([name: .object(flow)])]
        default:
            return scheme
        }
    }

    /// The value with every `$ref` made to resolve from the converted entry file: `#/definitions/X`
    /// becomes `#/components/schemas/X`; references written in another file become absolute.
    /// Example, default and enum values are data and left alone.
    func rewritten(_ located: Located) -> JSONValue {
        rewrite(located.value, file: located.file)
    }

    private func rewrite(_ value: JSONValue, file: URL) -> JSONValue {
        switch value {
        case .object(let object):
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(object.count)
            for (key, member) in object.members {
                if key == "$ref", case .string(let ref) = member {
                    members.append((key, .string(rewriteRef(ref, file: file))))
                } else if ["example", "examples", "x-example", "default", "enum"].contains(key) {
                    members.append((key, member))
                } else {
                    members.append((key, rewrite(member, file: file)))
                }
            }
            return .object(JSONObject(members))
        case .array(let array):
            return .array(array.map { rewrite($0, file: file) })
        default:
            return value
        }
    }

    private func rewriteRef(_ ref: String, file: URL) -> String {
        let hash = ref.firstIndex(of: "#") ?? ref.endIndex
        let address = String(ref[..<hash])
        var fragment = String(ref[hash...])
        let located = Located(value: .null, file: file, pointer: "")
        var target = file
        if !address.isEmpty {
            do {
                (target, _) = try store.target(of: ref, in: located)
            } catch {
                return ref  // reported when the importer follows it
            }
        }
        if target == rootFile {
            for (old, new) in [
                ("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"),
                ("#/responses/", "#/components/responses/"),
            ] where fragment.hasPrefix(old) {
                fragment = new + fragment.dropFirst(old.count)
            }
            return fragment
        }
        return target.absoluteString + fragment
    }
}
