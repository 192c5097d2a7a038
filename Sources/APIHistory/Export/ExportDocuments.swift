import APIClient
package import APIHTTP
package import APIMapping
import Foundation

/// Builds the exported JSON for stored exchanges.
package enum ExportDocuments {
    static func date(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func milliseconds(_ duration: Duration?) -> JSONValue {
        guard let duration else { return .null }
        return number(duration.milliseconds)
    }

    static func number(_ value: Double) -> JSONValue {
        JSONNumber(value).map(JSONValue.number) ?? .null
    }

    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    static func optional(_ value: Int?) -> JSONValue { value.map { .number(JSONNumber($0)) } ?? .null }

    static func headers(_ headers: [HTTPHeaderValue]) -> JSONValue {
        .array(headers.map { .object(["name": .string($0.name), "value": .string($0.value)]) })
    }

    /// Body text and, for bytes that are not UTF-8, `base64`.
    static func bodyText(_ bytes: [UInt8]) -> (text: String, encoding: String?) {
        if let text = String(validating: bytes, as: UTF8.self) { return (text, nil) }
        return (Data(bytes).base64EncodedString(), "base64")
    }

    /// One exchange as a JSON Lines record.
    static func jsonLine(_ stored: StoredExchange) -> JSONValue {
        let entry = stored.entry
        var object: JSONObject = [
            "id": .number(JSONNumber(entry.id)), "date": .string(date(entry.date)), "profile": .string(entry.profile),
            "endpoint": .string(entry.endpoint), "method": .string(entry.method), "url": .string(entry.url),
            "requestHeaders": headers(stored.requestHeaders.map { ($0.name, $0.value) }),
        ]
        if let body = stored.requestBody {
            let (text, encoding) = bodyText(body)
            object["requestBody"] = .string(text)
            if let encoding { object["requestBodyEncoding"] = .string(encoding) }
        }
        object["status"] = optional(entry.httpStatus)
        object["reason"] = optional(stored.reason)
        object["httpVersion"] = optional(stored.httpVersion)
        object["headersMs"] = milliseconds(stored.headersReceived)
        object["totalMs"] = milliseconds(entry.duration)
        object["responseHeaders"] = headers(stored.responseHeaders.map { ($0.name, $0.value) })
        if entry.httpStatus != nil {
            let (text, encoding) = bodyText(stored.responseBody)
            object["responseBody"] = .string(text)
            if let encoding { object["responseBodyEncoding"] = .string(encoding) }
        }
        object["responseSize"] = .number(JSONNumber(entry.responseSize))
        object["truncated"] = .bool(stored.isTruncated)
        object["rewritten"] = .bool(stored.isRewritten)
        object["contentType"] = optional(stored.contentType)
        object["outcome"] = .string(entry.outcome.rawValue)
        object["httpVerdict"] = optional(stored.httpVerdict)
        object["businessVerdict"] = optional(stored.businessVerdict)
        object["businessStatus"] = optional(entry.businessStatus)
        object["tip"] = optional(entry.tip)
        object["modelPath"] = optional(stored.modelPath)
        object["errorKind"] = optional(entry.errorKind)
        object["error"] = optional(stored.errorMessage)
        object["redirects"] = redirects(stored.redirects)
        return .object(object)
    }

    /// The hops as `[{"method","url","status","location"}]`, as the row keeps them (masked).
    package static func redirects(_ hops: [RedirectHop]) -> JSONValue {
        .array(
            hops.map { hop in
                [
                    "method": .string(hop.method), "url": .string(hop.url), "status": .number(JSONNumber(hop.status)),
                    "location": .string(hop.location),
                ]
            })
    }

    /// One exchange as a HAR 1.2 `entries[]` item; a call with no response has status 0 and `_error`.
    static func harEntry(_ stored: StoredExchange) -> JSONValue {
        let entry = stored.entry
        let requestText = stored.requestBody.map { bodyText($0) }
        var request: JSONObject = [
            "method": .string(entry.method), "url": .string(entry.url),
            "httpVersion": .string(stored.httpVersion ?? "HTTP/1.1"),
            "cookies": [], "headers": headers(stored.requestHeaders.map { ($0.name, $0.value) }),
            "queryString": .array(
                QueryItems.parse(entry.url).map { .object(["name": .string($0.name), "value": .string($0.value)]) }),
            "headersSize": -1, "bodySize": .number(JSONNumber(stored.requestBody?.count ?? 0)),
        ]
        if let requestText {
            request["postData"] = .object([
                "mimeType": .string(stored.requestContentType ?? "application/json"), "text": .string(requestText.text),
            ])
        }
        let (text, encoding) = bodyText(stored.responseBody)
        var content: JSONObject = [
            "size": .number(JSONNumber(entry.responseSize)), "mimeType": .string(stored.contentType ?? ""),
            "text": .string(text),
        ]
        if let encoding { content["encoding"] = .string(encoding) }
        if stored.isTruncated { content["comment"] = "truncated to the history's body limit" }
        let total = entry.duration?.milliseconds ?? 0
        let wait = stored.headersReceived?.milliseconds ?? total
        var item: JSONObject = [
            "startedDateTime": .string(date(entry.date)), "time": number(total), "request": .object(request),
            "response": .object([
                "status": .number(JSONNumber(entry.httpStatus ?? 0)), "statusText": .string(stored.reason ?? ""),
                "httpVersion": .string(stored.httpVersion ?? "HTTP/1.1"), "cookies": [],
                "headers": headers(stored.responseHeaders.map { ($0.name, $0.value) }), "content": .object(content),
                "redirectURL": "", "headersSize": -1, "bodySize": .number(JSONNumber(stored.responseBody.count)),
            ]),
            "cache": [:],
            "timings": ["send": 0, "wait": number(wait), "receive": number(max(total - wait, 0))],
            "_profile": .string(entry.profile), "_endpoint": .string(entry.endpoint),
            "_outcome": .string(entry.outcome.rawValue),
        ]
        if let tip = entry.tip { item["_tip"] = .string(tip) }
        if let status = entry.businessStatus { item["_businessStatus"] = .string(status) }
        if let error = stored.errorMessage { item["_error"] = .string(error) }
        // HAR gives each hop an entry of its own; history keeps the answer's, so the hops ride along.
        if !stored.redirects.isEmpty { item["_redirects"] = redirects(stored.redirects) }
        return .object(item)
    }
}

typealias HTTPHeaderValue = (name: String, value: String)
