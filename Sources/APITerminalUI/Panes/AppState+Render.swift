import APIClient
import APIHTTP
import APIMapping

extension AppState {
    /// Draws the whole screen: header, the four panes, the info and input lines, and any overlay.
    ///
    /// ```swift
    /// var screen = GridScreen(columns: 120, rows: 40)
    /// state.render(into: &screen)
    /// print(screen.text)
    /// ```
    ///
    /// - Parameter screen: The screen to draw on; its size should match the state's.
    package func render(into screen: inout some Screen) {
        screen.clear()
        let layout = layout
        if layout.isTooSmall {
            let message = "terminal too small: \(columns)×\(rows), need at least 80×24"
            screen.put(message, row: rows / 2, column: max((columns - DisplayWidth.of(message)) / 2, 0), role: .warning)
            screen.put("q quits", row: rows / 2 + 1, column: 0, role: .dim)
            return
        }
        if mode == .help {
            renderHelp(into: &screen)
            return
        }
        renderHeader(into: &screen)
        for pane in layout.visiblePanes {
            let rect = layout.rect(of: pane)
            switch pane {
            case .status: renderStatus(into: &screen, rect: rect)
            case .tip: renderTip(into: &screen, rect: rect)
            case .model: renderModel(into: &screen, rect: rect)
            case .history: renderHistory(into: &screen, rect: rect)
            }
        }
        renderInfoLine(into: &screen, row: layout.infoRow)
        renderInputLine(into: &screen, row: layout.inputRow)
        if completion != nil { renderCompletions(into: &screen) }
        switch mode {
        case .picker: renderPicker(into: &screen)
        case .form: renderForm(into: &screen)
        case .edit: renderRequestForm(into: &screen)
        default: break
        }
    }

    private func renderHeader(into screen: inout some Screen) {
        screen.fill(" ", row: 0, from: 0, to: columns, role: .header)
        var x = screen.put(" apiexplore · \(profileName)", row: 0, column: 0, role: .header)
        if let active = activeEnvironment {
            // Production stands out, so nobody sends a test request there by mistake.
            x = screen.put(" · ", row: 0, column: x, role: .header)
            x = screen.put(
                active.isProduction ? " \(active.name) " : active.name, row: 0, column: x,
                role: active.isProduction ? .failure : .header)
        }
        x = screen.put(" · \(baseURL)", row: 0, column: x, role: .header)
        let target = endpoint.map { id in
            let method = endpoints.first { $0.id == id }?.method ?? ""
            let values = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            return "\(method) \(id)" + (values.isEmpty ? "" : " \(values)")
        }
        x = screen.put(" · endpoint: " + (target ?? "none (e picks)"), row: 0, column: x, role: .header)
        // The panes then show a stored exchange, which may be of another endpoint than the one `r` resends.
        if let shown = shownHistoryID, let exchange {
            screen.put(
                " · showing #\(shown) \(exchange.method) \(exchange.endpoint) from history", row: 0, column: x,
                role: .header)
        }
    }

    private func renderInfoLine(into screen: inout some Screen, row: Int) {
        if let running {
            if let notice = running.notice {
                screen.put(notice + "  (Esc cancels)", row: row, column: 1, role: .warning)
            } else {
                renderProgress(running, into: &screen, row: row)
            }
            return
        }
        if mode == .probe {
            screen.put(probe.result, row: row, column: 1, role: probe.isError ? .warning : .success)
            return
        }
        if mode == .search {
            renderSearchInfo(into: &screen, row: row)
            return
        }
        if let message {
            screen.put(message, row: row, column: 1, role: .title)
            return
        }
        if let tree {
            let location = tree.cursorLocation
            let path = location.components.isEmpty ? "(root)" : location.profilePath
            var x = 1
            if let status = searchStatus { x = screen.put(status + "   ", row: row, column: x, role: .match) }
            x = screen.put("path ", row: row, column: x, role: .dim)
            let afterPath = screen.put(path, row: row, column: x, role: .key)
            screen.put("   " + location.description, row: row, column: afterPath, role: .dim)
        }
    }

