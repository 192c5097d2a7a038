import APIClient
import APITerminalUI
import Testing

/// The screens the acceptance list names, driven by keys against the demo backend and compared with
/// `Snapshots/*.txt` (re-record with `RECORD_SNAPSHOTS=1`).
@Suite("Screen snapshots")
struct ScreenSnapshotTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let columns: Int
        let rows: Int
        let keys: [String]
        var testDescription: String { name }

        init(_ name: String, _ keys: String..., columns: Int = 120, rows: Int = 40) {
            self.name = name
            self.keys = keys
            self.columns = columns
            self.rows = rows
        }
    }

    static let cases: [Case] = [
        Case("startup"),
        Case("success", "euser<enter><enter>"),
        Case("business-failure", "eorders<enter>"),
        Case("http-failure", "eunavail<enter>"),
        Case("transport-failure", "ereset<enter>"),
        Case("large-body", "elarge<enter><enter>", "jjjjjjjj<pgdn>"),
        Case("cjk-tip", "euser<enter><c-u>4040<enter>"),
        Case("probe-completion", "euser<enter><enter>", "ppro<tab>>ad<tab>>ci<tab>"),
        Case("pinned-watch", "euser<enter><enter>", "pprof<tab>>em<tab><enter>", "r"),
        Case("history-selected", "euser<enter><enter>", "eorders<enter>", "<tab>j<enter>"),
        Case("endpoint-picker", "euser<enter><enter>", "ehaz"),
        Case("parameter-form", "elarge<enter>"),
        Case("help", "?"),
        Case("escapes", "eescapes<enter>"),
        Case("xml-feed", "efeed<enter>"),
        Case("folded-depth-1", "euser<enter><enter>", "1"),
        Case("small-80x24", "euser<enter><enter>", columns: 80, rows: 24),
        Case("large-200x60", "euser<enter><enter>", "<tab><tab><tab>", columns: 200, rows: 60),
        Case("too-small-79x24", columns: 79, rows: 24),
        Case("readme", "euser<enter><enter>", "ppro<tab>>ad<tab>>ci<tab>", columns: 120, rows: 24),
    ]

    @Test(arguments: cases)
    func screen(_ testCase: Case) async throws {
        let text = try await withTUI(columns: testCase.columns, rows: testCase.rows) { session in
            for keys in testCase.keys { await session.press(keys) }
            return session.screenText()
        }
        try assertSnapshot(text, named: testCase.name)
    }

    @Test func resizingKeepsTheCursorAndRedrawsAtTheNewSize() async throws {
        let (before, after) = try await withTUI { session in
            await session.press("euser<enter><enter>jjjj")
            let before = session.state.tree?.cursorLocation
            await session.apply(.resize(columns: 80, rows: 24))
            return (before, session)
        }
        #expect(after.state.tree?.cursorLocation == before)
        let lines = after.screenText().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 25)
        #expect(lines.dropLast().allSatisfy { DisplayWidth.of(String($0)) <= 80 })
    }
}
