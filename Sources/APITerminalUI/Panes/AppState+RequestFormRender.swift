import APIClient
import APIMapping

extension AppState {
    /// Draws the request edit form over the panes: one line per part, secrets as `••••`, the body
    /// as its size only.
    func renderRequestForm(into screen: inout some Screen) {
        guard let form = requestForm else { return }
        let rows = form.rows
        let width = min(max(columns * 3 / 4, 60), columns - 4)
        let height = min(rows.count + 5, self.rows - 4)
        let rect = Rect(
            row: max((self.rows - height) / 2, 1), column: (columns - width) / 2, width: width, height: height)
        screen.blank(rect)
        let title = form.endpoint.map { "Edit request · \($0)" } ?? "Ad-hoc request"
        screen.box(rect, title: title, focused: true)
        let limit = rect.right - 1
        let visible = rect.height - 4
        let first = max(0, form.cursor - visible + 1)
        let labelColumn = rect.column + 2
        let valueColumn = rect.column + 12
        for (offset, row) in rows.enumerated().dropFirst(first).prefix(visible) {
            let y = rect.row + 1 + offset - first
            let isCursor = offset == form.cursor
            screen.put(isCursor ? "›" : " ", row: y, column: rect.column + 1, limit: limit, role: .title)
            let (label, name, value, isSecret) = describe(row, form: form)
            screen.put(label, row: y, column: labelColumn, limit: limit, role: .dim)
            var x = valueColumn
            if let name {
                x = screen.put(name, row: y, column: x, limit: limit, role: .key)
                x = screen.put(
                    row == .url || row == .method ? " " : (isHeader(row) ? ": " : " = "), row: y, column: x,
                    limit: limit, role: .dim)
            }
            if isCursor, let line = form.editing {
                line.draw(into: &screen, row: y, column: x, limit: limit, role: .cursor, masked: form.editingSecret)
            } else {
                screen.put(
                    value, row: y, column: x, limit: limit, role: isCursor ? .cursor : (isSecret ? .warning : .string))
            }
        }
        let hint =
            form.editing == nil
            ? "⏎ edit · d remove · s send · c copy as curl · Esc close"
            : "type · ⏎ keep · Esc undo · ^U clear"
        screen.put(hint, row: rect.bottom - 2, column: rect.column + 2, limit: limit, role: .dim)
    }

    private func isHeader(_ row: RequestForm.Row) -> Bool {
        if case .header = row { return true }
        return false
    }

    /// A row's label, item name, value and whether the value is a masked secret.
    private func describe(
        _ row: RequestForm.Row, form: RequestForm
    ) -> (label: String, name: String?, value: String, isSecret: Bool) {
        switch row {
        case .method: return ("method", nil, form.method, false)
        case .url: return ("URL", nil, form.url.isEmpty ? "(type a full URL)" : form.url, form.urlIsSecret)
        case .query(let index):
            let field = form.query[index]
            return ("query", field.name, field.value, field.isSecret)
        case .addQuery: return ("", nil, "+ query item (name=value)", false)
        case .header(let index):
            let field = form.headers[index]
            return ("header", field.name, field.value, field.isSecret)
        case .addHeader: return ("", nil, "+ header (Name: value)", false)
        case .body:
            guard let body = form.body, !body.isEmpty else { return ("body", nil, "none · ⏎ opens $EDITOR", false) }
            let state = form.bodyEdited ? "edited" : (form.bodyHasSecret ? "holds a secret" : "unchanged")
            let type = form.contentType.map { " \($0)" } ?? ""
            return ("body", nil, "\(ByteCountDisplay.text(body.count))\(type) · \(state) · ⏎ opens $EDITOR", false)
        }
    }

    /// The input line in `.edit` mode: the copy-as-curl question, or the form's keys.
    func renderEditInputLine(into screen: inout some Screen, row: Int) {
        if curlQuestion != nil {
            screen.put(
                "copy as curl: the profile has literal secrets, shown as ••••; include them? y/n", row: row,
                column: 0, role: .warning)
            return
        }
        screen.put(
            "editing a request: ⏎ edit field · d remove · s send · c curl · Esc close", row: row, column: 0,
            role: .dim)
    }
}
