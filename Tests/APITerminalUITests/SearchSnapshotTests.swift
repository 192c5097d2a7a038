import APIClient
import APITerminalUI
import Testing

/// `/` search screens against the demo backend, compared with `Snapshots/*.txt` (re-record with
/// `RECORD_SNAPSHOTS=1`): the CJK `user` answer holds 杭州 twice, once inside the folded `address`.
@Suite("Search snapshots")
struct SearchSnapshotTests {
    typealias Case = ScreenSnapshotTests.Case

    static let cases: [Case] = [
        Case("search-line-80x24", "euser<enter><enter>", "/杭州", columns: 80, rows: 24),
        Case("search-first-80x24", "euser<enter><enter>", "/杭州<enter>", columns: 80, rows: 24),
        Case("search-next-unfolds-80x24", "euser<enter><enter>", "/杭州<enter>", "n", columns: 80, rows: 24),
        Case("search-next-unfolds-200x50", "euser<enter><enter>", "/杭州<enter>", "n", columns: 200, rows: 50),
        Case("search-wrapped-200x50", "euser<enter><enter>", "/杭州<enter>", "nn", columns: 200, rows: 50),
        Case("search-bad-regex-80x24", "euser<enter><enter>", "/re:杭州(<enter>", columns: 80, rows: 24),
    ]

    @Test(arguments: cases)
    func screen(_ testCase: Case) async throws {
        let text = try await withTUI(columns: testCase.columns, rows: testCase.rows) { session in
            for keys in testCase.keys { await session.press(keys) }
            return session.screenText()
        }
        try assertSnapshot(text, named: testCase.name)
    }
}
