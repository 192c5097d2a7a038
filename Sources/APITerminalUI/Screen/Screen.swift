import APIMapping

/// A drawing surface of `rows × columns` cells: the in-memory ``GridScreen`` or the terminal.
///
/// Panes draw through this protocol only, so the same layout code produces the test snapshots and
/// the terminal output. Text is placed by display column and clipped at `limit`; it never wraps.
///
/// ```swift
/// var screen = GridScreen(columns: 80, rows: 24)
/// screen.put("杭州", row: 0, column: 0, role: .string)  // occupies columns 0-3
/// ```
package protocol Screen {
    /// The number of columns.
    var columns: Int { get }
    /// The number of rows.
    var rows: Int { get }
    /// Clears every cell to a blank with the normal role.
    mutating func clear()
    /// Sets the cell at a position; a wide character also covers the cell to its right.
    ///
    /// - Parameters:
    ///   - character: A sanitized grapheme (never a control character).
    ///   - width: Its display width, 1 or 2 (0-width graphemes are merged by ``put(_:row:column:limit:role:)``).
    ///   - row: The row, from 0.
    ///   - column: The column, from 0.
    ///   - role: What the cell means.
    mutating func setCell(_ character: Character, width: Int, row: Int, column: Int, role: ColorRole)
}

extension Screen {
    /// Draws sanitized text from a column, clipped by display width at `limit` (exclusive); returns the
    /// column after the last drawn cell.
    ///
    /// Clipped text ends in `…`, in the last cell before the limit, so nothing is cut without a mark
    /// (trailing spaces that do not fit are not worth one). A wide character that would straddle the
    /// limit is never drawn half, so a pane border is never overwritten.
    ///
    /// ```swift
    /// screen.put("name: 张伟", row: 3, column: 2, limit: 10, role: .key)  // "name: …" — "张伟" does not fit
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text; it is sanitized here, so response strings may be passed as they are.
    ///   - row: The row.
    ///   - column: The first column.
    ///   - limit: The first column not to draw in; `nil` is the screen's right edge.
    ///   - role: What the text means.
    ///   - marksClip: Whether clipped text ends in `…` (a caller that marks the cut itself says no).
    /// - Returns: The column after the text.
    @discardableResult
    package mutating func put(
        _ text: String, row: Int, column: Int, limit: Int? = nil, role: ColorRole, marksClip: Bool = true
    ) -> Int {
        let end = Swift.min(limit ?? columns, columns)
        guard row >= 0, row < rows else { return column }
        var x = column
        let shown = TerminalSanitizer.sanitize(text)
        // Where the last character drawn starts, to take back for the `…`.
        var lastStart: Int?
        var index = shown.startIndex
        while index < shown.endIndex {
            let character = shown[index]
            let width = DisplayWidth.of(character)
            index = shown.index(after: index)
            if width == 0 { continue }
            if x + width > end {
                if !marksClip || character == " " && shown[index...].allSatisfy({ $0 == " " }) {
                    fill(" ", row: row, from: x, to: end, role: role)
                    return end
                }
                // The mark goes in the first free cell, or over the last character when none is free.
                let markAt = x < end ? x : lastStart ?? end
                if markAt >= 0, markAt < end {
                    fill(" ", row: row, from: markAt, to: end, role: role)
                    setCell("…", width: 1, row: row, column: markAt, role: role)
                }
                return end
            }
            if x >= 0 { setCell(character, width: width, row: row, column: x, role: role) }
            lastStart = x
            x += width
        }
        return x
    }

    /// Fills a run of cells with one character.
    ///
    /// ```swift
    /// screen.fill("─", row: 0, from: 1, to: 79, role: .border)
    /// ```
    ///
    /// - Parameters:
    ///   - character: A width-1 character.
    ///   - row: The row.
    ///   - from: The first column.
    ///   - to: The first column not filled.
    ///   - role: What the cells mean.
    package mutating func fill(_ character: Character, row: Int, from: Int, to: Int, role: ColorRole) {
        guard row >= 0, row < rows else { return }
        for x in Swift.max(from, 0)..<Swift.max(Swift.min(to, columns), Swift.max(from, 0)) {
            setCell(character, width: 1, row: row, column: x, role: role)
        }
    }
}
