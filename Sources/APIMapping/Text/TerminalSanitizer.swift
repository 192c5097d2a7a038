/// The one sanitizer for text that came from outside and is about to reach a terminal.
///
/// A response, a header, a URL, a tip, a profile or a script can carry ESC sequences that would
/// move the cursor, clear the screen, change the title or write to the clipboard (`ESC]52`), and
/// bidirectional controls that make the text read differently from what it is. Every C0 and C1
/// control character, DEL, and the Unicode bidirectional controls (U+061C, U+200E, U+200F,
/// U+202A…U+202E, U+2066…U+2069) become visible `\u001b`-style escapes, so they never reach the
/// terminal. The terminal UI, the command line's transcripts and errors, and the JSON writer
/// (which writes the same escapes inside strings) all decide with ``isUnsafe(_:)``.
///
/// ```swift
/// TerminalSanitizer.sanitize("a\u{1B}[31mb")        // "a\\u001b[31mb"
/// TerminalSanitizer.sanitize("abc\u{202E}def")      // "abc\\u202edef"
/// TerminalSanitizer.sanitize(lines: "one\ntwo\u{7}") // "one\ntwo\\u0007"
/// ```
public enum TerminalSanitizer {
    /// Returns the text with every unsafe scalar, line feeds included, replaced by its `\uXXXX`
    /// escape: for text drawn on one line.
    ///
    /// ```swift
    /// TerminalSanitizer.sanitize("tab\there")  // "tab\\u0009here"
    /// ```
    ///
    /// - Parameter text: Any text, typically from a response.
    /// - Returns: Text that contains no control characters.
    public static func sanitize(_ text: String) -> String {
        escaping(text, keepingLineFeeds: false)
    }

    /// Returns the text with every unsafe scalar but the line feed replaced by its `\uXXXX`
    /// escape: for text printed as several lines (a body, a multi-line error).
    ///
    /// ```swift
    /// TerminalSanitizer.sanitize(lines: "a\r\nb")  // "a\\u000d\nb"
    /// ```
    ///
    /// - Parameter text: Any text, typically from a response.
    /// - Returns: Text whose only control character is the line feed.
    public static func sanitize(lines text: String) -> String {
        escaping(text, keepingLineFeeds: true)
    }

    /// Whether a scalar must not be drawn as it is.
    ///
    /// ```swift
    /// TerminalSanitizer.isUnsafe("\u{9B}")    // true (C1 CSI)
    /// TerminalSanitizer.isUnsafe("\u{2067}")  // true (right-to-left isolate)
    /// ```
    ///
    /// - Parameter scalar: A Unicode scalar.
    /// - Returns: `true` for C0, DEL, C1 and the bidirectional marks, embeddings, overrides and isolates.
    @inlinable
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The visible escape of a scalar: `\u` and four (or more) lower-case hex digits.
    ///
    /// - Parameter scalar: The scalar.
    /// - Returns: `\u001b` for ESC, `\u202e` for the right-to-left override.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func escaping(_ text: String, keepingLineFeeds: Bool) -> String {
        func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
            isUnsafe(scalar) && !(keepingLineFeeds && scalar == "\n")
        }
        guard text.unicodeScalars.contains(where: mustEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if mustEscape(scalar) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
