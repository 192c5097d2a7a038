package import APIMapping
package import Foundation

/// One row of the History pane: a persisted exchange, as the history store lists it.
///
/// The UI does not know how history is stored; ``TerminalServices/historyRows(limit:)`` returns these,
/// newest first, and ``TerminalServices/historyExchange(id:)`` loads one back.
///
/// ```swift
/// HistoryRow(id: 7, date: .now, endpoint: "user", method: "GET", status: 200, outcome: .success,
///            businessStatus: "0", tip: "成功", duration: .milliseconds(12))
/// ```
package struct HistoryRow: Sendable, Hashable, Identifiable {
    /// The store's identifier.
    package var id: Int64
    /// When the request was sent.
    package var date: Date
    /// The endpoint identifier.
    package var endpoint: String
    /// The HTTP method.
    package var method: String
    /// The HTTP status, or `nil` when no response arrived.
    package var status: Int?
    /// The verdict.
    package var outcome: ExchangeOutcome
    /// The body's business status as text (`0`, `"success"`, `true`), if any.
    package var businessStatus: String?
    /// The tip message, if any.
    package var tip: String?
    /// How long the exchange took, if known.
    package var duration: Duration?
    /// The URL as history stored it (secrets masked); `""` when none was built.
    package var url: String
    /// The parameters it was sent with, read back from the URL (``APIClient/Endpoint/parameters(inURL:)``).
    package var parameters: [String: String]
    /// Who recorded it and where (`ada@ci-runner-7`), when it was someone else or another machine
    /// (a team's shared history); `nil` for this user's own rows and rows that do not say.
    package var recordedBy: String? = nil

    /// Creates a row.
    ///
    /// ```swift
    /// let row = HistoryRow(id: 1, date: .now, endpoint: "orders", method: "GET", status: 200,
    ///                      outcome: .businessFailure, businessStatus: "40013", tip: "invalid token", duration: nil)
    /// ```
    ///
    /// - Parameters:
    ///   - id: The store's identifier.
    ///   - date: When the request was sent.
    ///   - endpoint: The endpoint identifier.
    ///   - method: The HTTP method.
    ///   - status: The HTTP status.
    ///   - outcome: The verdict.
    ///   - businessStatus: The business status as text.
    ///   - tip: The tip message.
    ///   - duration: How long it took.
    ///   - url: The URL as stored.
    ///   - parameters: The parameters it was sent with.
    package init(
        id: Int64, date: Date, endpoint: String, method: String, status: Int?, outcome: ExchangeOutcome,
        businessStatus: String?, tip: String?, duration: Duration?, url: String = "", parameters: [String: String] = [:]
    ) {
        self.id = id
        self.date = date
        self.endpoint = endpoint
        self.method = method
        self.status = status
        self.outcome = outcome
        self.businessStatus = businessStatus
        self.tip = tip
        self.duration = duration
        self.url = url
        self.parameters = parameters
    }
}
