import APIMapping

extension EndpointBuilder {
    /// The request's body on the endpoint, every secret in it behind an `${env:…}` placeholder
    /// (see ``SecretScanner/scrub(json:key:secret:into:)``): JSON as ``EndpointDraft/body``, other
    /// text as ``EndpointDraft/bodyText``, `-F` fields as ``EndpointDraft/multipart``.
    mutating func addBody(_ request: CapturedRequest, to endpoint: inout EndpointDraft) {
        switch request.body {
        case .none:
            break
        case .file(let source):
            endpoint.comments.append("the body is read from \(source) when the command runs; it was not imported")
        case .multipart(let fields):
            addMultipart(scanner.scrub(multipart: fields, into: &endpoint.secretVariables), to: &endpoint)
        case .text(let text):
            if text.contains(SecretScanner.mask) {
                endpoint.comments.append(
                    "the body has values redacted in the capture (\(SecretScanner.mask)): fill them in")
            }
            let contentType = request.header("Content-Type")?.lowercased() ?? ""
            let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
            let declaredJSON = contentType.contains("json")
            guard declaredJSON || trimmed.hasPrefix("{") || trimmed.hasPrefix("[") else {
                addText(text, contentType: contentType, to: &endpoint)
                return
            }
            do {
                let parsed = try JSONDocument(parsing: text).root.value
                endpoint.body = referencingEnvironment(
                    scanner.scrub(json: parsed, into: &endpoint.secretVariables), into: &endpoint.secretVariables)
            } catch {
                addText(text, contentType: contentType, to: &endpoint)
                if declaredJSON {
                    endpoint.comments.append("the body is not valid JSON (\(error.line):\(error.column)); kept as text")
                }
            }
        }
    }

    /// A JSON body's strings that are exactly a shell variable (`"$TOKEN"`) as its placeholder.
    private mutating func referencingEnvironment(_ value: JSONValue, into used: inout [String]) -> JSONValue {
        switch value {
        case .string(let text):
            guard let name = TemplateText.variableName(text) else { return value }
            return .string(scanner.referencingEnvironment(in: "$" + name, into: &used))
        case .array(let elements):
            return .array(elements.map { referencingEnvironment($0, into: &used) })
        case .object(let object):
            var result = JSONObject()
            for member in object.members {
                result.append(key: member.key, value: referencingEnvironment(member.value, into: &used))
            }
            return .object(result)
        default:
            return value
        }
    }

    /// `-F` fields as a `multipart:` block: text as it was sent (secrets behind their placeholders),
    /// each file as a parameter of type `file` whose default is the path the command uploaded.
    private mutating func addMultipart(_ fields: [DraftHeader], to endpoint: inout EndpointDraft) {
        for field in fields {
            guard field.value.hasPrefix("@") else {
                let value = TemplateText.referencingEnvironment(field.value)
                for name in value.variables where !endpoint.secretVariables.contains(name) {
                    scanner.register(name)
                    endpoint.secretVariables.append(name)
                }
                let template = LiteralTemplate.keeping(
                    endpoint.secretVariables, in: value.text, LiteralTemplate.escaped)
                endpoint.multipart.append(DraftHeader(name: field.name, value: template))
                continue
            }
            let base = EndpointNaming.identifier(field.name).replacing("-", with: "_")
            var name = base.isEmpty ? "file" : base
            var counter = 2
            while endpoint.params.contains(where: { $0.name == name }) {
                name = (base.isEmpty ? "file" : base) + "_\(counter)"
                counter += 1
            }
            var parameter = ParameterDraft(name: name)
            parameter.type = "file"
            // The file curl sent is a hint, not a default: a file to upload is given for each call.
            parameter.example = String(field.value.dropFirst())
            parameter.description = "the file to upload"
            endpoint.params.append(parameter)
            endpoint.multipart.append(DraftHeader(name: field.name, value: "${\(name)}"))
        }
    }

    /// Form-encoded text (declared, or shaped `a=1&b=2`) pair by pair; other text word by word.
    private mutating func addText(_ text: String, contentType: String, to endpoint: inout EndpointDraft) {
        let isForm =
            contentType.contains("x-www-form-urlencoded") || (contentType.isEmpty && SecretScanner.isFormShaped(text))
        let scrubbed =
            isForm
            ? scanner.scrub(form: text, into: &endpoint.secretVariables)
            : scanner.scrub(text: text, into: &endpoint.secretVariables)
        endpoint.bodyText = scanner.referencingEnvironment(in: scrubbed, into: &endpoint.secretVariables)
    }
}
