import APITerminalUI
import Testing

/// What the text snapshots cannot show: the colour role of each part of the screen.
@Suite("Screen colours")
struct ScreenColourTests {
    /// The roles of the cells of the first place `text` appears on the grid, row by row, left to right.
    ///
    /// `text` is matched cell by cell, so it must be of narrow characters (or start where wide ones end).
    static func roles(of text: String, in grid: GridScreen) -> [ColorRole]? {
        let wanted = Array(text)
        for row in 0..<grid.rows {
            for column in 0...max(grid.columns - wanted.count, 0) {
                let cells = (0..<wanted.count).map { grid.cell(row: row, column: column + $0) }
                if cells.map(\.character) == wanted.map(Optional.some) { return cells.map(\.role) }
            }
        }
        return nil
    }

    /// The single role of every cell of `text`, or `nil` when it is absent or mixes roles.
    static func role(of text: String, in grid: GridScreen) -> ColorRole? {
        guard let roles = roles(of: text, in: grid), let first = roles.first, roles.allSatisfy({ $0 == first })
        else { return nil }
        return first
    }

    @Test func badgesAndHistoryMarksTakeTheirOutcomesColour() async throws {
        let (success, failure) = try await withTUI { session in
            await session.press("euser<enter><enter>")
            let success = HeadlessScreenRenderer.grid(session.state)
            await session.press("eorders<enter>")
            return (success, HeadlessScreenRenderer.grid(session.state))
        }
        #expect(Self.role(of: "[HTTP ✓]", in: success) == .success)
        #expect(Self.role(of: "[BIZ ✓]", in: success) == .success)
        #expect(Self.role(of: "[HTTP ✓]", in: failure) == .success)
        #expect(Self.role(of: "[BIZ ✗]", in: failure) == .failure)
        #expect(Self.role(of: "✗ ", in: failure) == .failure, "the business failure's history row")
    }

    @Test func modelValuesAreColouredByKind() async throws {
        let grid = try await withTUI { session in
            await session.press("euser<enter><enter>")
            return HeadlessScreenRenderer.grid(session.state)
        }
        #expect(Self.role(of: "name", in: grid) == .key)
        // The header names `id=1001` too: find the model row by its key.
        #expect(Self.roles(of: "id: 1001", in: grid)?.suffix(4) == [.number, .number, .number, .number])
        #expect(Self.role(of: "\"user1001@example.cn\"", in: grid) == .string)
        #expect(Self.role(of: "true", in: grid) == .boolean)
    }

    @Test func probeMatchesAreHighlightedInTheTree() async throws {
        let grid = try await withTUI { session in
            await session.press("euser<enter><enter>")
            await session.press("p$.profile.*")
            return HeadlessScreenRenderer.grid(session.state)
        }
        // Three members match; the values of those the cursor is not on show the match colour.
        let matched = ["\"user1001@example.cn\"", "\"+86 138 0000 1001\""].compactMap { Self.role(of: $0, in: grid) }
        #expect(matched.contains(.match), "\(matched)")
        #expect(
            Self.roles(of: "id: 1001", in: grid)?.suffix(4) == [.number, .number, .number, .number],
            "a value outside the match keeps its own colour")
    }
}
