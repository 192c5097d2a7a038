import APIClient
import APIHistory
import APIMapping

extension ScriptRunner {
    /// The most changed paths a failed `expect unchanged` names in its message.
    static let unchangedPathsShown = 10

    /// `expect unchanged [except volatile]`: the last response's model (as history stored it,
    /// redacted) against the previous answered exchange of the same endpoint in history.
    ///
    /// With no earlier exchange there is nothing to differ from: the expectation holds and its
    /// details say `compared_with: null`.
    func checkUnchanged(exceptVolatile: Bool, state: ScriptState, report: inout CommandReport, context: Context)
        async throws(ScriptError)
    {
        guard state.lastExchanges.count <= 1, !state.lastExchanges.isEmpty else {
            throw context.error(
                .noResponse, at: 1,
                state.lastExchanges.isEmpty
                    ? "nothing to check: no response yet (a 'call' must come first)"
                    : "'expect unchanged' compares one call with history, not a 'zip' block")
        }
        let history = try requireHistory(context)
        guard let id = state.lastHistoryID else {
            throw context.error(.history, at: 1, "the last response was not recorded in history; nothing to compare")
        }
        let settings = state.profile?.diffSettings(endpoint: state.lastExchanges.first?.endpointID) ?? DiffSettings()
        let xmlArrays = state.profile?.xmlArrays ?? []
        let found = try await reading(context) { () async throws(HistoryError) in
            try await history.compareWithPrevious(
                id: id, settings: settings, ignoringVolatile: exceptVolatile, xmlArrays: xmlArrays)
        }
        guard let comparison = found else {
            throw context.error(.history, at: 1, "exchange #\(id) is no longer in history")
        }
        report.details.append(("compared_with", comparison.previousID.map { .number(JSONNumber($0)) } ?? .null))
        guard let previous = comparison.previousID else { return }
        let note = comparison.differentRequestsNote
        if let note { report.details.append(("note", .string(note))) }
        if exceptVolatile {
            report.details.append(("declared_volatile", .array(comparison.declared.map { .string($0.description) })))
            report.details.append(("detected_volatile", .array(comparison.detected.map { .string($0.description) })))
        }
        guard let diff = comparison.diff else {
            report.fail(
                expected: "unchanged", actual: "no JSON model",
                message: comparison.problem ?? "nothing to compare", status: .expectationFailed)
            return
        }
        report.details.append(("changes", .number(JSONNumber(diff.significantCount))))
        report.details.append(("volatile_changes", .number(JSONNumber(diff.volatileCount))))
        guard !diff.isEqual else { return }
        let changed = diff.significantChanges.prefix(Self.unchangedPathsShown).map { "\($0.pathText) (\($0.kind))" }
        let more = diff.significantCount - changed.count
        report.fail(
            expected: "unchanged since #\(previous)",
            actual: "\(diff.significantCount) change\(diff.significantCount == 1 ? "" : "s")",
            message: "the model changed since #\(previous): " + changed.joined(separator: ", ")
                + (more > 0 ? " and \(more) more" : "")
                + (diff.isComplete ? "" : "; " + diff.notes.joined(separator: "; "))
                + (note.map { " (\($0))" } ?? ""),
            status: .expectationFailed)
    }

    /// Runs a history read, its failure a script error.
    private func reading<T>(_ context: Context, _ body: () async throws(HistoryError) -> T) async throws(ScriptError)
        -> T
    {
        do {
            return try await body()
        } catch {
            throw context.error(.history, at: 1, error.description)
        }
    }
}
