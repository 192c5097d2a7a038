package import APIClient
package import APIHTTP
package import APIMapping

/// What one command did: the line printed for it, as one JSON object or a transcript line.
///
/// ```json
/// {"command":"call","line":2,"source":"call user id=7","endpoint":"user","outcome":"success",
///  "http_outcome":"success","business_outcome":"success","http_status":200,"business_status":0,
///  "tip":"成功","model_excerpt":"{\"id\":7,…}","duration_ms":3.1,"history_id":12,"passed":true,"failures":[]}
/// ```
package struct CommandReport: Sendable {
    /// The command word: `call`, `get`, `probe`, `expect`…
    package var command: String
    /// The script line.
    package var line: Int
    /// The command as written.
    package var source: String
    /// The profile a `use` (or a `replay` of another profile's exchange) put in use.
    package var profile: Profile?
    /// The exchange a request command produced.
    package var exchange: APIExchange?
    /// The stored exchange's id in history.
    package var historyID: Int64?
    /// Why a request got no response.
    package var transportError: TransportError?
    /// Why the command could not run (exit status 2).
    package var scriptError: ScriptError?
    /// Command-specific members (probe value, captured value, profile…), in order.
    package var details: [(key: String, value: JSONValue)] = []
    /// The reports of a `zip` block's calls, in block order.
    package var calls: [CommandReport] = []
    /// Every item of a `call --pages`, in page order; `nil` for a single call.
    package var pagedItems: [JSONValue]?
    /// Expectations that did not hold, each as a sentence.
    package var failures: [Failure] = []
    /// What this command means for the exit status.
    package var status: ScriptExitStatus = .passed
    /// The attempt of each `repeat` the command ran inside, outermost first (`[2]` for the second
    /// attempt; empty outside `repeat`), so reports tell the attempts apart.
    package var attempt: [Int] = []
    /// The script's secrets when the command ran (values from `${env:NAME}`): mask them in what
    /// is printed, together with the secrets of the requests it sent.
    package var secrets: Set<String> = []

    /// One expectation that did not hold.
    package struct Failure: Sendable {
        /// The expectation as written: `success`, `probe id == 7`.
        package var expected: String
        /// What was found instead, as text.
        package var actual: String
        /// A sentence for the transcript.
        package var message: String
        /// What kind of failure it is, for reports.
        package var kind: Kind = .expectation

        /// What kind of failure an expectation found, as reports name it.
        package enum Kind: String, Sendable {
            /// A check of the model, tip, count or time did not hold.
            case expectation
            /// The outcome was expected, and the API said no: a business failure in the body.
            case businessFailure = "business-failure"
            /// The outcome or status was expected, and HTTP failed.
            case httpFailure = "http-failure"
        }
    }

    /// Whether the command ran and every expectation it carried held.
    package var passed: Bool { failures.isEmpty && transportError == nil && scriptError == nil && status == .passed }

    init(_ command: ScriptCommand) {
        self.command = command.source.prefix { !$0.isWhitespace }.lowercased()
        self.line = command.line
        self.source = command.source
    }

    mutating func fail(
        expected: String, actual: String, message: String, status: ScriptExitStatus,
        kind: Failure.Kind = .expectation
    ) {
        // A value quoted from a response can be megabytes: capped for reports and display.
        failures.append(
            Failure(
                expected: TextBudget.cap(expected), actual: TextBudget.cap(actual), message: TextBudget.cap(message),
                kind: kind))
        self.status = max(self.status, status)
    }

    /// The report as one JSON object (the `--output json` line).
    package var jsonValue: JSONValue {
        var object = JSONObject()
        object.append(key: "command", value: .string(command))
        object.append(key: "line", value: .number(JSONNumber(line)))
        object.append(key: "source", value: .string(source))
        if let attempt = attempt.last { object.append(key: "attempt", value: .number(JSONNumber(attempt))) }
        if let exchange { Self.appendExchange(exchange, to: &object) }
        if let transportError {
            object.append(key: "outcome", value: .string(RequestOutcome(transportError).description))
            object.append(
                key: "error",
                value: [
                    "kind": .string(transportError.kind.description), "message": .string(transportError.description),
                ])
        }
        if exchange != nil || transportError != nil {
            object.append(key: "history_id", value: historyID.map { .number(JSONNumber($0)) } ?? .null)
        }
        for (key, value) in details { object.append(key: key, value: value) }
        if !calls.isEmpty { object.append(key: "calls", value: .array(calls.map(\.jsonValue))) }
        if let scriptError {
            object.append(
                key: "error",
                value: ["kind": .string(scriptError.kind.description), "message": .string(scriptError.description)])
        }
        object.append(key: "passed", value: .bool(passed))
        object.append(
            key: "failures",
            value: .array(
                failures.map {
                    ["expected": .string($0.expected), "actual": .string($0.actual), "message": .string($0.message)]
                }))
        return .object(object)
    }

    private static func appendExchange(_ exchange: APIExchange, to object: inout JSONObject) {
        let evaluation = exchange.evaluation
        let response = exchange.response
        object.append(key: "profile", value: .string(exchange.profileName))
        object.append(key: "endpoint", value: .string(exchange.endpointID))
        object.append(key: "method", value: .string(exchange.request.method))
        object.append(key: "url", value: .string(exchange.request.redaction.redact(url: exchange.request.url)))
        object.append(key: "outcome", value: .string(evaluation.outcome.rawValue))
        object.append(key: "http_outcome", value: .string(evaluation.http.isSuccess ? "success" : "failure"))
        object.append(key: "business_outcome", value: .string(evaluation.business.rawValue))
        object.append(key: "http_status", value: .number(JSONNumber(response.status)))
        object.append(key: "business_status", value: evaluation.status?.node.value ?? .null)
        object.append(key: "tip", value: evaluation.tip.map(JSONValue.string) ?? .null)
        if let error = exchange.businessError { object.append(key: "business_error", value: error.jsonValue) }
        object.append(key: "model_path", value: .string(evaluation.modelPath.description))
        object.append(key: "model_excerpt", value: evaluation.model.map { .string(excerpt($0.node)) } ?? .null)
        if !evaluation.issues.isEmpty {
            object.append(key: "issues", value: .array(evaluation.issues.map(JSONValue.string)))
        }
        if let problem = exchange.body.problem { object.append(key: "body_problem", value: .string(problem)) }
        object.append(key: "duration_ms", value: .number(milliseconds(response.timing.total)))
        object.append(key: "size", value: .number(JSONNumber(response.body.count)))
        object.append(key: "content_type", value: response.header("Content-Type").map(JSONValue.string) ?? .null)
        if response.attempts > 1 { object.append(key: "attempts", value: .number(JSONNumber(response.attempts))) }
        if response.servedFromCache { object.append(key: "from_cache", value: .bool(true)) }
        if !response.redirects.isEmpty {
            object.append(key: "redirects", value: redirectsJSON(response, redaction: exchange.request.redaction))
        }
        if let reason = response.unfollowedRedirect {
            object.append(key: "redirect_not_followed", value: .string(reason))
        }
        if let limit = exchange.rateLimit { object.append(key: "rate_limit", value: limit.jsonValue) }
    }

    /// The redirects followed before a response, first to last, their URLs redacted:
    /// `[{"method":"GET","url":"http://a.test/old","status":302,"location":"http://b.test/new"}]`.
    ///
    /// - Parameters:
    ///   - response: The response.
    ///   - redaction: The request's redaction, which masks secrets in the URLs.
    package static func redirectsJSON(_ response: HTTPResponseRecord, redaction: Redaction) -> JSONValue {
        .array(
            response.redirects.map { hop in
                [
                    "method": .string(hop.method), "url": .string(redaction.redact(url: hop.url)),
                    "status": .number(JSONNumber(hop.status)), "location": .string(redaction.redact(url: hop.location)),
                ]
            })
    }

    /// Compact JSON of the model, cut at `limit` characters: only the start of a large model is written.
    ///
    /// ```swift
    /// CommandReport.excerpt(model, limit: 20)   // {"id":7,"name":"Ada"…
    /// ```
    ///
    /// - Parameters:
    ///   - node: The value.
    ///   - limit: The most characters kept.
    package static func excerpt(_ node: JSONNode, limit: Int = 200) -> String {
        struct Enough: Error {}
        var bytes: [UInt8] = []
        do throws(Enough) {
            try node.writeJSON(style: .compact, chunkSize: 256) { (chunk: [UInt8]) throws(Enough) in
                bytes += chunk
                if bytes.count > limit * 4 { throw Enough() }
            }
        } catch {
            // Not a failure: the writer stopped because the excerpt has enough text.
        }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// A duration in milliseconds, to one decimal: `3.1`.
    ///
    /// - Parameter duration: The duration.
    package static func milliseconds(_ duration: Duration) -> JSONNumber {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return JSONNumber((value * 10).rounded() / 10) ?? JSONNumber(0)
    }
}
