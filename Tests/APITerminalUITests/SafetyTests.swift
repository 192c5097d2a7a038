import APIMapping
import APITerminalUI
import Testing

@Suite("Sanitizing response text")
struct SafetyTests {
    @Test func theEscapesEndpointPutsNoControlCharacterInAnyCell() async throws {
        let grids = try await withTUI { session in
            var grids: [GridScreen] = []
            await session.press("eescapes<enter>")
            grids.append(HeadlessScreenRenderer.grid(session.state))
            await session.press("0/$..*")
            grids.append(HeadlessScreenRenderer.grid(session.state))
            return grids
        }
        for grid in grids {
            for cell in grid.cells {
                let scalars = cell.character.map { Array($0.unicodeScalars) } ?? []
                #expect(!scalars.contains { TerminalSanitizer.isUnsafe($0) })
            }
            #expect(grid.text.contains("\\u001b"))
        }
    }
}

@Suite("Display width")
struct DisplayWidthTests {
    @Test(
        arguments: [
            ("abc", 3),
            ("杭州", 4),
            ("ＡＢ", 4),
            ("한국어", 6),
            ("e\u{301}", 1),
            ("a\u{200B}b", 2),
            ("👍", 2),
            ("👍🏽", 2),
            ("👨‍👩‍👧", 2),
            ("❤️", 2),
            ("✓", 1),
            ("\u{1B}", 0),
        ])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test func clippedTextNeverCrossesTheLimit() {
        var screen = GridScreen(columns: 10, rows: 1)
        screen.put("|", row: 0, column: 9, role: .border)
        let end = screen.put("用户不存在用户", row: 0, column: 0, limit: 9, role: .normal)
        #expect(end == 9)
        // The clip is marked: `…` in the cell the wide character could not fill.
        #expect(screen.line(0) == "用户不存…|")
        #expect(screen.cell(row: 0, column: 9).role == .border)
    }
}
