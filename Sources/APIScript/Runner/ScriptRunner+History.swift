import APIClient
package import APIHistory
package import APIMapping
import APISession
import Foundation

extension ScriptRunner {
    /// `history [N]`: the newest stored exchanges of the profile in use (of every profile without one).
    func listHistory(limit: Int, state: ScriptState, report: inout CommandReport, context: Context)
        async throws(ScriptError)
    {
        let history = try requireHistory(context)
        let entries: [HistoryEntry]
        do {
            entries = try await history.entries(HistoryQuery(profile: state.profile?.name, limit: limit))
        } catch {
            throw context.error(.history, at: 1, error.description)
        }
        report.details.append(("entries", .array(entries.map(Self.historyJSON))))
    }

    /// `replay ID`: a stored exchange becomes the last response again, evaluated with the profile's
    /// *current* envelope for that endpoint, without touching the network.
    func replay(_ idText: ScriptText, state: inout ScriptState, report: inout CommandReport, context: Context)
        async throws(ScriptError)
    {
        let history = try requireHistory(context)
        let text = try context.resolve(idText, state)
        guard let id = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text) else {
            throw context.error(.syntax, at: idText.column, "'\(text)' is not a history id")
        }
        let found: StoredExchange?
        do {
            found = try await history.exchange(id: id)
        } catch {
            throw context.error(.history, at: idText.column, error.description)
        }
        guard let stored = found else {
            throw context.error(.history, at: idText.column, "no stored exchange #\(id) (it may have been pruned)")
        }
        let profile: Profile
        if let current = state.profile, current.name == stored.entry.profile {
            profile = current
        } else {
            do {
                profile = try session.profile(named: stored.entry.profile)
            } catch {
                throw context.error(.unknownProfile, at: idText.column, "#\(id) came from \(error.message)")
            }
        }
        guard let exchange = stored.replayedExchange(profile: profile) else {
            report.details.append(("recorded_outcome", .string(stored.entry.outcome.rawValue)))
            report.details.append(("error", .string(stored.errorMessage ?? "no response was recorded")))
            report.fail(
                expected: "a stored response", actual: stored.entry.outcome.rawValue,
                message: "#\(id) has no response to replay: \(stored.errorMessage ?? stored.entry.outcome.rawValue)",
                status: .expectationFailed)
            state.lastExchanges = []
            return
        }
        report.exchange = exchange
        report.historyID = id
        report.details.append(("recorded_outcome", .string(stored.entry.outcome.rawValue)))
        if profile.name != state.profile?.name { report.profile = profile }
        state.profile = profile
        state.lastExchanges = [exchange]
        state.lastHistoryID = id
    }

    func requireHistory(_ context: Context) throws(ScriptError) -> HistoryStore {
        guard let history = session.history else {
            throw context.error(.history, at: 1, "history is off (--no-history)")
        }
        return history
    }

    /// A model store report as the `stored` of a call's JSON: the outer table's counts, `nested`
    /// (the same per nested table, when the store declares any) and `summary`, the report's one
    /// line (`users: 1 inserted, 0 updated, 0 unchanged, 0 rejected`).
    static func json(_ report: ModelStoreReport) -> JSONValue {
        var object = counts(report)
        if !report.nested.isEmpty {
            object.append(key: "nested", value: .array(report.nested.map { .object(counts($0)) }))
        }
        object.append(key: "summary", value: .string(report.description))
        return .object(object)
    }

    private static func counts(_ report: ModelStoreReport) -> JSONObject {
        [
            "table": .string(report.table), "inserted": .number(JSONNumber(report.inserted)),
            "updated": .number(JSONNumber(report.updated)), "unchanged": .number(JSONNumber(report.unchanged)),
            "rejected": .array(report.rejected.map { .string($0.description) }),
        ]
    }

    /// A history listing row as JSON, as `history` lines and `apiexplore history list --json` print it.
    ///
    /// - Parameter entry: The row.
    package static func historyJSON(_ entry: HistoryEntry) -> JSONValue {
        var object: JSONObject = [
            "id": .number(JSONNumber(entry.id)),
            "date": .string(Self.iso8601(entry.date)),
            "profile": .string(entry.profile), "endpoint": .string(entry.endpoint), "method": .string(entry.method),
            "url": .string(entry.url), "http_status": entry.httpStatus.map { .number(JSONNumber($0)) } ?? .null,
            "outcome": .string(entry.outcome.rawValue),
            "business_status": entry.businessStatus.map(JSONValue.string) ?? .null,
            "tip": entry.tip.map(JSONValue.string) ?? .null,
        ]
        object.append(
            key: "duration_ms", value: entry.duration.map { .number(CommandReport.milliseconds($0)) } ?? .null)
        object.append(key: "size", value: .number(JSONNumber(entry.responseSize)))
        if let kind = entry.errorKind { object.append(key: "error_kind", value: .string(kind)) }
        if let name = entry.businessError { object.append(key: "business_error", value: .string(name)) }
        if let first = entry.reauthOf { object.append(key: "reauth_of", value: .number(JSONNumber(first))) }
        if let environment = entry.environment { object.append(key: "environment", value: .string(environment)) }
        if let recorder = entry.recorder {
            if let user = recorder.user { object.append(key: "recorded_by", value: .string(user)) }
            if let host = recorder.host { object.append(key: "recorded_on", value: .string(host)) }
            if let tool = recorder.tool { object.append(key: "recorded_with", value: .string(tool)) }
        }
        return .object(object)
    }

    /// `2026-11-26T05:00:00Z`: a date in UTC to the second, as `ISO8601DateFormatter` writes it by
    /// default, without making one per row (a formatter costs more than the rest of a listing row).
    static func iso8601(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return ISO8601DateFormatter().string(from: date) }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = parts.tm_year + 1900
        let yearText =
            year >= 0 && year < 10000 ? String(repeating: "0", count: 4 - "\(year)".count) + "\(year)" : "\(year)"
        return "\(yearText)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}
