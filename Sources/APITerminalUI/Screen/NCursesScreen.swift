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

    init(columns: Int, rows: Int, theme: Theme) {
        grid = GridScreen(columns: columns, rows: rows)
        setUpColors(theme)
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
                let attribute = attributes[cell.role] ?? 0
                if row == maxRows - 1, column == maxColumns - 1 {
                    // Writing the bottom-right cell would scroll the screen; inserting it does not, so a
                    // full-screen frame (the key map) keeps its corner.
                    _ = cn_insert(window, Int32(row), Int32(column), text, Int32(text.count), attribute)
                    continue
                }
                _ = cn_put(window, Int32(row), Int32(column), text, Int32(text.count), attribute)
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

    /// Turns each role's style in `theme` into attributes and colour pairs; a terminal without
    /// colours gets the `mono` styles.
    private func setUpColors(_ theme: Theme) {
        let canColor = theme != .mono && has_colors()
        if canColor {
            start_color()
            use_default_colors()
        }
        var pairs: [[Int16]: Int16] = [:]
        for role in ColorRole.allCases {
            var style = theme.style(for: role)
            if !canColor, style.foreground != nil || style.background != nil { style = Theme.mono.style(for: role) }
            var attribute: attr_t = 0
            if style.bold { attribute |= cn_a_bold() }
            if style.dim { attribute |= cn_a_dim() }
            if style.underline { attribute |= cn_a_underline() }
            if style.reverse { attribute |= cn_a_reverse() }
            if canColor, style.foreground != nil || style.background != nil {
                let colors = [Self.number(style.foreground), Self.number(style.background)]
                let pair = pairs[colors] ?? Int16(pairs.count + 1)
                if pairs[colors] == nil {
                    init_pair(pair, colors[0], colors[1])
                    pairs[colors] = pair
                }
                attribute |= cn_color_pair(pair)
            }
            attributes[role] = attribute
        }
    }

    /// The curses number of a colour; -1 is the terminal's default.
    private static func number(_ color: Theme.Color?) -> Int16 {
        switch color {
        case nil: -1
        case .black?: Int16(COLOR_BLACK)
        case .red?: Int16(COLOR_RED)
        case .green?: Int16(COLOR_GREEN)
        case .yellow?: Int16(COLOR_YELLOW)
        case .blue?: Int16(COLOR_BLUE)
        case .magenta?: Int16(COLOR_MAGENTA)
        case .cyan?: Int16(COLOR_CYAN)
        case .white?: Int16(COLOR_WHITE)
        }
    }
}
