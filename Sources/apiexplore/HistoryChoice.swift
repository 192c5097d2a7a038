import APIHistory

/// Which history store a command records in: where, and how.
struct HistoryChoice: Hashable, Sendable {
    var location: HistoryLocation
    var configuration: HistoryConfiguration
    /// Whether the command must fail when an exchange was not recorded (`--require-history`,
    /// `require_history: true`).
    var isRequired = false
}
