import APIClient
package import APIHTTP
package import APIHistory
package import APIMapping

/// What the mock answers: an HTTP status, headers and a body.
///
/// A replay is the recorded response as history stored it (so redacted values stay redacted),
/// with only the content type and headers safe to repeat: caching, paging and rate-limit
/// headers, never `Set-Cookie`, authentication or transfer headers (the stored body is already
/// decoded). `X-Apiexplore-Exchange` names the exchange replayed. When nothing can answer, the
/// mock says why in a JSON body.
///
/// ```swift
/// let response = MockResponse.replay(stored)
/// response.status   // 200
/// response.headers  // [Content-Type: application/json; charset=utf-8, X-Apiexplore-Exchange: 42]
/// ```
package struct MockResponse: Sendable, Hashable {
    /// The HTTP status.
    package var status: Int
    /// The headers, in order.
    package var headers: [HTTPHeader]
    /// The body bytes.
    package var body: [UInt8]

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - headers: The headers.
    ///   - body: The body.
    package init(status: Int, headers: [HTTPHeader], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The header naming the recorded exchange a replay comes from.
    package static let exchangeHeader = "X-Apiexplore-Exchange"

    /// Response headers repeated from the recording, lower-case; any other is left out.
    package static let replayedHeaders: Set<String> = [
        "cache-control", "content-language", "etag", "expires", "last-modified", "link", "location", "retry-after",
        "vary", "x-total-count", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "ratelimit",
        "ratelimit-policy", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset",
    ]

    /// The recorded response again: status, content type, safe headers and the stored body.
    ///
    /// A body history rewrote as JSON to mask it is served as JSON. The URIs in `Link`, `Location`
    /// and `Content-Location` get their credential query items masked again
    /// (``RequestRedaction/redact(header:value:names:)``): history masks them when recording, but
    /// an exchange recorded before it did would otherwise replay a server-issued token. The caller
    /// checks that a response was recorded and that the body is whole (``StoredExchange/isTruncated``).
    ///
    /// ```swift
    /// MockResponse.replay(stored, queryNames: profile.redaction.query).headers
    /// // [Content-Type: application/json, Link: </items?page=2&access_token=••••>; rel="next", …]
    /// ```
    ///
    /// - Parameters:
    ///   - stored: A recorded exchange with a response.
    ///   - queryNames: The query item names whose values are masked in replayed URIs (the profile's
    ///     ``Redaction/query``), compared without case.
    /// - Returns: The response; a 502 explaining it when the recorded status is no HTTP status.
    package static func replay(
        _ stored: StoredExchange, queryNames: Set<String> = RequestRedaction.defaultQueryNames
    ) -> MockResponse {
        guard let status = stored.entry.httpStatus, (100...599).contains(status) else {
            return explanation(
                status: 502, "exchange #\(stored.entry.id) recorded no HTTP status to replay",
                ["exchange": .number(JSONNumber(stored.entry.id))])
        }
        var headers: [HTTPHeader] = []
        let contentType =
            stored.isRewritten && !(stored.contentType ?? "").lowercased().contains("json")
            ? "application/json; charset=utf-8" : stored.contentType
        if let contentType { headers.append(HTTPHeader(name: "Content-Type", value: contentType)) }
        for header in stored.responseHeaders where replayedHeaders.contains(header.name.lowercased()) {
            let value = RequestRedaction.redact(header: header.name, value: header.value, names: queryNames)
            headers.append(HTTPHeader(name: header.name, value: value))
        }
        headers.append(HTTPHeader(name: exchangeHeader, value: String(stored.entry.id)))
        return MockResponse(status: status, headers: headers, body: stored.responseBody)
    }

    /// A JSON explanation: `{"error": message, …fields}`.
    ///
    /// ```swift
    /// MockResponse.explanation(status: 404, "no endpoint of profile 'demo' answers GET /x", [:])
    /// // 404 {"error":"no endpoint of profile 'demo' answers GET /x"}
    /// ```
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - message: What happened.
    ///   - fields: More members, in order after `error`.
    package static func explanation(status: Int, _ message: String, _ fields: KeyValuePairs<String, JSONValue>)
        -> MockResponse
    {
        var object = JSONObject()
        object.append(key: "error", value: .string(message))
        for (key, value) in fields { object.append(key: key, value: value) }
        return MockResponse(
            status: status, headers: [HTTPHeader(name: "Content-Type", value: "application/json; charset=utf-8")],
            body: Array(JSONValue.object(object).jsonText().utf8))
    }
}
