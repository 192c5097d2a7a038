extension AppState {
    /// The parameter form: one row per parameter (name, the value being edited, its default and
    /// description), then the focused parameter's description in full and the keys.
    func renderForm(into screen: inout some Screen) {
        guard let form else { return }
        let chosen = endpoints.first { $0.id == form.endpoint }
        let rect = overlayRect(height: form.fields.count + 6)
        screen.blank(rect)
        screen.box(rect, title: "Parameters · \(form.endpoint)", focused: true)
        let limit = rect.right - 1
        let nameWidth = min(form.fields.map { DisplayWidth.of($0.name) }.max() ?? 0, 16)
        let valueColumn = rect.column + 4 + nameWidth + 3
        let valueWidth = max(min(24, (limit - valueColumn) / 3), 8)
        for (index, field) in form.fields.enumerated() {
            let y = rect.row + 2 + index
            let isCursor = index == form.cursor
            var x = screen.put(isCursor ? "› " : "  ", row: y, column: rect.column + 2, limit: limit, role: .title)
            x = screen.put(field.name, row: y, column: x, limit: valueColumn - 3, role: .key)
            x = screen.put(" = ", row: y, column: max(x, valueColumn - 3), limit: limit, role: .dim)
            let valueLimit = min(x + valueWidth, limit)
            if isCursor {
                form.line.draw(into: &screen, row: y, column: x, limit: valueLimit, role: .cursor)
            } else {
                screen.put(field.value, row: y, column: x, limit: valueLimit, role: .string)
            }
            let spec = chosen?.parameters.first { $0.name == field.name }
            screen.put(
                Self.parameterNote(default: spec?.defaultValue, description: spec?.description), row: y,
                column: valueLimit + 2, limit: limit, role: .dim)
        }
        if form.cursor < form.fields.count {
            let name = form.fields[form.cursor].name
            if let description = chosen?.parameters.first(where: { $0.name == name })?.description {
                screen.put(
                    "\(name): \(description)", row: rect.bottom - 3, column: rect.column + 2, limit: limit,
                    role: .normal)
            }
        }
        screen.put(
            "↑↓ Tab field · ⏎ send · Esc cancel · ^U clear", row: rect.bottom - 2,
            column: rect.column + 2, limit: limit, role: .dim)
    }

    /// `default 1001 · The user's id`, or whichever of the two the parameter has.
    static func parameterNote(default value: String?, description: String?) -> String {
        var parts: [String] = []
        parts.append(value.map { "default \($0.isEmpty ? "\"\"" : $0)" } ?? "no default")
        if let description, !description.isEmpty { parts.append(description) }
        return parts.joined(separator: " · ")
    }
}
