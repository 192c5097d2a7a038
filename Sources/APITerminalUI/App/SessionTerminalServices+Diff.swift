import APIClient
import APIHistory
import APIMapping
import APISession

extension SessionTerminalServices {
    /// The shown exchange against the previous one of its endpoint in history, with the profile's
    /// `volatile:` and `identity:` and the volatile paths detected from history.
    ///
    /// An exchange just sent is the endpoint's newest row in history (the session records it
    /// before the UI shows it); one opened from history is that row.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint of the shown exchange.
    ///   - historyID: The shown exchange's row when it was opened from history.
    /// - Returns: The comparison, or why there is none.
    package func diffWithPrevious(endpoint: String, historyID: Int64?) async -> ExchangeDiffOutcome {
        guard let history = session.history else { return .unavailable("history is off: nothing to compare with") }
        let profile = profile
        do {
            var id = historyID
            if id == nil {
                id = try await history.answeredEntries(profile: profile.name, endpoint: endpoint, limit: 1).first?.id
            }
            guard let id else { return .unavailable("\(endpoint) has no answered exchange in history") }
            guard
                let comparison = try await history.compareWithPrevious(
                    id: id, settings: profile.diffSettings(endpoint: endpoint), xmlArrays: profile.xmlArrays)
            else { return .unavailable("#\(id) is no longer in history") }
            guard let previous = comparison.previousID else {
                return .unavailable(
                    "#\(id) is the first answered exchange of \(endpoint) in history: nothing to compare")
            }
            guard let diff = comparison.diff else {
                return .unavailable(comparison.problem ?? "#\(previous) and #\(id) cannot be compared")
            }
            return .compared(
                ExchangeDiff(
                    oldLabel: "#\(previous)",
                    // Other parameters: nothing was detected as volatile, every change is listed.
                    newLabel: "#\(id)" + (comparison.differentRequests == nil ? "" : " (other parameters)"),
                    diff: diff, declared: comparison.declared,
                    detected: comparison.detected))
        } catch {
            return .unavailable("history: \(error)")
        }
    }
}
