import APIMapping

extension AppState {
    /// The model pane's title: the views as tabs, the current one in brackets, then `detail` when
    /// it fits; a narrow pane shows only the current view and its place (`[Raw] 3/5`).
    ///
    /// The Diff view compares with history rather than showing this exchange: its tab appears only
    /// while it is open, so the other views' titles read as they always did.
    func modelPaneTitle(width: Int, detail: String) -> String {
        let views = titleViews
        let tabs = views.map { $0 == modelView ? "[\($0.title)]" : $0.title }.joined(separator: " ")
        let place = (views.firstIndex(of: modelView) ?? 0) + 1
        let narrow = "[\(modelView.title)] \(place)/\(views.count)"
        let suffix = detail.isEmpty ? "" : " · \(detail)"
        // The detail (model path, body size and type) matters more than the names of the other tabs.
        let candidates = [tabs + suffix, narrow + suffix, tabs, narrow]
        return candidates.first { DisplayWidth.of($0) <= width } ?? narrow
    }

    /// What the model pane's title says after its tabs: the model path in the tree, the format, size
    /// and type in the raw view.
    var modelPaneDetail: String {
        switch modelView {
        case .model:
            return tree == nil ? "" : exchange?.modelPath ?? ""
        case .raw:
            guard let inspection = exchange?.inspection else { return "" }
            let kind = rawFormat == .pretty ? "pretty JSON" : rawFormat.rawValue
            let type = inspection.contentType.map { " · \($0)" } ?? ""
            return "\(kind) · \(bodySizeText(inspection))\(type)"
        case .headers, .request, .timing, .diff:
            return ""
        }
    }

    /// The views the title shows as tabs (Diff only while it is open).
    var titleViews: [ModelView] { ModelView.allCases.filter { $0 != .diff || modelView == .diff } }

    /// Headers, raw, request or timing in the model pane.
    func renderInspector(into screen: inout some Screen, rect: Rect) {
        let focused = focus == .model
        let width = rect.width - 6
        guard let exchange else {
            screen.box(rect, title: modelPaneTitle(width: width, detail: ""), focused: focused)
            return
        }
        if modelView == .raw, let inspection = exchange.inspection {
            renderRaw(inspection, into: &screen, rect: rect)
            return
        }
        screen.box(rect, title: modelPaneTitle(width: width, detail: ""), focused: focused)
        let left = rect.column + 2
        let limit = rect.right - 1
        let lines = inspectorLines(width: limit - left)
        for (offset, line) in lines.dropFirst(inspectorTop).prefix(max(rect.height - 2, 0)).enumerated() {
            screen.put(runs: line.runs, row: rect.row + 1 + offset, column: left, limit: limit)
        }
    }

    /// The raw body from the top line on: only the lines on screen are read.
    private func renderRaw(_ inspection: ExchangeInspection, into screen: inout some Screen, rect: Rect) {
        let scroll = currentRawScroll
        let kind = rawFormat == .pretty ? "pretty JSON" : rawFormat.rawValue
        screen.box(
            rect, title: modelPaneTitle(width: rect.width - 6, detail: modelPaneDetail), focused: focus == .model)
        let left = rect.column + 2
        let limit = rect.right - 1
        let total = scroll.lineCount.map { " of \($0)" } ?? ""
        let info = "\(kind) · line \(scroll.line + 1)\(total) · G last · :view raw text|pretty|hex"
        screen.put(info, row: rect.row + 1, column: left, limit: limit, role: .dim)
        if inspection.body.isEmpty {
            screen.put("(empty body)", row: rect.row + 2, column: left, limit: limit, role: .dim)
            return
        }
        let rows = rawRows(scroll, bytes: inspection.body, count: max(rect.height - 3, 0), width: limit - left)
        for (offset, line) in rows.lines.enumerated() {
            screen.put(runs: line.runs, row: rect.row + 2 + offset, column: left, limit: limit)
        }
    }

    /// Up to `count` lines of the raw view from `scroll`'s top line, clipped to `width` columns
    /// (`…` marks a clipped line), and the furthest byte read to make them (text only; 0 otherwise).
    func rawRows(_ scroll: RawBodyScroll, bytes: [UInt8], count: Int, width: Int) -> (
        lines: [InspectorLine], bytesRead: Int
    ) {
        var lines: [InspectorLine] = []
        var bytesRead = 0
        switch scroll.format {
        case .hex:
            let width = scroll.bytesPerLine
            let last = HexDump.lineCount(byteCount: bytes.count, bytesPerLine: width)
            for line in scroll.line..<min(scroll.line + count, last) {
                lines.append(InspectorLine(HexDump.line(bytes, at: line * width, bytesPerLine: width)))
            }
        case .text:
            var start: Int? = scroll.offset
            // Four bytes a column covers any UTF-8 text; the screen escapes control characters. Wrapped
            // lines may fill the rows left; scrolled ones need the columns scrolled past too.
            while lines.count < count, let offset = start {
                let columns = wrapsLines ? width * (count - lines.count) : width + sideways
                let line = RawBodyText.line(bytes, at: offset, limit: columns * 4 + 8)
                if wrapsLines {
                    for piece in TextRuns.wrapped([(line.text, .normal)], width: width) where lines.count < count {
                        lines.append(InspectorLine(piece))
                    }
                } else {
                    let text = line.isClipped ? line.text + "…" : line.text
                    lines.append(InspectorLine(TextRuns.shifted([(text, .normal)], by: sideways)))
                }
                // The rest of a clipped line is skipped by memchr, never decoded.
                start = RawBodyText.nextLineStart(bytes, after: offset)
                bytesRead = start ?? bytes.count
            }
        case .pretty:
            guard var cursor = scroll.pretty, count > 0 else { break }
            repeat {
                let line = prettyLine(cursor, width: wrapsLines ? width * count : width + sideways)
                if wrapsLines {
                    for piece in TextRuns.wrapped(line.runs, width: width) where lines.count < count {
                        lines.append(InspectorLine(piece))
                    }
                } else {
                    lines.append(InspectorLine(TextRuns.shifted(line.runs, by: sideways)))
                }
            } while lines.count < count && cursor.advance()
        }
        return (lines, bytesRead)
    }

    private func prettyLine(_ cursor: PrettyJSONCursor, width: Int) -> InspectorLine {
        var runs: [(text: String, role: ColorRole)] = [
            (String(repeating: " ", count: min(2 * cursor.depth, width)), .normal)
        ]
        if let key = cursor.key {
            runs.append((JSONValue.string(key).jsonText(), .key))
            runs.append((": ", .dim))
        }
        // An opening bracket's comma comes after its closing one.
        var comma = cursor.hasComma ? "," : ""
        switch cursor.line {
        case .open(let node):
            comma = ""
            runs.append((node.kind == .object ? "{" : "[", .dim))
        case .close(let isObject):
            runs.append((isObject ? "}" : "]", .dim))
        case .leaf(let node):
            switch node.kind {
            case .object: runs.append(("{}", .dim))
            case .array: runs.append(("[]", .dim))
            default: runs.append((JSONSummary.compact(node, limit: max(width, 1)), JSONSummary.role(node)))
            }
        }
        runs.append((comma, .dim))
        return InspectorLine(runs)
    }
}
