extension AppState {
    /// The key map shown by `?` (and in the README).
    package static let keyMap: [(keys: String, action: String)] = [
        ("e", "endpoint picker: letters filter, ↑↓ ^N ^P choose, ⏎ parameters / send"),
        ("⏎", "send the endpoint (Model: fold, History: show the entry)"),
        ("r", "resend the endpoint (History: resend that row's request)"),
        ("i  a  c", "edit the request, s sends · ad-hoc URL · copy as curl"),
        ("Esc", "cancel the running request, close a prompt"),
        ("Tab / S-Tab", "next / previous pane"),
        ("j k ↓ ↑", "move down / up"),
        ("h l ← → Space", "fold / unfold, parent / child"),
        ("g G PgDn PgUp ^D ^U", "first / last row, page down / up"),
        ("1-9 0", "fold the model to a depth (0: all open)"),
        ("z", "zoom the focused pane to the whole screen (z again: all panes)"),
        ("w  < >", "wrap long lines / scroll sideways, in the tree and the raw view (raw: ← → too)"),
        ("mouse", "click: focus a pane, pick a tab, a tree row, a History row (twice: show); wheel: scroll"),
        ("/  n N", "search what the view shows (smartcase; re: regex); next / previous match"),
        ("p", "probe: profile path or $JSONPath, live; Tab lists, Tab again cycles; ⏎ pins a watch"),
        ("y", "copy the cursor's path (OSC 52)"),
        (":", "command line; :call fills the panes, Esc cancels; Tab completes"),
        ("lines", "← → Home End ^A ^E ^U ^K ^W ^D edit, ↑↓ earlier lines"),
        ("E", "next environment (the header shows it; production in red, asks before switching and sending)"),
        ("S", "show secrets in clear (asks first; history stays masked); S again masks them"),
        ("]", "load the next page of a paged answer; the tree keeps each page"),
        ("m", "map the model from the cursor, for this view (:model save keeps it)"),
        (":model P  :store T", "map the model from path P; show table T of the model store"),
        ("v V", "model pane view: Model, Headers, Raw body, Request as sent, Timing, Diff (V: back)"),
        (":view NAME", "pick a view by name; :view raw text|pretty|hex picks how the body is drawn"),
        (":view diff", "the model against the endpoint's previous exchange; :view diff all shows volatile"),
        ("D", "mark the changes in the Model tree: + added ~ changed > moved - member removed (D hides)"),
        ("/ f  o (History)", "filter the rows by text; cycle successes / failures / no response"),
        (":history N", "list the newest N history rows, with ids for :replay"),
        (":drift", "how this exchange breaks the shape of the endpoint's earlier successes (Status: shape)"),
        ("?", "this help"),
        ("q  ^C", "quit"),
    ]

    /// The key map in a complete frame: in two columns when it does not fit in one and the screen is
    /// wide enough, else scrolled by `j`/`k` from ``helpTop``, with a line saying more is there.
    func renderHelp(into screen: inout some Screen) {
        let rect = Rect(row: 0, column: 0, width: columns, height: rows)
        screen.box(rect, title: "apiexplore keys — j/k scroll, any other key returns", focused: true)
        let entries = Self.keyMap
        // Rows inside the frame: a blank line above, the panes line and a blank line below.
        let available = max(rows - 5, 1)
        let keyWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let columnCount = entries.count > available && columns >= 2 * (keyWidth + 60) ? 2 : 1
        let columnWidth = (columns - 4) / columnCount
        let perColumn = columnCount == 1 ? available : (entries.count + 1) / 2
        let top = columnCount == 1 ? min(helpTop, max(entries.count - available, 0)) : 0
        for (index, entry) in entries.enumerated().dropFirst(top) {
            let slot = index - top
            let column = slot / perColumn
            let row = 2 + slot % perColumn
            guard column < columnCount, row < rows - 3 else { break }
            let x = 2 + column * columnWidth
            let limit = min(x + columnWidth - 1, columns - 2)
            screen.put(entry.keys, row: row, column: x + 2, limit: limit, role: .key)
            screen.put(entry.action, row: row, column: x + 4 + keyWidth, limit: limit, role: .normal)
        }
        let hidden = entries.count - top - perColumn * columnCount
        let footer =
            hidden > 0
            ? "↓ \(hidden) more: j scrolls"
            : "Panes: Status (HTTP + business verdicts), Tip, Model (JSON tree), History (newest first)."
        screen.put(footer, row: rows - 2, column: 4, limit: columns - 2, role: .dim)
    }

    /// Keys while the key map is shown: `j`/`k` (and the arrows, paging keys) scroll, any other returns.
    mutating func handleHelpKey(_ key: Key) {
        let last = max(Self.keyMap.count - max(rows - 5, 1), 0)
        switch key {
        case .character("j"), .down: helpTop = min(helpTop + 1, last)
        case .character("k"), .up: helpTop = max(helpTop - 1, 0)
        case .pageDown, .character(" "): helpTop = min(helpTop + max(rows - 6, 1), last)
        case .pageUp: helpTop = max(helpTop - max(rows - 6, 1), 0)
        default:
            mode = .normal
            helpTop = 0
        }
    }

    func overlayRect(height: Int) -> Rect {
        let width = min(max(columns * 3 / 4, 60), columns - 4)
        let height = min(height, rows - 4)
        return Rect(row: max((rows - height) / 2, 1), column: (columns - width) / 2, width: width, height: height)
    }

    func renderPicker(into screen: inout some Screen) {
        let matches = pickerMatches
        let rect = overlayRect(height: min(matches.count, 14) + 4)
        screen.blank(rect)
        screen.box(rect, title: "Endpoints (\(matches.count)/\(endpoints.count))", focused: true)
        let limit = rect.right - 1
        let x = screen.put("filter: ", row: rect.row + 1, column: rect.column + 2, limit: limit, role: .dim)
        pickerLine.draw(into: &screen, row: rect.row + 1, column: x, limit: limit, role: .normal)
        let visible = rect.height - 3
        let first = max(0, pickerCursor - visible + 1)
        for (offset, entry) in matches.dropFirst(first).prefix(visible).enumerated() {
            let y = rect.row + 2 + offset
            let isCursor = first + offset == pickerCursor
            if isCursor {
                screen.fill(" ", row: y, from: rect.column + 1, to: limit, role: .cursor)
                screen.put("›", row: y, column: rect.column + 1, limit: limit, role: .cursor)
            }
            let role: ColorRole = isCursor ? .cursor : .normal
            var x = screen.put(entry.id, row: y, column: rect.column + 2, limit: limit, role: isCursor ? .cursor : .key)
            x = max(x + 1, rect.column + 14)
            x = screen.put("\(entry.method) \(entry.path)", row: y, column: x, limit: limit, role: role)
            x = max(x + 2, rect.column + 44)
            screen.put(entry.summary, row: y, column: x, limit: limit, role: isCursor ? .cursor : .dim)
        }
        if matches.isEmpty {
            screen.put("no endpoint matches", row: rect.row + 2, column: rect.column + 2, limit: limit, role: .warning)
        }
    }
}
