import APIMapping
import Foundation

extension AppState {
    /// What the History pane keeps of the rows: text typed after `f`, and an outcome group `o` cycles.
    struct HistoryFilter: Sendable, Equatable {
        /// The outcome groups `o` cycles through, in order.
        enum Outcomes: String, Sendable, CaseIterable {
            case all
            case successes
            case failures
            case noResponse = "no response"

            func admits(_ outcome: ExchangeOutcome) -> Bool {
                switch self {
                case .all: true
                case .successes: outcome == .success
                case .failures: outcome == .businessFailure || outcome == .httpFailure || outcome == .undetermined
                case .noResponse: !outcome.isVerdictOnAResponse
                }
            }

            var next: Outcomes {
                let all = Self.allCases
                return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
            }
        }

        var text = ""
        var outcomes = Outcomes.all

        var isActive: Bool { !text.isEmpty || outcomes != .all }

        /// Whether a row shows: its outcome is in the group, and the text (case-insensitive) is in its
        /// endpoint, parameters, method, status, business status, tip or URL.
        func admits(_ row: HistoryRow) -> Bool {
            guard outcomes.admits(row.outcome) else { return false }
            guard !text.isEmpty else { return true }
            let fields =
                [
                    row.endpoint, row.parameterText, row.method, row.status.map(String.init) ?? "",
                    row.businessStatus ?? "",
                ]
                + [row.tip ?? "", row.url, row.recordedBy ?? ""]
            return fields.contains { $0.localizedCaseInsensitiveContains(text) }
        }
    }

    /// The history rows the pane shows: all of them, or those the filter admits, newest first.
    var visibleHistory: [HistoryRow] {
        historyFilter.isActive ? history.filter { historyFilter.admits($0) } : history
    }

    /// The row under the History pane's cursor.
    var selectedHistoryRow: HistoryRow? {
        let rows = visibleHistory
        return rows.indices.contains(historyCursor) ? rows[historyCursor] : nil
    }

    /// Fresh rows from the store. While the History pane has focus, its cursor stays on the row it
    /// was on, wherever that moved; otherwise it stays at its index (the newest row at the top).
    mutating func receiveHistory(_ rows: [HistoryRow]) {
        let selected = focus == .history ? selectedHistoryRow?.id : nil
        history = rows
        if let selected, let index = visibleHistory.firstIndex(where: { $0.id == selected }) {
            historyCursor = index
        }
        clampHistory()
    }

    /// Keys of the History pane beyond moving: `f` (or `/`, which searches the other panes) types a
    /// filter, `o` cycles the outcome group.
    /// Returns `nil` for keys it does not take.
    mutating func handleHistoryPaneKey(_ key: Key) -> [AppEffect]? {
        switch key {
        case .character("f"), .character("/"):
            mode = .historyFilter
            filterTextBeforeEditing = historyFilter.text
            historyFilterLine = LineEditor(text: historyFilter.text)
            return []
        case .character("o"):
            historyFilter.outcomes = historyFilter.outcomes.next
            historyFilterChanged()
            message = "history: \(historyFilter.outcomes.rawValue)"
            return []
        default:
            return nil
        }
    }

    /// Keys while the history filter is typed (on the ``LineEditor`` every input line uses): it
    /// applies as it is typed; ⏎ keeps it, Esc restores it.
    mutating func handleHistoryFilterKey(_ key: Key) -> [AppEffect] {
        switch key {
        case .escape:
            historyFilter.text = filterTextBeforeEditing
            mode = .normal
        case .enter:
            mode = .normal
        default:
            guard historyFilterLine.handle(key), historyFilterLine.text != historyFilter.text else { return [] }
            historyFilter.text = historyFilterLine.text
        }
        historyFilterChanged()
        return []
    }

    private mutating func historyFilterChanged() {
        historyCursor = 0
        historyTop = 0
        clampHistory()
    }

    /// `:history [N]`: the newest N rows (10 by default) as lines in the Output pane, with ids for
    /// `:replay`; `nil` when the line is not a `:history` listing.
    mutating func historyCommand(_ line: String) -> [AppEffect]? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.first == "history", words.count <= 2 else { return nil }
        var count = 10
        if words.count == 2 {
            guard let number = Int(words[1]), number > 0 else { return nil }
            count = number
        }
        let rows = visibleHistory.prefix(count)
        let filtered = historyFilter.isActive ? " (filtered)" : ""
        guard !rows.isEmpty else {
            commandOutput = "no exchanges in history\(filtered)"
            message = commandOutput
            return []
        }
        let lines = rows.map { row in
            let business = row.businessStatus.map { " · \($0)" } ?? ""
            let tip = row.tip.map { " · \($0)" } ?? ""
            let who = row.recordedBy.map { " · by \($0)" } ?? ""
            return "#\(row.id) \(row.outcome.mark) \(row.status.map(String.init) ?? "---") \(row.method) "
                + row.label + business + who + tip
        }
        commandOutput = lines.joined(separator: "\n")
        message = "history: the newest \(rows.count) of \(visibleHistory.count)\(filtered) · :replay ID shows one"
        focus = .tip
        return []
    }

    /// How long ago, in one unit: `12s`, `5m`, `3h`, `2d`; `--` in snapshots.
    func age(of date: Date) -> String {
        guard let now, !masksVolatileValues else {
            return masksVolatileValues ? "--" : Self.clockTime(date.timeIntervalSince1970)
        }
        let seconds = max(Int(now.timeIntervalSince(date).rounded(.down)), 0)
        switch seconds {
        case ..<60: return "\(seconds)s"
        case ..<3_600: return "\(seconds / 60)m"
        case ..<86_400: return "\(seconds / 3_600)h"
        default: return "\(seconds / 86_400)d"
        }
    }
}

extension HistoryRow {
    /// The endpoint and the parameters it was sent with, sorted by name: `user id=1002`.
    var label: String {
        parameterText.isEmpty ? endpoint : endpoint + " " + parameterText
    }

    /// `id=1002 lang=zh`.
    var parameterText: String {
        parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
}
