import APIClient
import APIHTTP
import APIMapping
import Foundation

extension ExchangeRow {
    /// The row for an exchange that got a response: redacted, bodies capped, envelope fields
    /// taken from the redacted body so no masked value reaches the tip, status or model text.
    init(exchange: APIExchange, profile: Profile, configuration: HistoryConfiguration, now: Date) {
        let request = exchange.request
        let redactor = ExchangeRedactor.forRequest(request, profile: profile)
        let response = exchange.response
        let (requestBody, requestSize) = Self.requestBody(request, redactor: redactor)
        var stored = response.body
        var rewritten = false
        var evaluation = exchange.evaluation
        if exchange.body.kind == .events {
            // A stream is kept as its events, one JSON line each, masked like any body.
            stored = Self.eventLines(exchange.body, redactor: redactor)
        } else if let document = exchange.body.document, !redactor.redaction.body.isEmpty {
            // Body paths mask by name: the tree is rewritten.
            let original = document.root.value
            let redacted = redactor.json(original)
            if redacted != original {
                let rewrittenDocument = JSONDocument(redacted)
                stored = Array(redacted.jsonText().utf8)
                rewritten = true
                evaluation = request.envelope.evaluate(httpStatus: response.status, body: rewrittenDocument.root)
            }
        }
        if let document = exchange.body.document, exchange.body.kind == .json, !redactor.patterns.isEmpty {
            // Secret values are masked in the text itself, in one pass, and it stays JSON; it is parsed
            // again only when something was masked, for the envelope's fields.
            let masked = redactor.json(bytes: stored)
            if masked != stored {
                rewritten = true
                do {
                    let parsed = try JSONDocument(parsing: masked)
                    stored = masked
                    evaluation = request.envelope.evaluate(httpStatus: response.status, body: parsed.root)
                } catch {
                    // A secret holding JSON punctuation broke the text: the tree is masked instead.
                    let redacted = redactor.json(document.root.value)
                    stored = Array(redacted.jsonText().utf8)
                    evaluation = request.envelope.evaluate(
                        httpStatus: response.status, body: JSONDocument(redacted).root)
                }
            }
        }
        stored = redactor.bytes(stored)
        let limit = configuration.bodyLimit
        self.init(
            recordedAt: now, profile: profile.name, endpoint: exchange.endpointID, method: request.method,
            url: redactor.url(request.url),
            requestHeaders: redactor.headers(request.headers.map { ($0.name, $0.value) }),
            requestBody: requestBody, requestBodySize: requestSize, httpStatus: response.status,
            httpReason: response.reason, httpVersion: response.httpVersion,
            headersMilliseconds: response.timing.headersReceived.milliseconds,
            totalMilliseconds: response.timing.bodyComplete.milliseconds,
            responseHeaders: redactor.headers(response.headers),
            responseBody: stored.count > limit ? Array(stored.prefix(limit)) : stored,
            responseBodySize: response.stream?.byteCount ?? response.body.count,
            responseBodyTruncated: stored.count > limit
                || (response.stream.map { !$0.isWhole && $0.events == nil } ?? false)
                || (exchange.body.eventStream.map { $0.dropped > 0 } ?? false),
            responseBodyRewritten: rewritten, contentType: response.header("Content-Type"),
            outcome: exchange.evaluation.outcome,
            httpVerdict: exchange.evaluation.http.isSuccess ? "success" : "failure",
            businessVerdict: exchange.evaluation.business.rawValue,
            businessStatus: evaluation.status.map { redactor.text(Self.scalarText($0.node)) },
            tip: evaluation.tip.map(redactor.text), modelPath: evaluation.modelPath.description,
            modelText: evaluation.model.map {
                Self.keptModelText($0.node, redactor: redactor, limit: configuration.modelTextLimit)
            },
            errorKind: nil, errorMessage: nil, envelope: request.envelope.storageJSON.jsonText())
        responseStream = response.stream.map { Self.streamSummary($0, redactor: redactor).jsonText() }
        redirects = response.redirects.isEmpty ? nil : Self.redirectsJSON(response.redirects, redactor: redactor)
    }

    /// The redirects as a JSON array of `{"method","url","status","location"}`, each URL masked as the
    /// request's is (a redirect can carry a credential the request never did).
    static func redirectsJSON(_ hops: [RedirectHop], redactor: ExchangeRedactor) -> String {
        let masked = hops.map { hop in
            RedirectHop(
                method: redactor.text(hop.method), url: redactor.url(hop.url), status: hop.status,
                location: redactor.url(hop.location))
        }
        return ExportDocuments.redirects(masked).jsonText()
    }

    /// A stream's kept events as JSON Lines, each masked.
    static func eventLines(_ body: ResponseBody, redactor: ExchangeRedactor) -> [UInt8] {
        var bytes: [UInt8] = []
        for event in body.events {
            let value = redactor.json(.object(event.jsonObject))
            bytes += Array(value.jsonText().utf8)
            bytes.append(0x0A)
        }
        return redactor.bytes(bytes)
    }

