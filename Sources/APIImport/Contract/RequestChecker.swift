import APIHTTP
import APIMapping
import Foundation

/// Checks one request against its operation: parameters (path, query, header, cookie), the
/// security requirements, the content type and the body. The first violation wins.
struct RequestChecker {
    let store: SourceStore
    let root: Located
    let operation: OpenAPIContract.Operation

    mutating func violation(
        _ request: OpenAPIContract.Request, pathValues: [String: String], query: [(name: String, value: String)]
    ) throws(ImportError) -> String? {
        for parameter in try parameters() {
            if let problem = try check(parameter, request, pathValues: pathValues, query: query) { return problem }
        }
        if let problem = try security(request, query: query) { return problem }
        return try body(request)
    }

    /// Path-item and operation parameters, the operation's winning on the same name and place.
    private func parameters() throws(ImportError) -> [Located] {
        var merged: [Located] = []
        let shared = operation.item.child("parameters")?.elements ?? []
        for raw in shared + (operation.operation.child("parameters")?.elements ?? []) {
            let parameter = try store.resolve(raw)
            let key = (parameter.string("name") ?? "", parameter.string("in") ?? "")
            merged.removeAll { ($0.string("name") ?? "", $0.string("in") ?? "") == key }
            merged.append(parameter)
        }
        return merged
    }

