import APIMapping

/// A line as coloured runs of text, scrolled sideways or wrapped to a width: how the tree and the raw
/// view show lines longer than their pane (`<`/`>` and `w`).
///
/// Runs are sanitized first, so widths are those drawn.
///
/// ```swift
/// TextRuns.shifted([("name: ", .key), ("\"张伟\"", .string)], by: 3)  // [("…", .dim), ("e: ", .key), ("\"张伟\"", .string)]
/// TextRuns.wrapped([("abcdef", .normal)], width: 4)                   // [[("abcd", .normal)], [("ef", .normal)]]
/// ```
enum TextRuns {
    /// One run.
    typealias Run = (text: String, role: ColorRole)

    /// The runs with their first `shift` display columns dropped; a `…` marks the cut (in the column
    /// the cut freed). A wide character cut in half is dropped whole.
    static func shifted(_ runs: [Run], by shift: Int) -> [Run] {
        guard shift > 0 else { return runs }
        var skipped = 0
        var result: [Run] = [("…", .dim)]
        for run in runs {
            let text = TerminalSanitizer.sanitize(run.text)
            if skipped >= shift + 1 {
                result.append((text, run.role))
                continue
            }
            var kept = ""
            for character in text {
                if skipped >= shift + 1 {
                    kept.append(character)
                } else {
                    skipped += DisplayWidth.of(character)
                }
            }
            if !kept.isEmpty { result.append((kept, run.role)) }
        }
        // Nothing left after the cut: no mark either.
        return result.count == 1 ? [] : result
    }

    /// The runs cut into lines of at most `width` display columns, run colours kept.
    static func wrapped(_ runs: [Run], width: Int) -> [[Run]] {
        guard width > 0 else { return [runs] }
        var lines: [[Run]] = [[]]
        var used = 0
        for run in runs {
            var piece = ""
            for character in TerminalSanitizer.sanitize(run.text) {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > width, used > 0 {
                    if !piece.isEmpty { lines[lines.count - 1].append((piece, run.role)) }
                    lines.append([])
                    piece = ""
                    used = 0
                }
                piece.append(character)
                used += characterWidth
            }
            if !piece.isEmpty { lines[lines.count - 1].append((piece, run.role)) }
        }
        return lines
    }

    /// The display width of the runs.
    static func width(_ runs: [Run]) -> Int {
        runs.reduce(0) { $0 + DisplayWidth.of(TerminalSanitizer.sanitize($1.text)) }
    }
}

extension Screen {
    /// Draws runs one after the other from a column, clipped at `limit` with `…`; returns the column
    /// after the last drawn cell.
    @discardableResult
    mutating func put(runs: [TextRuns.Run], row: Int, column: Int, limit: Int) -> Int {
        var x = column
        guard column + TextRuns.width(runs) > limit else {
            for run in runs { x = put(run.text, row: row, column: x, limit: limit, role: run.role) }
            return x
        }
        // Too long: the runs up to the last cell, then one mark, whichever run the cut falls in.
        for run in runs {
            x = put(run.text, row: row, column: x, limit: limit - 1, role: run.role, marksClip: false)
            if x >= limit - 1 { break }
        }
        return put("…", row: row, column: x, limit: limit, role: .dim)
    }
}
