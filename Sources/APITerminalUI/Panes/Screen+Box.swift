import APIMapping

extension Screen {
    /// Draws a box with a title in its top border; the focused box uses double lines.
    mutating func box(_ rect: Rect, title: String, focused: Bool) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let role: ColorRole = focused ? .focusedBorder : .border
        let (h, v, tl, tr, bl, br): (Character, Character, Character, Character, Character, Character) =
            focused ? ("═", "║", "╔", "╗", "╚", "╝") : ("─", "│", "┌", "┐", "└", "┘")
        setCell(tl, width: 1, row: rect.row, column: rect.column, role: role)
        fill(h, row: rect.row, from: rect.column + 1, to: rect.right - 1, role: role)
        setCell(tr, width: 1, row: rect.row, column: rect.right - 1, role: role)
        for row in rect.row + 1..<rect.bottom - 1 {
            setCell(v, width: 1, row: row, column: rect.column, role: role)
            setCell(v, width: 1, row: row, column: rect.right - 1, role: role)
        }
        setCell(bl, width: 1, row: rect.bottom - 1, column: rect.column, role: role)
        fill(h, row: rect.bottom - 1, from: rect.column + 1, to: rect.right - 1, role: role)
        setCell(br, width: 1, row: rect.bottom - 1, column: rect.right - 1, role: role)
        put(
            " \(title) ", row: rect.row, column: rect.column + 2, limit: rect.right - 2,
            role: focused ? .focusedBorder : .title)
    }

    /// Blanks a rectangle.
    mutating func blank(_ rect: Rect) {
        for row in rect.row..<rect.bottom { fill(" ", row: row, from: rect.column, to: rect.right, role: .normal) }
    }
}

/// Splitting text into lines that fit a display width.
enum TextWrap {
    /// Wraps sanitized text at `width` columns, breaking at spaces when it can, after a `/`, `;`, `,`,
    /// `&` or `?` inside a long token (a URL, a content type) when there is no space, and inside
    /// words only when it must; newlines in the text start new lines.
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            var lastSpace: String.Index?
            // Just after the last punctuation a token may break at.
            var lastPunctuation: String.Index?
            for character in TerminalSanitizer.sanitize(String(paragraph)) {
                let characterWidth = DisplayWidth.of(character)
                if lineWidth + characterWidth > width {
                    if let cut = lastPunctuation, character != " ", cut < line.endIndex,
                        lastSpace.map({ $0 < cut }) ?? true
                    {
                        let rest = String(line[cut...])
                        result.append(String(line[..<cut]))
                        line = rest
                        lineWidth = DisplayWidth.of(rest)
                    } else if let space = lastSpace, character != " " {
                        let rest = String(line[line.index(after: space)...])
                        result.append(String(line[..<space]))
                        line = rest
                        lineWidth = DisplayWidth.of(rest)
                    } else {
                        result.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    lastSpace = nil
                    lastPunctuation = nil
                    if character == " " { continue }
                }
                if character == " " { lastSpace = line.endIndex }
                line.append(character)
                lineWidth += characterWidth
                if "/;,&?".contains(character) { lastPunctuation = line.endIndex }
            }
            result.append(line)
        }
        return result
    }
}
