import APIClient
import Testing

@testable import APITerminalUI

/// The Tab candidate list and the parameter form, at 80×24 and 200×50, with CJK content, compared
/// with `Snapshots/line-*.txt` (re-record with `RECORD_SNAPSHOTS=1`).
@Suite("Input line snapshots")
struct LineSnapshotTests {
    typealias Case = ScreenSnapshotTests.Case

    /// Screens over the demo backend's `user` answer (a Chinese name, city and tags).
    static let cases: [Case] = [
        Case("line-probe-candidates-80x24", "euser<enter><enter>", "pn<tab>", columns: 80, rows: 24),
        Case("line-probe-candidates-200x50", "euser<enter><enter>", "pn<tab>", columns: 200, rows: 50),
        Case("line-probe-cycling-80x24", "euser<enter><enter>", "pprofile><tab><tab><tab>", columns: 80, rows: 24),
        Case("line-probe-elements-200x50", "euser<enter><enter>", "ptags><tab><tab>", columns: 200, rows: 50),
        Case("line-command-candidates-80x24", "euser<enter><enter>", ":call <tab>", columns: 80, rows: 24),
        Case("line-command-candidates-200x50", "euser<enter><enter>", ":call <tab><tab>", columns: 200, rows: 50),
    ]

    @Test(arguments: cases)
    func screen(_ testCase: Case) async throws {
        try await withTUI(columns: testCase.columns, rows: testCase.rows) { session in
            for keys in testCase.keys { await session.press(keys) }
            try assertSnapshot(session.screenText(), named: testCase.name)
        }
    }

    /// The parameter form with descriptions and defaults in Chinese, the cursor inside a CJK value.
    @Test(arguments: [(80, 24), (200, 50)])
    func parameterForm(columns: Int, rows: Int) throws {
        var state = try LineKeyTests.described(columns: columns, rows: rows)
        state.masksVolatileValues = true
        for key in Key.parse("esearch<enter><left>") { state.handle(.key(key)) }
        try assertSnapshot(HeadlessScreenRenderer.render(state), named: "line-parameter-form-\(columns)x\(rows)")
    }
}
