extension AppState {
    /// The most rows of candidates the list shows at once; it scrolls to keep the selected one in view.
    static let completionRows = 6

    /// The Tab candidates, in columns in a small box just above the info line; the one on the line
    /// is highlighted and the title counts them.
    func renderCompletions(into screen: inout some Screen) {
        guard let completion, !completion.candidates.isEmpty else { return }
        let count = completion.candidates.count
        let position = completion.selected.map { " \($0 + 1)/\(count)" } ?? " \(count)"
        let title = "Tab\(position) · S-Tab back · ⏎ accept"
        let cell = min((completion.candidates.map { DisplayWidth.of($0.label) }.max() ?? 1) + 2, columns - 4)
        let perRow = max(min(count, (columns - 4) / max(cell, 1)), 1)
        let width = min(max(perRow * cell + 4, DisplayWidth.of(title) + 6), columns)
        let totalRows = (count + perRow - 1) / perRow
        let shownRows = min(totalRows, Self.completionRows)
        let selectedRow = (completion.selected ?? 0) / perRow
        let firstRow = max(0, selectedRow - shownRows + 1)
        let rect = Rect(row: layout.infoRow - shownRows - 2, column: 0, width: width, height: shownRows + 2)
        screen.blank(rect)
        screen.box(rect, title: title, focused: true)
        for row in 0..<shownRows {
            for column in 0..<perRow {
                let index = (firstRow + row) * perRow + column
                guard index < count else { break }
                let isSelected = index == completion.selected
                screen.put(
                    completion.candidates[index].label, row: rect.row + 1 + row, column: 2 + column * cell,
                    limit: min(2 + (column + 1) * cell - 1, rect.right - 1), role: isSelected ? .cursor : .key)
            }
        }
        if totalRows > firstRow + shownRows {
            screen.put(
                " +\(count - (firstRow + shownRows) * perRow) more ", row: rect.bottom - 1, column: 2,
                limit: rect.right - 1, role: .dim)
        }
    }
}
