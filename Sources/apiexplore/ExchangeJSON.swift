import APIClient
import APIHTTP
import APIMapping
import APIScript

/// An exchange as the JSON `request --output json` prints, redacted with the profile's rules.
///
/// ```json
/// {"profile":"demo","endpoint":"user","request":{"method":"GET","url":"…","headers":{…}},
///  "response":{"status":200,"reason":"OK","http_version":"HTTP/1.1","headers":{…},"size":96,
///  "timing":{"headers_ms":1.2,"total_ms":1.5}},"body_kind":"json","evaluation":{…}}
/// ```
enum ExchangeJSON {
    /// What stands for a model that ``Terminal/writeJSON(_:style:masking:splicing:)`` streams from
    /// its parsed tree instead: a value built from a large model costs many times the body.
    static let modelMarker = "\u{0}apiexplore:model\u{0}"

    /// The exchange as JSON; with `markingModel`, the evaluation's model is ``modelMarker``.
    static func object(_ exchange: APIExchange, markingModel: Bool = false) -> JSONObject {
        let redaction = exchange.request.redaction
        let response = exchange.response
        var object = JSONObject()
        object.append(key: "profile", value: .string(exchange.profileName))
        object.append(key: "endpoint", value: .string(exchange.endpointID))
        object.append(
            key: "request",
            value: [
                "method": .string(exchange.request.method),
                "url": .string(redaction.redact(url: exchange.request.url)),
                "headers": headers(redaction.redact(headers: exchange.request.headers).map { ($0.name, $0.value) }),
            ])
        let responseHeaders = redaction.redact(
            headers: response.headers.map { HTTPHeader(name: $0.name, value: $0.value) })
        object.append(
            key: "response",
            value: [
                "status": .number(JSONNumber(response.status)),
                "reason": .string(response.reason),
                "http_version": .string(response.httpVersion),
                "headers": headers(responseHeaders.map { ($0.name, $0.value) }),
                "size": .number(JSONNumber(response.body.count)),
                "attempts": .number(JSONNumber(response.attempts)),
                "from_cache": .bool(response.servedFromCache),
                "timing": [
                    "headers_ms": .number(CommandReport.milliseconds(response.timing.headersReceived)),
                    "total_ms": .number(CommandReport.milliseconds(response.timing.total)),
                ],
            ])
        if !response.redirects.isEmpty {
            object.append(key: "redirects", value: CommandReport.redirectsJSON(response, redaction: redaction))
        }
        if let reason = response.unfollowedRedirect {
            object.append(key: "redirect_not_followed", value: .string(reason))
        }
        object.append(key: "body_kind", value: .string(exchange.body.kind.rawValue))
        object.append(key: "body_media", value: mediaJSON(exchange.response))
        if let problem = exchange.body.problem { object.append(key: "body_problem", value: .string(problem)) }
        object.append(
            key: "evaluation",
            value: markingModel ? markedEvaluation(exchange.evaluation) : exchange.evaluation.jsonValue())
        if let error = exchange.businessError { object.append(key: "business_error", value: error.jsonValue) }
        if let limit = exchange.rateLimit { object.append(key: "rate_limit", value: limit.jsonValue) }
        return object
    }

    /// The evaluation with ``modelMarker`` where its model goes (before `issues`).
    static func markedEvaluation(_ evaluation: EnvelopeEvaluation) -> JSONValue {
        guard evaluation.model != nil else { return evaluation.jsonValue() }
        var members: [(key: String, value: JSONValue)] = []
        for (key, value) in evaluation.jsonValue(includeModel: false).objectValue?.members ?? [] {
            if key == "issues" { members.append((key: "model", value: .string(modelMarker))) }
            members.append((key: key, value: value))
        }
        return .object(JSONObject(members))
    }

    /// Headers as an object; a repeated name keeps every value, in order, as an array.
    private static func headers(_ headers: [(String, String)]) -> JSONValue {
        var object = JSONObject()
        var seen: [String: Int] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if seen[key] != nil {
                let existing = object[key]
                let values = existing?.arrayValue ?? [existing ?? .null]
                var members = object.members
                members.removeAll { $0.key == key }
                object = JSONObject(members)
                object.append(key: key, value: .array(values + [.string(value)]))
            } else {
                seen[key] = 1
                object.append(key: key, value: .string(value))
            }
        }
        return .object(object)
    }

    /// `{"declared":"json","detected":"html","disagrees":true,"image":{"format":"png","width":64,"height":48}}`.
    static func mediaJSON(_ response: HTTPResponseRecord) -> JSONValue {
        let check = response.media
        var media = JSONObject()
        media.append(key: "declared", value: check.declared.map { .string($0.rawValue) } ?? .null)
        media.append(key: "detected", value: .string(check.detected.rawValue))
        media.append(key: "disagrees", value: .bool(check.disagrees))
        if check.detected.isImage, let image = response.image {
            media.append(
                key: "image",
                value: [
                    "format": .string(image.kind.rawValue), "width": .number(JSONNumber(image.width)),
                    "height": .number(JSONNumber(image.height)),
                ])
        }
        return .object(media)
    }
}
