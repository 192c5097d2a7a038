package import APIHistory
package import APIMapping

/// What the matcher reads of one recorded exchange: its endpoint, method, URL (redacted, as
/// stored), outcome and whether a response was recorded.
///
/// ```swift
/// MockCandidate(HistoryEntry)  // from a listing
/// MockCandidate(id: 3, endpoint: "user", method: "GET", url: "http://h/users/7", outcome: .success, httpStatus: 200)
/// ```
package struct MockCandidate: Sendable, Hashable {
    /// The exchange's id.
    package var id: Int64
    /// The endpoint id.
    package var endpoint: String
    /// The method sent.
    package var method: String
    /// The URL sent, redacted.
    package var url: String
    /// How it ended.
    package var outcome: ExchangeOutcome
    /// The HTTP status; `nil` when no response came (a transport or profile failure).
    package var httpStatus: Int?

    /// Creates a candidate.
    ///
    /// - Parameters:
    ///   - id: The exchange's id.
    ///   - endpoint: The endpoint id.
    ///   - method: The method sent.
    ///   - url: The URL sent.
    ///   - outcome: How it ended.
    ///   - httpStatus: The HTTP status, if a response came.
    package init(id: Int64, endpoint: String, method: String, url: String, outcome: ExchangeOutcome, httpStatus: Int?) {
        self.id = id
        self.endpoint = endpoint
        self.method = method
        self.url = url
        self.outcome = outcome
        self.httpStatus = httpStatus
    }

    /// The candidate of a listed exchange.
    ///
    /// - Parameter entry: A history entry.
    package init(_ entry: HistoryEntry) {
        self.init(
            id: entry.id, endpoint: entry.endpoint, method: entry.method, url: entry.url, outcome: entry.outcome,
            httpStatus: entry.httpStatus)
    }
}