    private func renderProgress(_ running: RunningRequest, into screen: inout some Screen, row: Int) {
        let frames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        var x = screen.put(
            "\(frames[running.spinner % frames.count]) sending \(running.commandLine.map { ":" + $0 } ?? running.endpoint) ",
            row: row, column: 1,
            role: .warning)
        let received = running.progress?.bytesReceived ?? 0
        if let total = running.progress?.expectedLength, total > 0 {
            let barWidth = 20
            let filled = min(barWidth, received * barWidth / total)
            x = screen.put(
                "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled) + "] ",
                row: row, column: x, role: .success)
            x = screen.put(
                "\(ByteCountDisplay.text(received)) / \(ByteCountDisplay.text(total))", row: row, column: x,
                role: .normal)
        } else {
            x = screen.put("\(ByteCountDisplay.text(received))", row: row, column: x, role: .normal)
        }
        let seconds =
            Double(running.elapsed.components.seconds)
            + Double(running.elapsed.components.attoseconds) / 1e18
        if seconds > 0, !masksVolatileValues {
            x = screen.put(
                "  \(ByteCountDisplay.text(Int(Double(received) / seconds)))/s", row: row, column: x, role: .dim)
        }
        screen.put("  Esc cancels", row: row, column: x, role: .dim)
    }

    private func renderInputLine(into screen: inout some Screen, row: Int) {
        if let question = questions.first, mode == .question, case .secret(let label) = question.kind {
            // The secret is drawn masked, one `•` per character, with the cursor where it is.
            let x = screen.put("\(label) for \(question.profile) (not shown): ", row: row, column: 0, role: .warning)
            let end = answerLine.draw(
                into: &screen, row: row, column: x, limit: columns, role: .warning, masked: true)
            screen.put("  (Esc: no)", row: row, column: end, role: .warning)
            return
        }
        if let line = questionLine {
            screen.put(line + "  (Esc: no)", row: row, column: 0, role: .warning)
            return
        }
        if mode == .confirm, let confirmation {
            screen.put(confirmation.question + "  (Esc: no)", row: row, column: 0, role: .warning)
            return
        }
        switch mode {
        case .edit:
            renderEditInputLine(into: &screen, row: row)
        case .probe:
            let x = screen.put("probe ", row: row, column: 0, role: .title)
            probe.line.draw(into: &screen, row: row, column: x, limit: columns, role: .normal)
        case .search:
            let x = screen.put("/", row: row, column: 0, role: .title)
            search.line.draw(into: &screen, row: row, column: x, limit: columns, role: .normal)
        case .command:
            let x = screen.put(":", row: row, column: 0, role: .title)
            commandLine.draw(into: &screen, row: row, column: x, limit: columns, role: .normal)
        case .historyFilter:
            let x = screen.put("history filter: ", row: row, column: 0, role: .title)
            let end = historyFilterLine.draw(into: &screen, row: row, column: x, limit: columns - 26, role: .normal)
            screen.put("  ⏎ keeps · Esc restores", row: row, column: end, role: .dim)
        default:
            renderFooter(into: &screen, row: row)
        }
    }

    /// The keys that always work from the panes, kept on screen at the right end of the footer.
    static let footerKeys = "v view  i edit  a ad hoc  c curl  ? keys"

    /// The keys of the focused pane and its view, then (right-aligned, never clipped) `v i a c ?`.
    private func renderFooter(into screen: inout some Screen, row: Int) {
        let keys: String
        switch focus {
        case .model where modelView == .model && tree != nil:
            keys =
                "j k move  h l fold  / search  n N  p probe  < > sideways  w wrap  z zoom  e endpoint  r send  q quit"
        case .model where modelView == .raw:
            keys = "j k scroll  / search  n N  ← → < > sideways  w wrap  z zoom  :view raw text|pretty|hex  q quit"
        case .model:
            keys = "j k scroll  / search  n N  z zoom  Tab pane  e endpoint  r send  q quit"
        case .history:
            keys = "j k move  ⏎ show  r resend  i edit row  f filter  o outcomes  z zoom  Tab pane  q quit"
        case .status, .tip:
            keys = "j k scroll  z zoom  Tab pane  e endpoint  r send  : command  q quit"
        }
        let always = Self.footerKeys
        let right = max(columns - DisplayWidth.of(always), 0)
        screen.put(keys, row: row, column: 0, limit: max(right - 2, 0), role: .dim)
        screen.put(always, row: row, column: right, role: .key)
    }
}
