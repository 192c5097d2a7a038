public import APIMapping
public import Foundation

/// One exchange in a listing: enough for a history pane's line, without the bodies.
///
/// ```swift
/// for entry in try await store.entries(HistoryQuery(limit: 3)) {
///     print(entry.id, entry.method, entry.url, entry.httpStatus ?? 0, entry.outcome, entry.tip ?? "")
/// }
/// // 42 POST https://slack.com/api/auth.test 200 business-failure invalid_auth
/// ```
public struct HistoryEntry: Sendable, Hashable, Identifiable {
    /// The exchange's id.
    public let id: Int64
    /// When it was recorded.
    public let date: Date
    /// The profile's name.
    public let profile: String
    /// The endpoint id.
    public let endpoint: String
    /// The request method.
    public let method: String
    /// The request URL, redacted.
    public let url: String
    /// The HTTP status; `nil` when no response came.
    public let httpStatus: Int?
    /// How it ended.
    public let outcome: ExchangeOutcome
    /// The raw business status as text, if the envelope found one.
    public let businessStatus: String?
    /// The catalogued name of the business failure (`token_expired`), or `uncatalogued`.
    public let businessError: String?
    /// The exchange this one replayed after signing in again, if it is such a replay.
    public let reauthOf: Int64?
    /// The profile environment it was sent in (`staging`), for profiles that declare environments.
    public let environment: String?
    /// The envelope's tip, if any.
    public let tip: String?
    /// The whole exchange's duration; `nil` when no response came.
    public let duration: Duration?
    /// The response body's full size in bytes (before any cap).
    public let responseSize: Int
    /// Why no response came (`connection refused`, `read timeout`…), for transport and profile failures.
    public let errorKind: String?
    /// Who recorded it, where, with what; `nil` for exchanges recorded before apiexplore kept it.
    public let recorder: HistoryRecorder?

    static let columns = """
        id, recorded_at, profile, endpoint, method, url, http_status, outcome, business_status, tip, total_ms,
        response_body_size, error_kind, business_error, reauth_of, environment, recorded_by, recorded_on,
        recorded_with
        """

    init(row: SQLRow) throws(SQLRowError) {
        id = try row.int64("id")
        date = Date(timeIntervalSince1970: try row.double("recorded_at"))
        profile = try row.string("profile")
        endpoint = try row.string("endpoint")
        method = try row.string("method")
        url = try row.string("url")
        httpStatus = try row.optionalInt("http_status")
        // Only a newer apiexplore could have written an outcome this one does not know: it cannot decide it.
        outcome = ExchangeOutcome(rawValue: try row.string("outcome")) ?? .undetermined
        businessStatus = try row.optionalString("business_status")
        businessError = try row.optionalString("business_error")
        reauthOf = try row.optionalInt64("reauth_of")
        environment = try row.optionalString("environment")
        tip = try row.optionalString("tip")
        let milliseconds = try row.optionalDouble("total_ms")
        duration = milliseconds.map { Duration.microseconds(Int64(($0 * 1000).rounded())) }
        responseSize = try row.int("response_body_size")
        errorKind = try row.optionalString("error_kind")
        let user = try row.optionalString("recorded_by")
        let host = try row.optionalString("recorded_on")
        let tool = try row.optionalString("recorded_with")
        recorder = user == nil && host == nil && tool == nil ? nil : HistoryRecorder(user: user, host: host, tool: tool)
    }
}
