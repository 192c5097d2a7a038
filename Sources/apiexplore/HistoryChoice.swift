import APIHistory

/// Which history store a command records in: where, and how.
struct HistoryChoice: Hashable, Sendable {
    var location: HistoryLocation
    var configuration: HistoryConfiguration
}
