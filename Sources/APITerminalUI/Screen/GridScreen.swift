/// An in-memory screen: a grid of cells, each a character with a ``ColorRole``.
///
/// Tests render into it and compare ``text`` with a snapshot; headless runs print it. A wide character
/// takes its cell and a continuation cell to its right, so every row has exactly ``columns`` columns.
///
/// ```swift
/// var screen = GridScreen(columns: 10, rows: 1)
/// screen.put("状态 ok", row: 0, column: 0, role: .normal)
/// screen.text  // "状态 ok\n"
/// ```
package struct GridScreen: Screen, Sendable {
    /// One cell of the grid.
    package struct Cell: Sendable, Hashable {
        /// The grapheme drawn, or `nil` for the right half of a wide character.
        package var character: Character?
        /// What the cell means.
        package var role: ColorRole
    }

    /// The width in cells.
    package let columns: Int
    /// The height in cells.
    package let rows: Int
    /// The cells, row by row.
    package private(set) var cells: [Cell]

    /// Creates a blank grid.
    ///
    /// ```swift
    /// let screen = GridScreen(columns: 120, rows: 40)
    /// ```
    ///
    /// - Parameters:
    ///   - columns: The width in cells.
    ///   - rows: The height in cells.
    package init(columns: Int, rows: Int) {
        self.columns = max(columns, 0)
        self.rows = max(rows, 0)
        cells = Array(repeating: Cell(character: " ", role: .normal), count: self.columns * self.rows)
    }

    package mutating func clear() {
        for index in cells.indices { cells[index] = Cell(character: " ", role: .normal) }
    }

    package mutating func setCell(_ character: Character, width: Int, row: Int, column: Int, role: ColorRole) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        // Overwriting half of a wide character blanks its other half, as a terminal does.
        if cells[row * columns + column].character == nil, column > 0 {
            cells[row * columns + column - 1] = Cell(character: " ", role: role)
        }
        if width == 2, column + 1 >= columns {
            cells[row * columns + column] = Cell(character: " ", role: role)
            return
        }
        cells[row * columns + column] = Cell(character: character, role: role)
        if width == 2 {
            cells[row * columns + column + 1] = Cell(character: nil, role: role)
        } else if column + 1 < columns, cells[row * columns + column + 1].character == nil {
            cells[row * columns + column + 1] = Cell(character: " ", role: role)
        }
    }

    /// The cell at a position.
    ///
    /// ```swift
    /// screen.cell(row: 0, column: 0).role  // .header
    /// ```
    ///
    /// - Parameters:
    ///   - row: The row.
    ///   - column: The column.
    /// - Returns: The cell.
    package func cell(row: Int, column: Int) -> Cell {
        cells[row * columns + column]
    }

    /// One row as text, trailing spaces removed.
    ///
    /// ```swift
    /// screen.line(0)  // " apiexplore · demo · http://127.0.0.1:8080"
    /// ```
    ///
    /// - Parameter row: The row.
    /// - Returns: The row's characters.
    package func line(_ row: Int) -> String {
        var text = ""
        for column in 0..<columns {
            if let character = cells[row * columns + column].character { text.append(character) }
        }
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The whole screen as text, one line per row, each ending in a newline.
    ///
    /// ```swift
    /// print(screen.text, terminator: "")
    /// ```
    package var text: String {
        (0..<rows).map { line($0) + "\n" }.joined()
    }
}
