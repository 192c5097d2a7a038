import APITerminalUI
import Foundation
import Testing

@testable import APITerminalUI

/// The inspector views of an exchange with Chinese values and a long URL, at the smallest, a common and
/// a large terminal, compared with `Snapshots/inspector-*.txt` (re-record with `RECORD_SNAPSHOTS=1`).
@Suite("Inspector snapshots")
struct InspectorSnapshotTests {
    static let views = ["model", "headers", "raw", "raw text", "raw hex", "request", "timing"]
    static let sizes: [(columns: Int, rows: Int)] = [(80, 24), (120, 40), (200, 50)]

    @Test(arguments: views, sizes)
    func view(_ view: String, _ size: (columns: Int, rows: Int)) throws {
        var state = try InspectorKeyTests.shown(
            try InspectorKeyTests.display(body: LayoutTests.body), columns: size.columns, rows: size.rows)
        InspectorKeyTests.press(":view \(view)<enter>", &state)
        let name = "inspector-\(view.replacingOccurrences(of: " ", with: "-"))-\(size.columns)x\(size.rows)"
        let grid = InspectorKeyTests.screen(state)
        try assertSnapshot(grid.text, named: name)
        // The Model pane has the room from 120 columns up.
        if size.columns >= 120 { #expect(Double(state.layout.model.width) >= 0.55 * Double(size.columns)) }
        // A line that reaches the pane's edge in the tree and the raw text was clipped: it ends in `…`.
        guard ["model", "raw", "raw text"].contains(view) else { return }
        let rect = state.layout.model
        var clipped = 0
        for row in rect.row + 2..<rect.bottom - 1 {
            guard let last = grid.cell(row: row, column: rect.right - 2).character, last != " " else { continue }
            #expect(last == "…", "row \(row) reaches the edge without a mark:\n\(grid.line(row))")
            clipped += 1
        }
        #expect(clipped > 0, "the long URL is clipped somewhere")
    }
}
