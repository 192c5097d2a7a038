/// A rectangle of cells.
struct Rect: Sendable, Equatable {
    var row: Int
    var column: Int
    var width: Int
    var height: Int

    var right: Int { column + width }
    var bottom: Int { row + height }

    /// Whether a cell is inside.
    func contains(row: Int, column: Int) -> Bool {
        row >= self.row && row < bottom && column >= self.column && column < right
    }
}

/// Where everything goes at a terminal size: header, the panes, info and input lines.
///
/// The body gets the room: Status and Tip share the left column (stacked), History the right one,
/// and the Model pane (the tree and the inspector views) the rest, 55 % or more of the width from
/// 120 columns up. `z` zooms the focused pane to the whole area.
///
/// ```
/// row 0          header: profile · base URL · endpoint
/// rows 1…n-3     Status | Model | History
///                Tip    |       |
/// row n-2        info: cursor path, progress, messages
/// row n-1        input line, or the current mode's keys
/// ```
struct ScreenLayout: Sendable, Equatable {
    /// The smallest size the panes fit in.
    static let minimumColumns = 80
    static let minimumRows = 24

    let columns: Int
    let rows: Int
    /// The pane drawn over the whole pane area, if one is zoomed.
    var zoomed: AppState.Pane?

    init(columns: Int, rows: Int, zoomed: AppState.Pane? = nil) {
        self.columns = columns
        self.rows = rows
        self.zoomed = zoomed
    }

    var isTooSmall: Bool { columns < Self.minimumColumns || rows < Self.minimumRows }

    var paneHeight: Int { rows - 3 }

    /// The left column (Status over Tip): a fifth of the width, between 22 and 36 columns.
    var sideWidth: Int { min(max(columns / 5, 22), 36) }

    /// The History column: 22 % of the width, between 24 and 48 columns.
    var historyWidth: Int { min(max(columns * 22 / 100, 24), 48) }

    /// Status's share of the left column: a little more than half, since it has more lines than Tip.
    var statusHeight: Int { min(max((paneHeight * 11 + 19) / 20, 3), paneHeight - 3) }

    var status: Rect { rect(of: .status) }
    var tip: Rect { rect(of: .tip) }
    var model: Rect { rect(of: .model) }
    var history: Rect { rect(of: .history) }
    var infoRow: Int { rows - 2 }
    var inputRow: Int { rows - 1 }

    /// The panes drawn, with their places: one when zoomed, all four otherwise.
    var visiblePanes: [AppState.Pane] { zoomed.map { [$0] } ?? AppState.Pane.allCases }

    func rect(of pane: AppState.Pane) -> Rect {
        if let zoomed {
            // A pane that is not zoomed has no room; the zoomed one has it all.
            return pane == zoomed
                ? Rect(row: 1, column: 0, width: columns, height: paneHeight)
                : Rect(row: 1, column: 0, width: 0, height: 0)
        }
        let modelWidth = columns - sideWidth - historyWidth
        switch pane {
        case .status: return Rect(row: 1, column: 0, width: sideWidth, height: statusHeight)
        case .tip: return Rect(row: 1 + statusHeight, column: 0, width: sideWidth, height: paneHeight - statusHeight)
        case .model: return Rect(row: 1, column: sideWidth, width: modelWidth, height: paneHeight)
        case .history: return Rect(row: 1, column: sideWidth + modelWidth, width: historyWidth, height: paneHeight)
        }
    }

    /// The pane under a cell, if any.
    func pane(atRow row: Int, column: Int) -> AppState.Pane? {
        visiblePanes.first { rect(of: $0).contains(row: row, column: column) }
    }
}
