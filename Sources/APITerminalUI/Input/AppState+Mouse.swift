import APIMapping

extension AppState {
    /// A click or a wheel turn over the panes, as in Posting, ATAC and Slumber: a click focuses the
    /// pane under it, picks a tab of the model pane's title, puts the tree's cursor on a row or selects
    /// a History row (a second click on the selected row shows it, as ⏎ does); the wheel scrolls the
    /// pane under it three lines. Only with no line, form or question open: the keyboard stays complete.
    mutating func handleMouse(_ event: MouseEvent) -> [AppEffect] {
        guard mode == .normal, !layout.isTooSmall,
            let pane = layout.pane(atRow: event.row, column: event.column)
        else { return [] }
        let rect = layout.rect(of: pane)
        switch event.action {
        case .release, .press(.middle), .press(.right):
            return []
        case .wheelUp, .wheelDown:
            focus = pane
            for _ in 0..<3 { moveInFocusedPane(event.action == .wheelUp ? .up : .down) }
            return []
        case .press(.left):
            focus = pane
            let line = event.row - rect.row - 1
            switch pane {
            case .model where event.row == rect.row:
                if let view = tab(atColumn: event.column, in: rect) { switchModelView(to: view) }
            case .model where modelView == .model && line >= 0 && line < rect.height - 2:
                guard var tree else { return [] }
                let rows = tree.visibleRows(count: rect.height - 2)
                guard !wrapsLines, rows.indices.contains(line) else { return [] }
                tree.cursor = rows[line].position
                probe.text = tree.cursor.isEmpty ? "" : tree.cursorLocation.profilePath
                self.tree = tree
            case .history where line >= 0 && line < rect.height - 2:
                let index = historyTop + line
                guard visibleHistory.indices.contains(index) else { return [] }
                if index == historyCursor, let row = selectedHistoryRow { return [.loadHistoryEntry(row.id)] }
                historyCursor = index
                clampHistory()
            default:
                break
            }
            return []
        }
    }

    /// The view whose tab in the model pane's title is at `column`; in a title too narrow for tabs
    /// (`[Raw] 3/5`) a click on it shows the next view.
    private func tab(atColumn column: Int, in rect: Rect) -> ModelView? {
        let views = titleViews
        let title = modelPaneTitle(width: rect.width - 6, detail: modelPaneDetail)
        // The box draws " title " from two columns in.
        var x = rect.column + 3
        let tabs = views.map { $0 == modelView ? "[\($0.title)]" : $0.title }.joined(separator: " ")
        guard title.hasPrefix(tabs) else {
            return column >= x && column < x + DisplayWidth.of(title) ? modelView.next : nil
        }
        for view in views {
            let label = view == modelView ? "[\(view.title)]" : view.title
            let width = DisplayWidth.of(label)
            if column >= x, column < x + width { return view }
            x += width + 1
        }
        return nil
    }
}