    /// What history keeps of a streamed body besides its bytes: how it ended, where it was saved and
    /// its digest, or the stream's counts.
    static func streamSummary(_ stream: StreamedBody, redactor: ExchangeRedactor) -> JSONValue {
        var object = JSONObject()
        object.append(key: "bytes", value: .number(JSONNumber(stream.byteCount)))
        object.append(key: "end", value: .string(redactor.text(stream.end.description)))
        if let savedTo = stream.savedTo { object.append(key: "saved_to", value: .string(redactor.text(savedTo))) }
        if let sha256 = stream.sha256 { object.append(key: "sha256", value: .string(sha256)) }
        if let events = stream.events {
            object.append(key: "format", value: .string(events.format.rawValue))
            object.append(key: "events", value: .number(JSONNumber(events.count)))
            object.append(key: "kept", value: .number(JSONNumber(events.kept.count)))
            object.append(key: "dropped", value: .number(JSONNumber(events.dropped)))
            object.append(key: "reconnects", value: .number(JSONNumber(events.reconnects)))
            if let id = events.lastEventID, !id.isEmpty {
                object.append(key: "last_event_id", value: .string(redactor.text(id)))
            }
        }
        return .object(object)
    }

    /// The row for a call that got no response: what is known of the request and why it failed.
    init(
        failure error: ClientError, profile: Profile, endpointID: String, request: ResolvedRequest?,
        configuration: HistoryConfiguration, now: Date
    ) {
        let redactor =
            request.map { ExchangeRedactor.forRequest($0, profile: profile) }
            ?? ExchangeRedactor(redaction: profile.redaction)
        let (requestBody, requestSize) = Self.requestBody(request, redactor: redactor)
        let endpoint = profile.endpoint(endpointID)
        self.init(
            recordedAt: now, profile: profile.name, endpoint: endpointID,
            method: request?.method ?? endpoint?.method ?? "GET",
            url: request.map { redactor.url($0.url) } ?? endpoint?.path.text ?? "",
            requestHeaders: request.map { redactor.headers($0.headers.map { ($0.name, $0.value) }) } ?? [],
            requestBody: requestBody, requestBodySize: requestSize, httpStatus: nil, httpReason: nil,
            httpVersion: nil, headersMilliseconds: nil, totalMilliseconds: nil, responseHeaders: nil,
            responseBody: nil, responseBodySize: 0, responseBodyTruncated: false, responseBodyRewritten: false,
            contentType: nil, outcome: error.transportError == nil ? .profileFailure : .transportFailure,
            httpVerdict: nil, businessVerdict: nil, businessStatus: nil, tip: nil, modelPath: nil, modelText: nil,
            errorKind: error.transportError.map { $0.kind.description } ?? "profile",
            errorMessage: redactor.text(error.description), envelope: request?.envelope.storageJSON.jsonText())
    }

    /// The request body as stored, and its size as sent: a streamed form is recorded as its summary
    /// (names, file names and sizes; never its text values, which can be secrets).
    private static func requestBody(_ request: ResolvedRequest?, redactor: ExchangeRedactor) -> ([UInt8]?, Int) {
        if let upload = request?.upload { return (Array(upload.summary.utf8), upload.contentLength) }
        guard let body = request?.body else { return (nil, 0) }
        var bytes = body
        if !redactor.redaction.body.isEmpty, let document = Self.parsedJSON(body) {
            bytes = Array(redactor.json(document.root.value).jsonText().utf8)
        }
        return (redactor.bytes(bytes), body.count)
    }

    /// The body as JSON when it is JSON; a body that is not is stored as bytes (and scrubbed).
    private static func parsedJSON(_ bytes: [UInt8]) -> JSONDocument? {
        do {
            return try JSONDocument(parsing: bytes)
        } catch {
            return nil
        }
    }

    /// A business status as text: a string as itself, anything else as its JSON.
    static func scalarText(_ node: JSONNode) -> String {
        node.stringValue ?? node.jsonText()
    }
}

extension ExchangeRedactor {
    /// The redactor for a request: the profile's rules, the custom auth header, and the secrets
    /// the request carries.
    static func forRequest(_ request: ResolvedRequest, profile: Profile) -> ExchangeRedactor {
        var extra: [String] = []
        if case .header(let name, _) = profile.auth { extra.append(name) }
        var redactor = ExchangeRedactor(redaction: request.redaction.merging(profile.redaction), extraHeaders: extra)
        var body: JSONValue?
        if let bytes = request.body {
            do {
                body = try JSONDocument(parsing: bytes).root.value
            } catch {
                body = nil  // Not JSON: no body paths to collect secrets from.
            }
        }
        redactor.learnSecrets(headers: request.headers.map { ($0.name, $0.value) }, url: request.url, body: body)
        return redactor
    }
}

extension Duration {
    /// The duration in milliseconds, fractional.
    var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
