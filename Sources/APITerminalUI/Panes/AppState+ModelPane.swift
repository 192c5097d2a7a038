import APIMapping
import Foundation

extension AppState {
    /// Model: the visible rows of the JSON tree, the cursor row highlighted, probe and search matches
    /// marked.
    func renderModel(into screen: inout some Screen, rect: Rect) {
        let focused = focus == .model
        if modelView != .model {
            renderInspector(into: &screen, rect: rect)
            return
        }
        guard let tree else {
            if let bytes = exchange?.rawBytes {
                renderHex(bytes, into: &screen, rect: rect, focused: focused)
                return
            }
            screen.box(rect, title: modelPaneTitle(width: rect.width - 6, detail: ""), focused: focused)
            let text = exchange == nil ? "" : "(no model)"
            screen.put(text, row: rect.row + 1, column: rect.column + 2, limit: rect.right - 1, role: .dim)
            return
        }
        let path = exchange?.modelPath ?? ""
        screen.box(rect, title: modelPaneTitle(width: rect.width - 6, detail: path), focused: focused)
        let left = rect.column + 1
        let limit = rect.right - 1
        // Diff marks (`D`) take a gutter column between the cursor mark and the tree.
        let marks = treeDiffMarks
        let gutter = marks == nil ? 0 : 2
        for (offset, row) in tree.visibleRows(count: rect.height - 2).enumerated() {
            let y = rect.row + 1 + offset
            let isCursor = row.position == tree.cursor
            let isMatch = probe.matches.contains(row.node.index)
            let found = searchHighlight(row)
            if isCursor {
                screen.fill(" ", row: y, from: left, to: limit, role: focused ? .cursor : .match)
                screen.put("›", row: y, column: left, limit: limit, role: .cursor)
            }
            let mark = marks?.mark(at: tree.location(of: row.position), isOpen: row.isOpen)
            if let mark {
                screen.put(mark.text, row: y, column: left + 1, limit: limit, role: isCursor ? .cursor : mark.role)
            }
            var x = left + 1 + gutter + 2 * row.depth
            let marker = row.node.count > 0 ? (row.isOpen ? "▾ " : "▸ ") : "  "
            x = screen.put(marker, row: y, column: x, limit: limit, role: isCursor ? .cursor : .dim)
            let labelRole: ColorRole =
                isCursor ? .cursor : isMatch || found.label ? .match : mark?.role ?? (row.labelIsKey ? .key : .dim)
            x = screen.put(row.label, row: y, column: x, limit: limit, role: labelRole)
            x = screen.put(": ", row: y, column: x, limit: limit, role: isCursor ? .cursor : .dim)
            let value: String
            switch row.node.kind {
            case .array: value = row.isOpen ? "[\(row.node.count)]" : JSONSummary.compact(row.node)
            case .object: value = row.isOpen ? "{\(row.node.count)}" : JSONSummary.compact(row.node)
            default: value = JSONSummary.compact(row.node, limit: max(limit - x, 1))
            }
            let valueRole = isCursor ? .cursor : isMatch || found.value ? .match : JSONSummary.role(row.node)
            screen.put(value, row: y, column: x, limit: limit, role: valueRole)
        }
        if let footer = diffMarksFooter(), rect.width > 6 {
            // On the bottom border, so the tree keeps every row it had.
            var x = screen.put(" ", row: rect.bottom - 1, column: rect.column + 2, limit: rect.right - 2, role: .dim)
            for run in footer {
                x = screen.put(run.text, row: rect.bottom - 1, column: x, limit: rect.right - 3, role: run.role)
            }
            screen.put(" ", row: rect.bottom - 1, column: x, limit: rect.right - 2, role: .dim)
        }
    }

    /// A binary body as `hexdump -C` lines, from ``hexTop``: only the lines on screen are made.
    private func renderHex(_ bytes: [UInt8], into screen: inout some Screen, rect: Rect, focused: Bool) {
        let lines = HexDump.lineCount(byteCount: bytes.count)
        screen.box(rect, title: "Body · hex · \(ByteSize.text(bytes.count))", focused: focused)
        var y = rect.row + 1
        if let media = exchange?.media {
            screen.put(media, row: y, column: rect.column + 2, limit: rect.right - 1, role: .title)
            y += 1
        }
        for line in hexTop..<min(hexTop + max(rect.bottom - y, 0), lines) {
            screen.put(
                HexDump.line(bytes, at: line * 16), row: y, column: rect.column + 2, limit: rect.right - 1,
                role: .normal)
            y += 1
        }
    }

    /// History: newest first, one row per exchange, coloured by outcome: its mark, age, HTTP status,
    /// business status when it failed, the endpoint with its parameters, and the tip.
    func renderHistory(into screen: inout some Screen, rect: Rect) {
        let focused = focus == .history
        let rows = visibleHistory
        var title = "History (\(history.count))"
        if historyFilter.isActive {
            let text = historyFilter.text.isEmpty ? "" : " “\(historyFilter.text)”"
            let outcomes = historyFilter.outcomes == .all ? "" : " \(historyFilter.outcomes.rawValue)"
            title = "History (\(rows.count)/\(history.count)\(outcomes)\(text))"
        }
        screen.box(rect, title: title, focused: focused)
        let left = rect.column + 1
        let limit = rect.right - 1
        for (offset, entry) in rows.dropFirst(historyTop).prefix(rect.height - 2).enumerated() {
            let index = historyTop + offset
            let y = rect.row + 1 + offset
            let isCursor = focused && index == historyCursor
            let isShown = entry.id == shownHistoryID
            if isCursor {
                screen.fill(" ", row: y, from: left, to: limit, role: .cursor)
                screen.put("›", row: y, column: left, limit: limit, role: .cursor)
            }
            func role(_ role: ColorRole) -> ColorRole { isCursor ? .cursor : role }
            var x = screen.put(isShown ? "▶" : " ", row: y, column: left + 1, limit: limit, role: .title)
            x = screen.put(entry.outcome.mark + " ", row: y, column: x, limit: limit, role: role(entry.outcome.role))
            x = screen.put(age(of: entry.date) + " ", row: y, column: x, limit: limit, role: role(.dim))
            let status = entry.status.map(String.init) ?? "---"
            x = screen.put(status + " ", row: y, column: x, limit: limit, role: role(entry.outcome.role))
            if entry.outcome == .businessFailure, let business = entry.businessStatus {
                x = screen.put(business + " ", row: y, column: x, limit: limit, role: role(entry.outcome.role))
            }
            x = screen.put(entry.endpoint + " ", row: y, column: x, limit: limit, role: role(.normal))
            if !entry.parameters.isEmpty {
                x = screen.put(entry.parameterText + " ", row: y, column: x, limit: limit, role: role(.key))
            }
            screen.put(entry.tip ?? "", row: y, column: x, limit: limit, role: role(.dim))
        }
        if rows.isEmpty {
            let text = history.isEmpty ? "no exchanges yet" : "no rows match (f filter, o outcomes)"
            screen.put(text, row: rect.row + 1, column: left + 1, limit: limit, role: .dim)
        }
    }

    /// `HH:MM:SS` in UTC, independent of the locale and time zone.
    static func clockTime(_ seconds: Double) -> String {
        let daySeconds = Int(seconds.rounded(.down)) % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(two(daySeconds / 3600)):\(two(daySeconds / 60 % 60)):\(two(daySeconds % 60))"
    }
}
