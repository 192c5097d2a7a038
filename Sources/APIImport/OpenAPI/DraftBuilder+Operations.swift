import APIMapping
import Foundation

extension DraftBuilder {
    /// Every operation under `paths`, in source order; webhooks and callbacks are not requests.
    mutating func operations(into draft: inout ProfileDraft) throws(ImportError) {
        if let webhooks = root.child("webhooks"), !webhooks.members.isEmpty {
            warnings.append(
                "\(place(webhooks)): \(webhooks.members.count) webhook(s) skipped (a webhook is a request the API sends, not one to make)"
            )
        }
        let globalSecurity = root.child("security")
        for (path, rawItem) in root.child("paths")?.members ?? [] {
            let item = try store.resolve(rawItem)
            let shared = item.child("parameters")?.elements ?? []
            // Source order, as the endpoints are listed in the profile.
            for (method, rawOperation) in item.members where OperationWalker.methods.contains(method) {
                let operation = try store.resolve(rawOperation)
                var endpoint = try endpoint(method: method, path: path, operation: operation, shared: shared)
                endpointAuth(operation: operation, global: globalSecurity, into: &endpoint)
                draft.endpoints.append(endpoint)
            }
        }
    }

    private mutating func endpoint(
        method: String, path: String, operation: Located, shared: [Located]
    ) throws(ImportError) -> EndpointDraft {
        let id = uniqueID(operation.string("operationId").map(Identifier.snakeCase) ?? "", method: method, path: path)
        var endpoint = EndpointDraft(id: id, method: method.uppercased(), path: path)
        let summary = try text(operation, "summary")
        let description = try text(operation, "description")
        endpoint.description = [summary, description].lazy.compactMap { $0.flatMap(Self.firstLine) }.first
        endpoint.tags = operation.child("tags")?.elements.compactMap { $0.value.stringValue } ?? []
        if operation.value.objectValue?["deprecated"]?.boolValue == true {
            endpoint.comments.append("deprecated")
        }
        if let operationId = operation.string("operationId"), Identifier.snakeCase(operationId) != id {
            endpoint.comments.append("operationId: \(operationId)")
        }
        try parameters(shared: shared, operation: operation, into: &endpoint)
        if let body = operation.child("requestBody") {
            try requestBody(try store.resolve(body), into: &endpoint)
        }
        if let callbacks = operation.child("callbacks"), !callbacks.members.isEmpty {
            warnings.append("\(place(callbacks)): callbacks skipped (requests the API sends back)")
        }
        let (schema, example) = try successResponse(operation)
        responseSchemas.append(schema)
        responseExamples.append(example)
        errorSchemas.append(try errorResponses(operation))
        responseHeaders.append(try successHeaders(operation))
        return endpoint
    }

    /// The JSON schemas of the `default`, 4xx and 5xx responses: where the error text is.
    private mutating func errorResponses(_ operation: Located) throws(ImportError) -> [Located] {
        var schemas: [Located] = []
        for (status, rawResponse) in operation.child("responses")?.members ?? []
        where status == "default" || status.hasPrefix("4") || status.hasPrefix("5") {
            // Only a hint for the tip: an error answer that cannot be read is passed over, not fatal.
            do {
                let response = try store.resolve(rawResponse)
                guard let media = Self.jsonMedia(in: response.child("content")), let schema = media.child("schema")
                else { continue }
                schemas.append(try store.resolve(schema))
            } catch {
                warnings.append("\(place(rawResponse)): error answer \(status) not read for the tip: \(error.message)")
            }
        }
        return schemas
    }

    /// The header names the 2xx responses declare (`Link`, `X-Total-Count`), lower-cased.
    private func successHeaders(_ operation: Located) throws(ImportError) -> [String] {
        var names: [String] = []
        for (status, rawResponse) in operation.child("responses")?.members ?? [] where status.hasPrefix("2") {
            let response = try store.resolve(rawResponse)
            for (name, _) in response.child("headers")?.members ?? [] where !names.contains(name.lowercased()) {
                names.append(name.lowercased())
            }
        }
        return names
    }

    private mutating func uniqueID(_ candidate: String, method: String, path: String) -> String {
        let base = candidate.isEmpty ? Identifier.fromMethodAndPath(method, path) : candidate
        var id = base
        var suffix = 2
        while !usedIDs.insert(id).inserted {
            id = "\(base)_\(suffix)"
            suffix += 1
        }
        return id
    }

    static func firstLine(_ text: String) -> String? {
        // The first non-empty line, found without splitting the whole text (descriptions run long).
        let line = text.drop(while: \.isNewline).prefix(while: { !$0.isNewline }).trimmingCharacters(in: .whitespaces)
        return line.isEmpty ? nil : line
    }

    /// The first 2xx response's JSON schema and example, for envelope inference.
    private func successResponse(_ operation: Located) throws(ImportError) -> (Located?, JSONValue?) {
        let responses = operation.child("responses")?.members ?? []
        let success = responses.filter { $0.key.hasPrefix("2") }.sorted { $0.key < $1.key }
        for (_, rawResponse) in success {
            let response = try store.resolve(rawResponse)
            guard let media = Self.jsonMedia(in: response.child("content")) else { continue }
            let example = try mediaExample(media)
            return (try media.child("schema").map { (s: Located) throws(ImportError) in try store.resolve(s) }, example)
        }
        return (nil, nil)
    }

    /// The JSON media type entry of a `content` map (`application/json`, `…+json`, `*/*`), if any.
    static func jsonMedia(in content: Located?) -> Located? {
        let members = content?.members ?? []
        if let exact = members.first(where: { $0.key.lowercased().hasPrefix("application/json") }) {
            return exact.value
        }
        if let suffixed = members.first(where: { $0.key.lowercased().split(separator: ";")[0].hasSuffix("+json") }) {
            return suffixed.value
        }
        return members.first(where: { $0.key == "*/*" })?.value
    }

    /// A media type's example: `example`, else the first of `examples` (its `value`), else `nil`.
    func mediaExample(_ media: Located) throws(ImportError) -> JSONValue? {
        if let example = media.value.objectValue?["example"] { return example }
        if let first = media.child("examples")?.members.first {
            // The Example Object may be a $ref; its `value` is data and never resolved further.
            let example = try store.resolve(first.value)
            if let value = example.value.objectValue?["value"] { return value }
        }
        return nil
    }
}
