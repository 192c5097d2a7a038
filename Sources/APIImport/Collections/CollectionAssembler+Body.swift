import APIClient
import APIMapping

extension AssemblyState {
    /// The body: JSON as ``EndpointDraft/body`` (references in strings kept), other text as
    /// ``EndpointDraft/bodyText``, forms pair by pair, GraphQL as its JSON request; every literal
    /// credential behind an `${env:…}` placeholder.
    mutating func addBody(_ request: CollectionRequest, to endpoint: inout EndpointDraft) {
        let declaredType = request.headers.last { $0.name.lowercased() == "content-type" }?.value
        switch request.body {
        case .none:
            break
        case .file(let path):
            endpoint.comments.append("the body is read from the file \(path) when sent; it was not imported")
        case .raw(let text, let contentType):
            let type = (declaredType ?? contentType ?? "").lowercased()
            let trimmed = text.drop { $0.isWhitespace }
            guard !trimmed.isEmpty else { return }
            if type.contains("json") || trimmed.hasPrefix("{") || trimmed.hasPrefix("[") {
                do {
                    let parsed = try JSONDocument(parsing: text).root.value
                    endpoint.body = templatedJSON(
                        parsed, key: nil, secret: false, request: request, endpoint: &endpoint)
                    return
                } catch {
                    if type.contains("json"), !CollectionText.hasReference(text) {
                        endpoint.comments.append(
                            "the body is not valid JSON (\(error.line):\(error.column)); kept as text")
                    }
                }
            }
            if type.contains("x-www-form-urlencoded") {
                endpoint.bodyText = formText(Self.pairs(text), request: request, endpoint: &endpoint)
            } else {
                endpoint.bodyText = templatedText(text, request: request, endpoint: &endpoint, scrub: true)
            }
            if declaredType == nil, let contentType, contentType.contains("/") {
                endpoint.headers.append(DraftHeader(name: "Content-Type", value: LiteralTemplate.escaped(contentType)))
            }
        case .urlencoded(let pairs):
            endpoint.bodyText = formText(pairs, request: request, endpoint: &endpoint)
            if declaredType == nil {
                endpoint.headers.append(DraftHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"))
            }
        case .multipart(let fields):
            var kept: [DraftHeader] = []
            for field in fields {
                let value =
                    field.value.hasPrefix("@")
                    ? field.value : templatedText(field.value, request: request, endpoint: &endpoint, scrub: false)
                kept.append(DraftHeader(name: field.name, value: value))
            }
            endpoint.multipart = scanner.scrub(multipart: kept, into: &endpoint.secretVariables)
        case .graphql(let query, let variables):
            var object = JSONObject()
            object.append(key: "query", value: .string(query))
            if let variables, !variables.trimmingSpaces.isEmpty {
                do {
                    object.append(key: "variables", value: try JSONDocument(parsing: variables).root.value)
                } catch {
                    endpoint.comments.append(
                        "the GraphQL variables are not JSON (\(error.line):\(error.column)); left out")
                }
            }
            endpoint.body = templatedJSON(
                .object(object), key: nil, secret: false, request: request, endpoint: &endpoint)
            if declaredType == nil {
                endpoint.headers.append(DraftHeader(name: "Content-Type", value: "application/json"))
            }
        }
    }

    /// A JSON value with references in strings as kept placeholders and literal credentials hidden.
    mutating func templatedJSON(
        _ value: JSONValue, key: String?, secret: Bool, request: CollectionRequest, endpoint: inout EndpointDraft
    ) -> JSONValue {
        switch value {
        case .object(let object):
            var result = JSONObject()
            for member in object.members {
                let isSecret = secret || SecretNames.isSecret(member.key)
                result.append(
                    key: member.key,
                    value: templatedJSON(
                        member.value, key: member.key, secret: isSecret, request: request, endpoint: &endpoint))
            }
            return .object(result)
        case .array(let elements):
            var result: [JSONValue] = []
            for element in elements {
                result.append(templatedJSON(element, key: key, secret: secret, request: request, endpoint: &endpoint))
            }
            return .array(result)
        case .string(let text) where CollectionText.hasReference(text):
            return .string(templatedText(text, request: request, endpoint: &endpoint, scrub: false))
        case .string(let text) where !text.isEmpty && (secret || SecretValues.looksSecret(text, entropy: true)):
            return .string(scanner.hide(text, suffix: key ?? "BODY_SECRET", into: &endpoint.secretVariables))
        default:
            return value
        }
    }

    /// Text for a field the writer escapes (a body, a path): literal parts as they are (or with
    /// secret-looking words hidden), references as placeholders it keeps.
    mutating func templatedText(
        _ text: String, request: CollectionRequest, endpoint: inout EndpointDraft, scrub: Bool,
        encode: (String) -> String = { $0 }
    ) -> String {
        var out = ""
        for part in CollectionText.parts(text) {
            switch part {
            case .literal(let literal):
                out += scrub ? scanner.scrub(text: encode(literal), into: &endpoint.secretVariables) : encode(literal)
            case .reference(let reference):
                let resolved = resolve(reference, request: request)
                if case .parameter(let name) = resolved { declare(name, default: nil, in: &endpoint) }
                if !endpoint.templates.contains(resolved.placeholder) {
                    endpoint.templates.append(resolved.placeholder)
                }
                out += resolved.placeholder
            }
        }
        return out
    }

    /// Form pairs as `a=1&b=${var:x}`, literal parts percent-encoded, secret values hidden.
    mutating func formText(_ pairs: [CollectionPair], request: CollectionRequest, endpoint: inout EndpointDraft)
        -> String
    {
        var items: [String] = []
        for pair in pairs {
            let name = CurlEncoding.escape(pair.name)
            if !CollectionText.hasReference(pair.value), !pair.value.isEmpty,
                SecretNames.isSecret(pair.name) || SecretValues.looksSecret(pair.value, entropy: true)
            {
                items.append(name + "=" + scanner.hide(pair.value, suffix: pair.name, into: &endpoint.secretVariables))
                continue
            }
            items.append(
                name + "="
                    + templatedText(
                        pair.value, request: request, endpoint: &endpoint, scrub: false, encode: CurlEncoding.escape))
        }
        return items.joined(separator: "&")
    }
}
