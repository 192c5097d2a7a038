public import APIMapping
public import Foundation

/// What the tip catalogue reads of one recorded exchange: when, where, how it ended, its raw
/// business status and tip, and the error name recorded with it.
///
/// ```swift
/// let observation = TipObservation(entry)  // from a HistoryEntry
/// TipObservation(
///     id: 7, date: .now, profile: "demo", endpoint: "orders", outcome: .businessFailure,
///     businessStatus: "40013", tip: "invalid token", recordedError: "invalid_token")
/// ```
public struct TipObservation: Sendable, Hashable {
    /// The exchange's id.
    public var id: Int64
    /// When it was recorded.
    public var date: Date
    /// The profile's name.
    public var profile: String
    /// The endpoint id.
    public var endpoint: String
    /// How it ended.
    public var outcome: ExchangeOutcome
    /// The raw business status as text (`40013`, `invalid_auth`, `false`), if the envelope found one.
    public var businessStatus: String?
    /// The envelope's tip, if any.
    public var tip: String?
    /// The catalogued error name recorded with the exchange (`token_expired`, `uncatalogued`).
    public var recordedError: String?

    /// Creates an observation.
    ///
    /// - Parameters:
    ///   - id: The exchange's id.
    ///   - date: When it was recorded.
    ///   - profile: The profile's name.
    ///   - endpoint: The endpoint id.
    ///   - outcome: How it ended.
    ///   - businessStatus: The raw business status as text.
    ///   - tip: The tip.
    ///   - recordedError: The error name recorded with it.
    public init(
        id: Int64, date: Date, profile: String, endpoint: String, outcome: ExchangeOutcome, businessStatus: String?,
        tip: String?, recordedError: String? = nil
    ) {
        self.id = id
        self.date = date
        self.profile = profile
        self.endpoint = endpoint
        self.outcome = outcome
        self.businessStatus = businessStatus
        self.tip = tip
        self.recordedError = recordedError
    }

    /// The observation of a listed exchange.
    ///
    /// - Parameter entry: A history entry.
    public init(_ entry: HistoryEntry) {
        self.init(
            id: entry.id, date: entry.date, profile: entry.profile, endpoint: entry.endpoint, outcome: entry.outcome,
            businessStatus: entry.businessStatus, tip: entry.tip, recordedError: entry.businessError)
    }

    /// The code the profile's `errors:` would name this exchange by, or `nil` when it carries no
    /// business status: the status, except for a flag-only status (`true`/`false`) on a failure,
    /// whose code is the tip (`{"ok": false, "error": "invalid_auth"}` → `invalid_auth`), as the
    /// catalogue matches them. A business failure with no status found is known by its tip.
    var code: String? {
        if let status = businessStatus {
            let isFlag = status == "true" || status == "false"
            if isFlag, outcome != .success, let tip, !tip.isEmpty { return tip }
            return status
        }
        guard outcome == .businessFailure, let tip, !tip.isEmpty else { return nil }
        return tip
    }

    /// Whether ``code`` is the tip standing for a flag-only or missing status.
    var codeIsTip: Bool { code != nil && code != businessStatus }
}
