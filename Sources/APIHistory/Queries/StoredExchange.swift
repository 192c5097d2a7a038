public import APIClient
public import APIHTTP
public import APIMapping
import Foundation

/// One stored exchange in full: the listing's fields, the redacted request and response, and the
/// verdicts recorded at the time, ready to be re-evaluated with a profile's current envelope.
///
/// ```swift
/// let stored = try await store.exchange(id: 42)!
/// stored.entry.outcome                       // .businessFailure (as recorded)
/// let now = stored.evaluate(with: slack.envelope)
/// now?.outcome                               // what today's envelope says of the same bytes
/// ```
public struct StoredExchange: Sendable {
    /// The listing fields: id, date, profile, endpoint, method, URL, status, outcome, tip…
    public let entry: HistoryEntry
    /// The request headers as stored (masked).
    public let requestHeaders: [HTTPHeader]
    /// The request body as stored (masked, capped), if there was one.
    public let requestBody: [UInt8]?
    /// The HTTP reason phrase; `nil` when no response came.
    public let reason: String?
    /// The HTTP version; `nil` when no response came.
    public let httpVersion: String?
    /// When the response headers arrived, from the start of the request.
    public let headersReceived: Duration?
    /// The response headers as stored (masked).
    public let responseHeaders: [HTTPHeader]
    /// The response body as stored: masked, and cut at the body limit when ``isTruncated``.
    public let responseBody: [UInt8]
    /// Whether ``responseBody`` was cut; ``HistoryEntry/responseSize`` is the full size.
    public let isTruncated: Bool
    /// Whether masking rewrote the body as compact JSON (an XML body is then its JSON tree).
    public let isRewritten: Bool
    /// The response's `Content-Type`.
    public let contentType: String?
    /// The HTTP verdict recorded: `success` or `failure`.
    public let httpVerdict: String?
    /// The business verdict recorded: `success`, `failure`, `undetermined`, `not-applicable`.
    public let businessVerdict: String?
    /// The model path the envelope used.
    public let modelPath: String?
    /// The model as JSON text (capped), as indexed for search.
    public let modelText: String?
    /// Why the call failed, for transport and profile failures; masked.
    public let errorMessage: String?
    /// The envelope (the endpoint's override applied) the exchange was evaluated with when it was recorded;
    /// `nil` when no request was built (a profile failure) and for rows written before the history kept it.
    public let envelope: Envelope?
    /// A streamed body's summary (where it was saved and its SHA-256, or an event stream's counts and
    /// how it ended); `nil` for a body read whole and for rows written before history kept it.
    public let stream: JSONValue?
    /// The redirects followed before the answer, oldest first, their URLs masked as recorded; empty
    /// when there were none and for rows written before history kept them.
    public let redirects: [RedirectHop]

    init(row: SQLRow) throws {
        entry = try HistoryEntry(row: row)
        requestHeaders = try Self.headers(row.optionalString("request_headers"))
        requestBody = try row.optionalBytes("request_body")
        reason = try row.optionalString("http_reason")
        httpVersion = try row.optionalString("http_version")
        let headersMilliseconds = try row.optionalDouble("headers_ms")
        headersReceived = headersMilliseconds.map { Duration.microseconds(Int64(($0 * 1000).rounded())) }
        responseHeaders = try Self.headers(row.optionalString("response_headers"))
        responseBody = try row.optionalBytes("response_body") ?? []
        isTruncated = try row.bool("response_body_truncated")
        isRewritten = try row.bool("response_body_rewritten")
        contentType = try row.optionalString("content_type")
        httpVerdict = try row.optionalString("http_verdict")
        businessVerdict = try row.optionalString("business_verdict")
        modelPath = try row.optionalString("model_path")
        modelText = try row.optionalString("model_text")
        errorMessage = try row.optionalString("error_message")
        let envelopeText = try row.optionalString("envelope")
        envelope = try envelopeText.map { try Envelope(storageJSON: JSONDocument(parsing: $0).root) }
        stream = try row.optionalString("response_stream").map { try JSONDocument(parsing: $0).root.value }
        redirects = try Self.redirects(row.optionalString("redirects"))
    }

    /// The hops of a `redirects` column; a hop missing a field is an error, not a guess.
    private static func redirects(_ text: String?) throws -> [RedirectHop] {
        guard let text else { return [] }
        return try JSONDocument(parsing: text).root.elements.enumerated().map { index, hop in
            guard let method = hop["method"]?.stringValue, let url = hop["url"]?.stringValue,
                let status = hop["status"]?.numberValue?.int, let location = hop["location"]?.stringValue
            else {
                throw SQLRowError(
                    column: "redirects", expected: "hop \(index + 1) with method, url, status and location")
            }
            return RedirectHop(method: method, url: url, status: status, location: location)
        }
    }

