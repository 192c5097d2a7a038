/// A rectangle of cells.
struct Rect: Sendable, Equatable {
    var row: Int
    var column: Int
    var width: Int
    var height: Int

    var right: Int { column + width }
    var bottom: Int { row + height }
}

/// Where everything goes at a terminal size: header, four panes side by side, info and input lines.
///
/// ```
/// row 0          header: profile · base URL · endpoint
/// rows 1…n-3     Status | Tip | Model | History
/// row n-2        info: cursor path, progress, messages
/// row n-1        probe / command line, or key hints
/// ```
struct ScreenLayout: Sendable, Equatable {
    /// The smallest size the panes fit in.
    static let minimumColumns = 80
    static let minimumRows = 24

    let columns: Int
    let rows: Int

    var isTooSmall: Bool { columns < Self.minimumColumns || rows < Self.minimumRows }

    var paneHeight: Int { rows - 3 }

    /// The pane widths: Status and Tip get a fifth each, History a quarter, Model the rest.
    private var widths: [Int] {
        let status = max(columns / 5, 16)
        let tip = max(columns / 5, 16)
        let history = max(columns / 4, 20)
        return [status, tip, columns - status - tip - history, history]
    }

    var status: Rect { pane(0) }
    var tip: Rect { pane(1) }
    var model: Rect { pane(2) }
    var history: Rect { pane(3) }
    var infoRow: Int { rows - 2 }
    var inputRow: Int { rows - 1 }

    func rect(of pane: AppState.Pane) -> Rect { self.pane(pane.rawValue) }

    private func pane(_ index: Int) -> Rect {
        let widths = widths
        let column = widths.prefix(index).reduce(0, +)
        return Rect(row: 1, column: column, width: widths[index], height: paneHeight)
    }
}
