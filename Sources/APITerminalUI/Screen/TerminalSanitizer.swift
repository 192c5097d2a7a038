/// Makes response text safe to draw: control characters become visible escapes.
///
/// A body can carry ESC sequences that would move the cursor, change the title or write to the
/// clipboard. Every C0 and C1 control character, DEL, and the bidirectional overrides that reorder
/// what the user sees are shown as `\u001b`-style escapes instead, so they never reach the terminal.
///
/// ```swift
/// TerminalSanitizer.sanitize("a\u{1B}[31mb")  // "a\\u001b[31mb"
/// ```
public enum TerminalSanitizer {
    /// Returns the text with every unsafe scalar replaced by its `\uXXXX` escape.
    ///
    /// ```swift
    /// TerminalSanitizer.sanitize("tab\there")  // "tab\\u0009here"
    /// ```
    ///
    /// - Parameter text: Any text, typically from a response.
    /// - Returns: Text that contains no control characters.
    public static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether a scalar must not be drawn as it is.
    ///
    /// ```swift
    /// TerminalSanitizer.isUnsafe("\u{9B}")  // true (C1 CSI)
    /// ```
    ///
    /// - Parameter scalar: A Unicode scalar.
    /// - Returns: `true` for C0, DEL, C1 and bidirectional override or isolate characters.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
