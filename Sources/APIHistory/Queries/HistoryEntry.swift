public import APIMapping
public import Foundation
import GRDB

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

    static let columns = """
        id, recorded_at, profile, endpoint, method, url, http_status, outcome, business_status, tip, total_ms,
        response_body_size, error_kind, business_error, reauth_of, environment
        """

    init(row: Row) {
        id = row["id"]
        date = Date(timeIntervalSince1970: row["recorded_at"])
        profile = row["profile"]
        endpoint = row["endpoint"]
        method = row["method"]
        url = row["url"]
        httpStatus = row["http_status"]
        // Only a newer apiexplore could have written an outcome this one does not know: it cannot decide it.
        outcome = ExchangeOutcome(rawValue: row["outcome"]) ?? .undetermined
        businessStatus = row["business_status"]
        businessError = row["business_error"]
        reauthOf = row["reauth_of"]
        environment = row["environment"]
        tip = row["tip"]
        let milliseconds: Double? = row["total_ms"]
        duration = milliseconds.map { Duration.microseconds(Int64(($0 * 1000).rounded())) }
        responseSize = row["response_body_size"]
        errorKind = row["error_kind"]
    }
}
