import APIClient
import APIMapping
import Foundation

/// One exchange as stored: every column, already redacted and capped.
struct ExchangeRow: Sendable {
    var recordedAt: Date
    var profile: String
    var endpoint: String
    var method: String
    var url: String
    var requestHeaders: [(name: String, value: String)]
    var requestBody: [UInt8]?
    var requestBodySize: Int
    var httpStatus: Int?
    var httpReason: String?
    var httpVersion: String?
    var headersMilliseconds: Double?
    var totalMilliseconds: Double?
    var responseHeaders: [(name: String, value: String)]?
    var responseBody: [UInt8]?
    var responseBodySize: Int
    var responseBodyTruncated: Bool
    var responseBodyRewritten: Bool
    var contentType: String?
    var outcome: ExchangeOutcome
    var httpVerdict: String?
    var businessVerdict: String?
    var businessStatus: String?
    var tip: String?
    var modelPath: String?
    var modelText: String?
    var errorKind: String?
    var errorMessage: String?
    /// The envelope the exchange was evaluated with, as `Envelope.storageJSON` text.
    var envelope: String?
    /// The catalogued name of the business failure, or `uncatalogued`.
    var businessError: String? = nil
    /// The exchange this one replays after signing in again.
    var reauthOf: Int64? = nil
    /// The profile's active environment, if it declares any.
    var environment: String? = nil
    /// A streamed body's summary as JSON (``StreamedBody``): where it was saved and its digest, or
    /// the stream's event counts; `nil` for a body read whole.
    var responseStream: String? = nil
    /// Who recorded it, where, with what.
    var recorder: HistoryRecorder? = nil
    /// The redirects followed before the answer, as JSON (``redirectsJSON(_:redactor:)``); `nil` for none.
    var redirects: String? = nil

    var storedBytes: Int {
        url.utf8.count + (requestBody?.count ?? 0) + (responseBody?.count ?? 0)
            + (requestHeaders + (responseHeaders ?? [])).reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
            + (tip?.utf8.count ?? 0) + (modelText?.utf8.count ?? 0) + (errorMessage?.utf8.count ?? 0)
            + (envelope?.utf8.count ?? 0) + (responseStream?.utf8.count ?? 0)
            + [recorder?.user, recorder?.host, recorder?.tool].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
            + (redirects?.utf8.count ?? 0)
    }

    /// The columns ``arguments`` fills, in its order.
    static let columnNames = [
        "recorded_at", "profile", "endpoint", "method", "url", "request_headers", "request_body",
        "request_body_size", "http_status", "http_reason", "http_version", "headers_ms", "total_ms",
        "response_headers", "response_body", "response_body_size", "response_body_truncated",
        "response_body_rewritten", "content_type", "outcome", "http_verdict", "business_verdict", "business_status",
        "tip", "model_path", "model_text", "error_kind", "error_message", "stored_bytes", "envelope",
        "business_error", "reauth_of", "environment", "response_stream", "recorded_by", "recorded_on", "recorded_with",
        "redirects",
    ]
    static let insertSQL = "INSERT INTO exchange (" + columnNames.joined(separator: ", ") + ")"
    /// How many columns ``insertSQL`` names.
    static let columnCount = columnNames.count
    static let placeholders = "(" + Array(repeating: "?", count: columnCount).joined(separator: ",") + ")"
    /// The statement that inserts one row and returns its id (`RETURNING`, which both dialects have);
    /// ``HistoryStore`` prepares it as it opens a SQLite file.
    static let insertStatement = insertSQL + " VALUES " + placeholders + " RETURNING id"

    var arguments: [SQLValue] {
        [
            recordedAt.timeIntervalSince1970.sqlValue, profile.sqlValue, endpoint.sqlValue, method.sqlValue,
            url.sqlValue, Self.headersText(requestHeaders).sqlValue, requestBody.sqlValue, requestBodySize.sqlValue,
            httpStatus.sqlValue, httpReason.sqlValue, httpVersion.sqlValue, headersMilliseconds.sqlValue,
            totalMilliseconds.sqlValue, responseHeaders.map(Self.headersText).sqlValue, responseBody.sqlValue,
            responseBodySize.sqlValue, responseBodyTruncated.sqlValue, responseBodyRewritten.sqlValue,
            contentType.sqlValue, outcome.rawValue.sqlValue, httpVerdict.sqlValue, businessVerdict.sqlValue,
            businessStatus.sqlValue, tip.sqlValue, modelPath.sqlValue, modelText.sqlValue, errorKind.sqlValue,
            errorMessage.sqlValue, storedBytes.sqlValue, envelope.sqlValue, businessError.sqlValue,
            reauthOf.sqlValue, environment.sqlValue, responseStream.sqlValue, recorder?.user.sqlValue ?? .null,
            recorder?.host.sqlValue ?? .null, recorder?.tool.sqlValue ?? .null, redirects.sqlValue,
        ]
    }

    /// Inserts the row and returns its id.
    func insert(_ connection: any SQLConnection) async throws -> Int64 {
        guard let row = try await connection.fetchAll(Self.insertStatement, arguments).first else {
            throw SQLRowError(column: "id", expected: "the new row's id")
        }
        return try row.int64("id")
    }

    /// Headers as a JSON array of `[name, value]` pairs, order and duplicates kept.
    static func headersText(_ headers: [(name: String, value: String)]) -> String {
        JSONValue.array(headers.map { .array([.string($0.name), .string($0.value)]) }).jsonText()
    }
}
