package import APIClient
package import APIHTTP
import APIMapping

/// What the model pane's inspector views show of one exchange: the response head, the raw body, the
/// request as sent and the timing phases.
///
/// Built from a live ``APIClient/APIExchange`` or from one replayed out of history; a part the source
/// does not keep is `nil` and shows as "not recorded". Header values and the URL are redacted with the
/// request's ``APIClient/Redaction`` (history stores them already redacted).
///
/// The body is the response's own `[UInt8]`: assigning it shares the array's storage (copy on write,
/// and nothing writes to it), so a 200 MB body is held once however many views show it.
///
/// ```swift
/// let inspection = ExchangeInspection(exchange: exchange, source: .live)
/// inspection.statusLine           // "HTTP/1.1 200 OK"
/// inspection.requestHeaders?[0]   // Authorization: ••••
/// inspection.headersReceived      // 3 ms
/// ```
package struct ExchangeInspection: Sendable {
    /// Where the exchange came from, which says what was recorded.
    package enum Source: Sendable, Equatable {
        /// Just sent: everything is known.
        case live
        /// Read back from the history store: what it keeps, redacted and capped.
        case history
    }

    /// Where the exchange came from.
    package var source: Source
    /// The protocol version, such as `HTTP/1.1`; `nil` when not recorded.
    package var httpVersion: String?
    /// The status code.
    package var status: Int
    /// The reason phrase.
    package var reason: String
    /// The response headers in the order received, redacted; `nil` when not recorded.
    package var responseHeaders: [HTTPHeader]?
    /// The body as received (decompressed); shares the response's storage.
    package var body: [UInt8]
    /// How the body was read: JSON, XML, text, binary or empty.
    package var bodyKind: ResponseBody.Kind
    /// The size of the body as received; larger than ``body`` when history kept only a prefix.
    package var receivedBodySize: Int
    /// The `Content-Type` header.
    package var contentType: String?
    /// The request method.
    package var method: String
    /// The request URL, redacted.
    package var url: String
    /// The request headers, redacted; `nil` when not recorded.
    package var requestHeaders: [HTTPHeader]?
    /// The request body, redacted; a streamed form is its summary.
    package var requestBody: [UInt8]?
    /// Whether ``requestBody`` is a form's summary rather than the bytes sent.
    package var requestBodyIsSummary: Bool
    /// Time until the status line and headers arrived (time to first byte); `nil` when not recorded.
    package var headersReceived: Duration?
    /// Time until the whole body arrived; `nil` when not recorded.
    package var total: Duration?
    /// How many times the request was sent; `nil` when not recorded (history does not keep it).
    package var attempts: Int?
    /// Whether the body came from the validator store after a `304`; `nil` when not recorded.
    package var servedFromCache: Bool?
    /// The redirects followed before the answer, redacted: `302 http://a.test/old → http://b.test/new`.
    package var redirects: [String] = []

    /// Creates the inspection of an exchange.
    ///
    /// ```swift
    /// ExchangeInspection(exchange: stored.replayedExchange(profile: demo)!, source: .history)
    /// ```
    ///
    /// - Parameters:
    ///   - exchange: The exchange, live or replayed.
    ///   - source: Where it came from: a history replay has no attempts or cache flag and its
    ///     headers are the stored, already redacted ones.
    package init(exchange: APIExchange, source: Source) {
        let request = exchange.request
        let response = exchange.response
        let redaction = request.redaction
        self.source = source
        httpVersion = response.httpVersion.isEmpty ? nil : response.httpVersion
        status = response.status
        reason = response.reason
        responseHeaders = redaction.redact(headers: response.headers.map { HTTPHeader(name: $0.name, value: $0.value) })
        body = response.body
        bodyKind = exchange.body.kind
        receivedBodySize = response.body.count
        contentType = response.header("Content-Type")
        method = request.method
        url = redaction.redact(url: request.url)
        requestHeaders = redaction.redact(headers: request.headers)
        if let upload = request.upload {
            requestBody = Array(upload.summary.utf8)
            requestBodyIsSummary = true
        } else {
            requestBody = request.body.map { Self.redactedBody($0, redaction: redaction) }
            requestBodyIsSummary = false
        }
        redirects = response.redirects.map {
            "\($0.status) \(redaction.redact(url: $0.url)) → \(redaction.redact(url: $0.location))"
        }
        if let reason = response.unfollowedRedirect { redirects.append("not followed: \(reason)") }
        headersReceived = response.timing.headersReceived
        total = response.timing.bodyComplete
        switch source {
        case .live:
            attempts = response.attempts
            servedFromCache = response.servedFromCache
        case .history:
            attempts = nil
            servedFromCache = nil
        }
    }

    /// `HTTP/1.1 200 OK`, or `200 OK` when the version was not recorded.
    package var statusLine: String {
        [httpVersion, String(status), reason.isEmpty ? nil : reason].compactMap { $0 }.joined(separator: " ")
    }

    /// The header names whose values say how much of a rate limit is left or when to come back.
    ///
    /// ```swift
    /// ExchangeInspection.isRateLimitHeader("X-RateLimit-Remaining")  // true
    /// ExchangeInspection.isRateLimitHeader("Retry-After")            // true
    /// ```
    ///
    /// - Parameter name: A header name, any case.
    /// - Returns: Whether it is a rate-limit header (`X-RateLimit-*`, `X-Rate-Limit-*`, `RateLimit*`,
    ///   `Retry-After`).
    package static func isRateLimitHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == "retry-after" || lowered.hasPrefix("x-ratelimit") || lowered.hasPrefix("x-rate-limit")
            || lowered.hasPrefix("ratelimit")
    }

    /// The body with the redaction's body paths and secret values masked; bytes that are not JSON
    /// only lose their secret values.
    private static func redactedBody(_ bytes: [UInt8], redaction: Redaction) -> [UInt8] {
        var result = bytes
        if !redaction.body.isEmpty {
            do {
                let document = try JSONDocument(parsing: bytes)
                result = Array(redaction.redact(body: document.root.value).jsonText().utf8)
            } catch {
                result = bytes  // Not JSON: no body paths to mask.
            }
        }
        guard !redaction.secrets.isEmpty else { return result }
        return Array(redaction.redact(text: String(decoding: result, as: UTF8.self)).utf8)
    }
}