    private func check(
        _ parameter: Located, _ request: OpenAPIContract.Request, pathValues: [String: String],
        query: [(name: String, value: String)]
    ) throws(ImportError) -> String? {
        guard let name = parameter.string("name"), let place = parameter.string("in") else { return nil }
        let required = place == "path" || parameter.value.objectValue?["required"]?.boolValue == true
        var values: [String]
        switch place {
        case "path": values = pathValues[name].map { [$0] } ?? []
        case "query": values = query.filter { $0.name == name }.map(\.value)
        case "header":
            // The transport sets these; OpenAPI says to ignore them as parameters.
            if ["accept", "content-type", "authorization"].contains(name.lowercased()) { return nil }
            values = request.headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        case "cookie":
            values = Self.cookies(request.header("Cookie")).filter { $0.0 == name }.map(\.1)
        default: return nil
        }
        guard !values.isEmpty else {
            return required ? "the required \(place) parameter '\(name)' is missing" : nil
        }
        guard let schema = try schema(of: parameter) else { return nil }
        let resolved = try store.resolve(schema)
        let isArray = SchemaSkeleton.type(of: resolved.value.objectValue) == "array"
        let value: JSONValue
        if isArray {
            // Path and header values are comma-separated (`simple`); query ones repeat unless `explode: false`.
            let commaSeparated =
                place != "query" || parameter.value.objectValue?["explode"]?.boolValue == false
            let items =
                commaSeparated && values.count == 1
                ? values[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : values
            value = .array(items.map { .string($0) })
        } else {
            value = .string(values[0])
        }
        var validator = SchemaValidator(store: store, coercesText: true)
        return try validator.violation(of: value, against: schema, at: "\(place) parameter '\(name)'")
    }

    private func schema(of parameter: Located) throws(ImportError) -> Located? {
        if let schema = parameter.child("schema") { return schema }
        return parameter.child("content")?.members.first?.value.child("schema")
    }

    /// The effective security requirements (the operation's, else the global) met by one alternative.
    private func security(_ request: OpenAPIContract.Request, query: [(name: String, value: String)])
        throws(ImportError) -> String?
    {
        guard let security = operation.operation.child("security") ?? root.child("security") else { return nil }
        let requirements = security.elements
        guard !requirements.isEmpty else { return nil }
        var unmet: [String] = []
        for requirement in requirements {
            var missing: [String] = []
            for (name, _) in requirement.members {
                guard let raw = root.child("components")?.child("securitySchemes")?.child(name) else {
                    missing.append("\(name) (not declared)")
                    continue
                }
                if let problem = try credential(of: try store.resolve(raw), request, query: query) {
                    missing.append("\(name) (\(problem))")
                }
            }
            if missing.isEmpty { return nil }
            unmet.append(missing.joined(separator: " and "))
        }
        return "no credential the operation accepts: " + unmet.joined(separator: "; or ")
    }

    /// Why a scheme's credential is not in the request; `nil` when it is.
    private func credential(
        of scheme: Located, _ request: OpenAPIContract.Request, query: [(name: String, value: String)]
    )
        throws(ImportError) -> String?
    {
        let authorization = request.header("Authorization") ?? ""
        func hasScheme(_ word: String) -> Bool {
            authorization.lowercased().hasPrefix(word.lowercased() + " ")
                && authorization.count > word.count + 1
        }
        switch scheme.string("type") {
        case "http":
            let kind = scheme.string("scheme")?.lowercased() ?? ""
            return hasScheme(kind) ? nil : "no Authorization: \(kind.capitalized) …"
        case "apiKey":
            let name = scheme.string("name") ?? ""
            switch scheme.string("in") {
            case "header":
                return request.header(name).map { $0.isEmpty ? "an empty \(name) header" : nil } ?? "no \(name) header"
            case "query":
                return query.contains { $0.name == name && !$0.value.isEmpty } ? nil : "no \(name) query parameter"
            case "cookie":
                return Self.cookies(request.header("Cookie")).contains { $0.0 == name } ? nil : "no \(name) cookie"
            default: return "an API key in '\(scheme.string("in") ?? "")'"
            }
        case "oauth2", "openIdConnect":
            return hasScheme("Bearer") ? nil : "no Authorization: Bearer …"
        case "mutualTLS":
            return "a client certificate, which this mock cannot see"
        default:
            return "an unknown scheme type"
        }
    }

    static func cookies(_ header: String?) -> [(String, String)] {
        (header ?? "").split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let name = parts.first else { return nil }
            return (name.trimmingCharacters(in: .whitespaces), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The content type and body against `requestBody`.
    private func body(_ request: OpenAPIContract.Request) throws(ImportError) -> String? {
        guard let raw = operation.operation.child("requestBody") else {
            return request.body.isEmpty ? nil : "the operation takes no body, but \(request.body.count) bytes came"
        }
        let requestBody = try store.resolve(raw)
        guard !request.body.isEmpty else {
            return requestBody.value.objectValue?["required"]?.boolValue == true ? "the operation requires a body" : nil
        }
        let contentType = request.header("Content-Type") ?? ""
        let media = Self.mediaType(contentType)
        let declared = requestBody.child("content")?.members ?? []
        guard let (key, entry) = declared.first(where: { Self.mediaMatches(declared: $0.key, sent: media) }) else {
            return "the body's content type '\(contentType)' is not one the operation takes ("
                + declared.map(\.key).joined(separator: ", ") + ")"
        }
        guard let schema = entry.child("schema") else { return nil }
        let type = Self.mediaType(key)
        if type == "application/json" || type.hasSuffix("+json") {
            let value: JSONValue
            do {
                value = try JSONDocument(parsing: request.body).root.value
            } catch {
                return "the body is not JSON: \(error.description)"
            }
            var validator = SchemaValidator(store: store)
            return try validator.violation(of: value, against: schema, at: "$")
        }
        if type == "application/x-www-form-urlencoded" {
            let (_, fields) = OpenAPIContract.split("?" + String(decoding: request.body, as: UTF8.self))
            return try checkFields(fields.map { ($0.name, $0.value) }, schema: schema, kind: "form")
        }
        if type.hasPrefix("multipart/") {
            guard let boundary = Self.boundary(contentType) else { return "a multipart body without a boundary" }
            let names = Self.partNames(request.body, boundary: boundary)
            return try checkFields(names.map { ($0, "") }, schema: schema, kind: "multipart", checksValues: false)
        }
        return nil
    }

    /// A form's fields against its object schema: required fields present, values of their types.
    private func checkFields(_ fields: [(String, String)], schema: Located, kind: String, checksValues: Bool = true)
        throws(ImportError) -> String?
    {
        var skeleton = SchemaSkeleton(store: store)
        let properties = try skeleton.objectProperties(schema)
        for name in properties.required where !fields.contains(where: { $0.0 == name }) {
            return "the \(kind) field '\(name)' is required"
        }
        guard checksValues else { return nil }
        for (name, property) in properties.all {
            let values = fields.filter { $0.0 == name }.map(\.1)
            guard !values.isEmpty else { continue }
            let resolved = try store.resolve(property)
            let isArray = SchemaSkeleton.type(of: resolved.value.objectValue) == "array"
            let value: JSONValue = isArray ? .array(values.map { .string($0) }) : .string(values[0])
            var validator = SchemaValidator(store: store, coercesText: true)
            if let problem = try validator.violation(of: value, against: property, at: "\(kind) field '\(name)'") {
                return problem
            }
        }
        return nil
    }

    static func mediaType(_ contentType: String) -> String {
        contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }

    static func mediaMatches(declared: String, sent: String) -> Bool {
        let wanted = mediaType(declared)
        if wanted == "*/*" || wanted == sent { return true }
        if wanted.hasSuffix("/*") { return sent.hasPrefix(wanted.dropLast()) }
        return false
    }

    static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" {
                return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            }
        }
        return nil
    }

    /// The `name` of each part's `Content-Disposition`, in order.
    static func partNames(_ body: [UInt8], boundary: String) -> [String] {
        let text = String(decoding: body, as: UTF8.self)
        var names: [String] = []
        for part in text.components(separatedBy: "--" + boundary).dropFirst() {
            guard let headerEnd = part.range(of: "\r\n\r\n") else { continue }
            for line in part[..<headerEnd.lowerBound].components(separatedBy: "\r\n")
            where line.lowercased().hasPrefix("content-disposition:") {
                if let start = line.range(of: "; name=\"") ?? line.range(of: ";name=\"") {
                    let rest = line[start.upperBound...]
                    if let end = rest.firstIndex(of: "\"") { names.append(String(rest[..<end])) }
                }
            }
        }
        return names
    }
}
