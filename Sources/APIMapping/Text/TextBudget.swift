/// Caps text from outside (a tip, a message quoting a value) for storage and display: the first
/// bytes, cut on a character boundary, then how much was left out.
///
/// ```swift
/// TextBudget.cap(String(repeating: "x", count: 10_000), bytes: 8)   // "xxxxxxxx… (9992 more bytes)"
/// TextBudget.cap("短い", bytes: 8)                                   // "短い" (6 bytes: under the cap)
/// ```
public enum TextBudget {
    /// The most bytes of a tip or a message kept for storage and display.
    public static let messageBytes = 4096

    /// `text` as it is when it fits in `bytes` UTF-8 bytes; else its longest prefix of whole
    /// characters that fits, then `… (N more bytes)`.
    ///
    /// - Parameters:
    ///   - text: Any text.
    ///   - bytes: The most bytes kept of it (the note that follows is not counted).
    public static func cap(_ text: String, bytes: Int = messageBytes) -> String {
        let total = text.utf8.count
        guard total > bytes else { return text }
        var kept = 0
        var end = text.startIndex
        for character in text {
            let size = character.utf8.count
            guard kept + size <= bytes else { break }
            kept += size
            end = text.index(after: end)
        }
        return String(text[..<end]) + "… (\(total - kept) more bytes)"
    }
}