    /// Every column of the exchange table but PostgreSQL's full-text vector.
    static let columns = """
        id, recorded_at, profile, endpoint, method, url, request_headers, request_body, request_body_size,
        http_status, http_reason, http_version, headers_ms, total_ms, response_headers, response_body,
        response_body_size, response_body_truncated, response_body_rewritten, content_type, outcome,
        http_verdict, business_verdict, business_status, tip, model_path, model_text, error_kind,
        error_message, stored_bytes, envelope, business_error, reauth_of, environment, response_stream, recorded_by,
        recorded_on, recorded_with, redirects
        """

    private static func headers(_ text: String?) throws -> [HTTPHeader] {
        guard let text else { return [] }
        let document = try JSONDocument(parsing: text)
        return document.root.elements.map { pair in
            HTTPHeader(name: pair[0]?.stringValue ?? "", value: pair[1]?.stringValue ?? "")
        }
    }

    /// The stored response body read again as JSON, XML or text.
    ///
    /// A rewritten body is read as JSON whatever its original type; a truncated JSON body no
    /// longer parses and reads as text, with the parse error.
    ///
    /// ```swift
    /// stored.body(xmlArrays: []).document?.root["ok"]  // false
    /// ```
    ///
    /// - Parameters:
    ///   - xmlArrays: Paths that stay arrays when an XML body is converted.
    ///   - feeds: Whether a feed is read as its normalised model (a profile's `feeds: true`).
    public func body(xmlArrays: [ProfilePath] = [], feeds: Bool = false) -> ResponseBody {
        ResponseBody(
            bytes: responseBody, contentType: isRewritten ? "application/json" : contentType, xmlArrays: xmlArrays,
            feeds: feeds)
    }

    /// Evaluates the stored response with an envelope, such as the profile's current one.
    ///
    /// ```swift
    /// let evaluation = stored.evaluate(with: try profile.resolveRequest(…).envelope)
    /// evaluation?.tip  // "invalid_auth"
    /// ```
    ///
    /// - Parameters:
    ///   - envelope: The envelope to apply.
    ///   - xmlArrays: Paths that stay arrays when an XML body is converted.
    /// - Returns: The evaluation; `nil` when no response was recorded (a transport or profile failure).
    public func evaluate(with envelope: Envelope, xmlArrays: [ProfilePath] = []) -> EnvelopeEvaluation? {
        guard let status = entry.httpStatus else { return nil }
        return envelope.evaluate(httpStatus: status, body: body(xmlArrays: xmlArrays).document?.root)
    }

    /// The request's `Content-Type` header, if it sent one.
    public var requestContentType: String? {
        requestHeaders.first { $0.name.lowercased() == "content-type" }?.value
    }

    /// Evaluates the stored response again with the envelope it was recorded with: the whole evaluation (tip
    /// and model with their locations, issues) as it was then, whatever the profile says today.
    ///
    /// ```swift
    /// stored.evaluateAsRecorded()?.tipLocation  // $.msg, even after the profile moved its tip key
    /// stored.evaluate(with: profile.envelope)    // what today's envelope says of the same bytes
    /// ```
    ///
    /// - Parameter xmlArrays: Paths that stay arrays when an XML body is converted.
    /// - Returns: The evaluation; `nil` when no response or no envelope was recorded.
    public func evaluateAsRecorded(xmlArrays: [ProfilePath] = []) -> EnvelopeEvaluation? {
        envelope.flatMap { evaluate(with: $0, xmlArrays: xmlArrays) }
    }
}

extension HistoryStore {
    /// One exchange in full, by id.
    ///
    /// ```swift
    /// let stored = try await store.exchange(id: 42)
    /// stored?.entry.tip          // the tip recorded then
    /// stored?.evaluate(with: e)  // the verdicts an envelope gives now
    /// ```
    ///
    /// - Parameter id: The exchange's id.
    /// - Returns: The exchange, or `nil` when there is none with that id (or it was pruned).
    /// - Throws: ``HistoryError`` when the read fails or the row is damaged.
    public func exchange(id: Int64) async throws(HistoryError) -> StoredExchange? {
        try await read { connection in
            try await connection.fetchOne("SELECT \(StoredExchange.columns) FROM exchange WHERE id = ?", [id])
                .map(StoredExchange.init)
        }
    }
}
