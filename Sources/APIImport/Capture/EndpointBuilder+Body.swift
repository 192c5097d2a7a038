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
            endpoint.multipart = scanner.scrub(multipart: fields, into: &endpoint.secretVariables)
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
                endpoint.body = scanner.scrub(json: parsed, into: &endpoint.secretVariables)
            } catch {
                addText(text, contentType: contentType, to: &endpoint)
                if declaredJSON {
                    endpoint.comments.append("the body is not valid JSON (\(error.line):\(error.column)); kept as text")
                }
            }
        }
    }

    /// Form-encoded text (declared, or shaped `a=1&b=2`) pair by pair; other text word by word.
    private mutating func addText(_ text: String, contentType: String, to endpoint: inout EndpointDraft) {
        let isForm =
            contentType.contains("x-www-form-urlencoded") || (contentType.isEmpty && SecretScanner.isFormShaped(text))
        endpoint.bodyText =
            isForm
            ? scanner.scrub(form: text, into: &endpoint.secretVariables)
            : scanner.scrub(text: text, into: &endpoint.secretVariables)
    }
}
