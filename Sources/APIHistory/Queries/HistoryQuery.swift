public import APIMapping

/// Which exchanges to list, newest first: by profile, endpoint, outcome and business status.
///
/// ```swift
/// HistoryQuery(profile: "slack", endpoint: "auth_test", outcomes: [.businessFailure], limit: 20)
/// HistoryQuery(businessStatus: "invalid_auth")
/// HistoryQuery(businessError: "token_expired")
/// HistoryQuery(profile: "acme", environment: "prod")
/// HistoryQuery(limit: 50, before: lastSeenID)  // the next page
/// ```
public struct HistoryQuery: Sendable, Hashable {
    /// Only this profile's exchanges.
    public var profile: String?
    /// Only this endpoint's exchanges (with ``profile``, or across profiles).
    public var endpoint: String?
    /// Only these outcomes; empty means any.
    public var outcomes: Set<ExchangeOutcome>
    /// Only exchanges whose raw business status reads this (`0`, `"invalid_auth"` as `invalid_auth`, `true`).
    public var businessStatus: String?
    /// Only exchanges whose business failure the profile's catalogue names so (`token_expired`).
    public var businessError: String?
    /// Only exchanges sent in this profile environment (`prod`).
    public var environment: String?
    /// Only exchanges sent to this URL, as history stored it (redacted): the same endpoint with the
    /// same path and query parameters.
    public var url: String? = nil
    /// Only exchanges sent with this method.
    public var method: String? = nil
    /// The most entries returned.
    public var limit: Int
    /// Only ids below this one: the page after the last entry seen.
    public var before: Int64?

    /// Creates a query; every filter is optional.
    ///
    /// - Parameters:
    ///   - profile: The profile name.
    ///   - endpoint: The endpoint id.
    ///   - outcomes: The outcomes wanted; empty for any.
    ///   - businessStatus: The raw business status as text.
    ///   - businessError: The catalogued error name.
    ///   - environment: The profile environment.
    ///   - limit: The most entries; default 100.
    ///   - before: Only ids below this one.
    public init(
        profile: String? = nil, endpoint: String? = nil, outcomes: Set<ExchangeOutcome> = [],
        businessStatus: String? = nil, businessError: String? = nil, environment: String? = nil, limit: Int = 100,
        before: Int64? = nil
    ) {
        self.environment = environment
        self.businessError = businessError
        self.profile = profile
        self.endpoint = endpoint
        self.outcomes = outcomes
        self.businessStatus = businessStatus
        self.limit = limit
        self.before = before
    }
}
