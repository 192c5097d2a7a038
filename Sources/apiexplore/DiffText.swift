import APIMapping
import APITerminalUI

/// The readable form of a diff, as `apiexplore diff` prints it.
enum DiffText {
    /// The header, one line per change (volatile ones only when asked), the notes and a summary.
    static func lines(
        _ diff: JSONDiff, old: String, new: String, declared: [DiffPath], detected: [DiffPath], includeVolatile: Bool,
        notes: [String] = [], colors: TextColors
    ) -> [String] {
        var lines = [
            colors.paint("--- " + TerminalSanitizer.sanitize(old), .dim),
            colors.paint("+++ " + TerminalSanitizer.sanitize(new), .dim),
        ]
        for change in diff.changes where includeVolatile || !change.isVolatile {
            let line = change.line()
            if change.isVolatile {
                lines.append(colors.paint(line + "  (volatile)", .dim))
            } else {
                lines.append(colors.paint(line, change.kind.role))
            }
        }
        for note in notes + diff.notes {
            lines.append(colors.paint("note: " + TerminalSanitizer.sanitize(note), .warning))
        }
        lines.append(summary(diff, declared: declared, detected: detected, includeVolatile: includeVolatile))
        return lines
    }

    /// `2 changes (1 more not listed); 3 volatile ignored (declared: data>ts; detected: count)`.
    static func summary(_ diff: JSONDiff, declared: [DiffPath], detected: [DiffPath], includeVolatile: Bool) -> String {
        var text =
            diff.significantCount == 0
            ? "no changes" : "\(diff.significantCount) change\(diff.significantCount == 1 ? "" : "s")"
        let listed = diff.changes.count { !$0.isVolatile }
        if listed < diff.significantCount { text += " (\(diff.significantCount - listed) more not listed)" }
        if diff.volatileCount > 0 {
            text += "; \(diff.volatileCount) volatile " + (includeVolatile ? "listed" : "ignored")
        }
        var paths: [String] = []
        if !declared.isEmpty { paths.append("declared: " + declared.map(\.description).joined(separator: ", ")) }
        if !detected.isEmpty { paths.append("detected: " + detected.map(\.description).joined(separator: ", ")) }
        if !paths.isEmpty { text += " (" + paths.joined(separator: "; ") + ")" }
        if !diff.isComplete { text += "; not every value was compared" }
        return TerminalSanitizer.sanitize(text)
    }
}
