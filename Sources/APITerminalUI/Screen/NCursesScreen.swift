import CNcursesw

/// The terminal backend: draws a ``GridScreen`` frame through ncursesw.
///
/// Panes draw into the grid exactly as in tests; ``present()`` then writes only the cells that changed
/// since the last frame, each at its own column, so the terminal's idea of character widths can never
/// shift a border.
final class NCursesScreen {
    private(set) var grid: GridScreen
    private var previous: GridScreen?
    private var attributes: [ColorRole: attr_t] = [:]

    init(columns: Int, rows: Int) {
        grid = GridScreen(columns: columns, rows: rows)
        setUpColors()
    }

    /// Starts a frame at a (possibly new) size.
    func beginFrame(columns: Int, rows: Int) -> GridScreen {
        if columns != grid.columns || rows != grid.rows {
            previous = nil
            wclear(cn_stdscr())
        }
        return GridScreen(columns: columns, rows: rows)
    }

    /// Writes the changed cells of a frame and refreshes the terminal once.
    func present(_ frame: GridScreen) {
        let window = cn_stdscr()
        let maxRows = Int(cn_getmaxy(window))
        let maxColumns = Int(cn_getmaxx(window))
        var text: [wchar_t] = []
        for row in 0..<min(frame.rows, maxRows) {
            for column in 0..<min(frame.columns, maxColumns) {
                let cell = frame.cell(row: row, column: column)
                if let previous, previous.cell(row: row, column: column) == cell { continue }
                guard let character = cell.character else { continue }
                text.removeAll(keepingCapacity: true)
                for scalar in character.unicodeScalars { text.append(wchar_t(bitPattern: scalar.value)) }
                // The bottom-right cell cannot be written without scrolling on some terminals.
                if row == maxRows - 1, column == maxColumns - 1 { continue }
                _ = cn_put(window, Int32(row), Int32(column), text, Int32(text.count), attributes[cell.role] ?? 0)
            }
        }
        previous = frame
        grid = frame
        wnoutrefresh(window)
        doupdate()
    }

    /// Forces a full redraw on the next frame.
    func invalidate() {
        previous = nil
        clearok(cn_stdscr(), true)
    }

    private func setUpColors() {
        let bold = cn_a_bold()
        attributes = [
            .normal: 0, .title: bold, .dim: cn_a_dim(), .null: cn_a_dim(), .cursor: cn_a_reverse(),
            .header: cn_a_reverse(),
        ]
        guard has_colors() else {
            attributes[.success] = bold
            attributes[.failure] = bold | cn_a_underline()
            attributes[.focusedBorder] = bold
            attributes[.match] = cn_a_underline()
            return
        }
        start_color()
        use_default_colors()
        let pairs: [(ColorRole, Int16, Int16, attr_t)] = [
            (.border, Int16(COLOR_BLUE), -1, 0),
            (.focusedBorder, Int16(COLOR_CYAN), -1, bold),
            (.key, Int16(COLOR_CYAN), -1, 0),
            (.string, Int16(COLOR_GREEN), -1, 0),
            (.number, Int16(COLOR_MAGENTA), -1, 0),
            (.boolean, Int16(COLOR_YELLOW), -1, 0),
            (.success, Int16(COLOR_GREEN), -1, bold),
            (.failure, Int16(COLOR_RED), -1, bold),
            (.warning, Int16(COLOR_YELLOW), -1, bold),
            (.match, Int16(COLOR_BLACK), Int16(COLOR_YELLOW), 0),
        ]
        for (offset, pair) in pairs.enumerated() {
            let number = Int16(offset + 1)
            init_pair(number, pair.1, pair.2)
            attributes[pair.0] = cn_color_pair(number) | pair.3
        }
    }
}
