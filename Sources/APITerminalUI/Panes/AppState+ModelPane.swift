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
        // A stream: its events listed beside the selected event's tree.
        var rect = rect
        if let eventList {
            rect = renderEventList(eventList, into: &screen, rect: rect)
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
        let title = eventList.map(eventTreeTitle) ?? modelPaneTitle(width: rect.width - 6, detail: modelPaneDetail)
        screen.box(rect, title: title, focused: focused)
        let left = rect.column + 1
        let limit = rect.right - 1
        // Diff marks (`D`) take a gutter column between the cursor mark and the tree.
        let marks = treeDiffMarks
        let gutter = marks == nil ? 0 : 2
        let height = rect.height - 2
        let textLeft = left + 1 + gutter
        let width = max(limit - textLeft, 1)
        var lines = 0
        var drawn: [(row: ModelRow, runs: [[TextRuns.Run]])] = []
        for row in tree.visibleRows(count: height) {
            let isCursor = row.position == tree.cursor
            let isMatch = probe.matches.contains(row.node.index)
            let found = searchHighlight(row)
            let mark = marks?.mark(at: tree.location(of: row.position), isOpen: row.isOpen)
            let labelRole: ColorRole =
                isCursor ? .cursor : isMatch || found.label ? .match : mark?.role ?? (row.labelIsKey ? .key : .dim)
            let indent = String(repeating: " ", count: 2 * row.depth)
            let marker = row.node.count > 0 ? (row.isOpen ? "▾ " : "▸ ") : "  "
            let room = wrapsLines ? width * height : width + sideways
            let value: String
            switch row.node.kind {
            case .array: value = row.isOpen ? "[\(row.node.count)]" : JSONSummary.compact(row.node)
            case .object: value = row.isOpen ? "{\(row.node.count)}" : JSONSummary.compact(row.node)
            default: value = JSONSummary.compact(row.node, limit: max(room, 1))
            }
            let valueRole = isCursor ? .cursor : isMatch || found.value ? .match : JSONSummary.role(row.node)
            let runs: [TextRuns.Run] = [
                (indent + marker, isCursor ? .cursor : .dim), (row.label, labelRole), (": ", isCursor ? .cursor : .dim),
                (value, valueRole),
            ]
            let rowLines: [[TextRuns.Run]]
            if wrapsLines {
                // Continuation lines start under the label.
                let hanging = min(DisplayWidth.of(indent + marker), width / 2)
                let pieces = TextRuns.wrapped(Array(runs.dropFirst()), width: max(width - hanging, 1))
                rowLines = pieces.enumerated().map { index, piece -> [TextRuns.Run] in
                    let lead = index == 0 ? indent + marker : String(repeating: " ", count: hanging)
                    return [(text: lead, role: runs[0].role)] + piece
                }
            } else {
                rowLines = [TextRuns.shifted(runs, by: sideways)]
            }
            drawn.append((row, rowLines))
            lines += rowLines.count
            if isCursor {
                // Wrapped rows may push the cursor's row past the bottom: rows leave from the top.
                while lines > height, drawn.count > 1 {
                    lines -= drawn.removeFirst().runs.count
                }
            }
            if lines >= height, drawn.contains(where: { $0.row.position == tree.cursor }) { break }
        }
        var y = rect.row + 1
        for (row, rowLines) in drawn {
            let isCursor = row.position == tree.cursor
            let mark = marks?.mark(at: tree.location(of: row.position), isOpen: row.isOpen)
            for (index, runs) in rowLines.enumerated() where y < rect.bottom - 1 {
                if isCursor {
                    screen.fill(" ", row: y, from: left, to: limit, role: focused ? .cursor : .match)
                    if index == 0 { screen.put("›", row: y, column: left, limit: limit, role: .cursor) }
                }
                if let mark, index == 0 {
                    screen.put(mark.text, row: y, column: left + 1, limit: limit, role: isCursor ? .cursor : mark.role)
                }
                screen.put(runs: runs, row: y, column: textLeft, limit: limit)
                y += 1
            }
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
        let width = hexBytesPerLine
        let lines = HexDump.lineCount(byteCount: bytes.count, bytesPerLine: width)
        screen.box(rect, title: "Body · hex · \(ByteCountDisplay.text(bytes.count))", focused: focused)
        var y = rect.row + 1
        if let media = exchange?.media {
            screen.put(media, row: y, column: rect.column + 2, limit: rect.right - 1, role: .title)
            y += 1
        }
        for line in hexTop..<min(hexTop + max(rect.bottom - y, 0), lines) {
            screen.put(
                HexDump.line(bytes, at: line * width, bytesPerLine: width), row: y, column: rect.column + 2,
                limit: rect.right - 1,
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
        // What a row shows grows with the room: the age from 22 columns, the method from 44.
        let room = limit - left - 2
        let showsAge = room >= 22
        let showsMethod = room >= 44
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
            var runs: [TextRuns.Run] = [
                (isShown ? "▶" : " ", .title), (entry.outcome.mark + " ", role(entry.outcome.role)),
            ]
            if showsAge { runs.append((age(of: entry.date) + " ", role(.dim))) }
            runs.append(((entry.status.map(String.init) ?? "---") + " ", role(entry.outcome.role)))
            if entry.outcome == .businessFailure, let business = entry.businessStatus {
                runs.append((business + " ", role(entry.outcome.role)))
            }
            if showsMethod, !entry.method.isEmpty, !entry.endpoint.hasPrefix(entry.method + " ") {
                runs.append((entry.method + " ", role(.dim)))
            }
            runs.append((entry.endpoint, role(.normal)))
            if !entry.parameters.isEmpty { runs.append((" " + entry.parameterText, role(.key))) }
            if let who = entry.recordedBy { runs.append((" by " + who, role(.dim))) }
            if let tip = entry.tip, !tip.isEmpty { runs.append((" " + tip, role(.dim))) }
            // One run after the other, so a part that has no room left is marked too.
            screen.put(runs: runs, row: y, column: left + 1, limit: limit)
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
