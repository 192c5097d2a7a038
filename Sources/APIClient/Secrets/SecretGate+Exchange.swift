public import APIHTTP
import APIMapping

extension SecretGate {
    /// Learns the secrets a request carries: what its secret sources resolved to, the values of the
    /// headers and query items masked by name (`Authorization`'s whole value and its credential
    /// alone), and the values at the body paths masked by name or under a credential name
    /// (``CredentialFieldNames``).
    ///
    /// ```swift
    /// gate.learn(fromRequest: exchange.request, redaction: profile.redaction)
    /// ```
    ///
    /// - Parameters:
    ///   - request: A resolved request, before or after it was sent.
    ///   - redaction: The profile's rules, merged with the request's own.
    public func learn(fromRequest request: ResolvedRequest, redaction: Redaction) {
        let rules = request.redaction.merging(redaction)
        var found = request.redaction.secretValues
        for header in request.headers where rules.masksHeader(header.name) {
            found.append(header.value)
            if let space = header.value.lastIndex(of: " ") {
                found.append(String(header.value[header.value.index(after: space)...]))
            }
        }
        for item in URLQuery.items(of: request.url) where rules.masksQueryItem(item.name) {
            found.append(item.value)
        }
        if let body = request.body, request.upload == nil, let document = Self.parsedJSON(body) {
            if !rules.body.isEmpty { found += rules.values(maskedIn: document.root.value) }
            found += CredentialFieldNames.values(in: document.root, text: body)
        }
        add(found)
    }

    /// Learns the secrets an exchange shows: its request's (``learn(fromRequest:redaction:)``),
    /// the values of response headers masked by name (a `Set-Cookie`'s cookie value alone too),
    /// and the values in the response body at the paths masked by name or under a credential name
    /// (a login's token, an OAuth 2.0 access token in a body).
    ///
    /// - Parameters:
    ///   - exchange: The exchange.
    ///   - redaction: The profile's rules.
    public func learn(from exchange: APIExchange, redaction: Redaction) {
        learn(fromRequest: exchange.request, redaction: redaction)
        let rules = exchange.request.redaction.merging(redaction)
        var found: [String] = []
        for header in exchange.response.headers where rules.masksHeader(header.name) {
            found.append(header.value)
            if header.name.lowercased() == "set-cookie" {
                let pair = header.value.prefix { $0 != ";" }
                if let equals = pair.firstIndex(of: "=") {
                    found.append(String(pair[pair.index(after: equals)...]).trimmingWhitespaceAndLineBreaks)
                }
            }
        }
        if let document = exchange.body.document {
            if !rules.body.isEmpty { found += rules.values(maskedIn: document.root.value) }
            let text = exchange.body.kind == .json ? exchange.response.body : nil
            found += CredentialFieldNames.values(in: document.root, text: text)
        }
        add(found)
    }

    /// The exchange as the user may see it: every known value masked in the response's headers and
    /// body (a JSON body stays JSON and is read again, so the tip, the model and the raw view agree),
    /// and the request's redaction extended with every known value. The same exchange when nothing
    /// needs masking.
    ///
    /// ```swift
    /// ExchangeDisplay(exchange: session.secretGate.masking(exchange))
    /// ```
    ///
    /// - Parameter exchange: The exchange as received.
    public func masking(_ exchange: APIExchange) -> APIExchange {
        let patterns = self.patterns
        guard !patterns.isEmpty else { return exchange }
        var request = exchange.request
        request.redaction = request.redaction.adding(secrets: patterns.values)
        var response = exchange.response
        response.headers = response.headers.map { ($0.name, patterns.mask($0.value)) }
        response.body =
            exchange.body.kind == .json ? patterns.maskJSON(response.body) : patterns.mask(bytes: response.body)
        var body = exchange.body
        var evaluation = exchange.evaluation
        if response.body != exchange.response.body {
            body = ResponseBody(
                bytes: response.body, contentType: response.header("Content-Type"), xmlArrays: request.xmlArrays,
                feeds: request.normalizesFeeds)
            evaluation = request.envelope.evaluate(httpStatus: response.status, body: body.document?.root)
        }
        return APIExchange(
            profileName: exchange.profileName, endpointID: exchange.endpointID, request: request,
            response: response, body: body, evaluation: evaluation, businessError: exchange.businessError,
            rateLimit: exchange.rateLimit)
    }

    /// The body as JSON when it is an object or an array that parses; `nil` for anything else.
    private static func parsedJSON(_ bytes: [UInt8]) -> JSONDocument? {
        let blanks: [UInt8] = [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")]
        let first = bytes.first { !blanks.contains($0) }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
        do {
            return try JSONDocument(parsing: bytes)
        } catch {
            return nil
        }
    }
}
