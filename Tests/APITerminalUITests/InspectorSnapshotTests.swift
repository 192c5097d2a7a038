import APITerminalUI
import Foundation
import Testing

/// The inspector views of an exchange with a Chinese body, at the smallest and a large terminal,
/// compared with `Snapshots/inspector-*.txt` (re-record with `RECORD_SNAPSHOTS=1`).
@Suite("Inspector snapshots")
struct InspectorSnapshotTests {
    static let views = ["model", "headers", "raw", "raw text", "raw hex", "request", "timing"]
    static let sizes: [(columns: Int, rows: Int)] = [(80, 24), (200, 50)]

    @Test(arguments: views, sizes)
    func view(_ view: String, _ size: (columns: Int, rows: Int)) throws {
        var state = try InspectorKeyTests.shown(
            try InspectorKeyTests.display(body: InspectorKeyTests.cjkBody), columns: size.columns, rows: size.rows)
        InspectorKeyTests.press(":view \(view)<enter>", &state)
        let name = "inspector-\(view.replacingOccurrences(of: " ", with: "-"))-\(size.columns)x\(size.rows)"
        try assertSnapshot(InspectorKeyTests.screen(state).text, named: name)
    }
}
