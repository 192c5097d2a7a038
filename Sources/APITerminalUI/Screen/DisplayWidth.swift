/// How many terminal columns text takes, computed from Unicode properties, not from the C locale.
///
/// `wcwidth` depends on the locale and the C library version, so two machines disagree on emoji and
/// snapshots drift. This table is ours: East Asian wide and fullwidth characters and emoji presentation
/// take 2 columns, combining marks, variation selectors and zero-width format characters take 0.
///
/// ```swift
/// DisplayWidth.of("杭州")   // 4
/// DisplayWidth.of("é")      // 1 ("e" + U+0301)
/// DisplayWidth.of("👍🏽")     // 2
/// ```
package enum DisplayWidth {
    /// The display width of a string: the sum over its grapheme clusters.
    ///
    /// ```swift
    /// DisplayWidth.of("ＡＢ")  // 4 (fullwidth letters)
    /// ```
    ///
    /// - Parameter text: The text (already sanitized: control characters count as width 0 here).
    /// - Returns: The number of columns.
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The display width of one grapheme cluster: 0, 1 or 2.
    ///
    /// A cluster is as wide as its widest scalar, and any emoji-presentation scalar or a text emoji
    /// followed by U+FE0F makes it 2.
    ///
    /// ```swift
    /// DisplayWidth.of(Character("👨‍👩‍👧"))  // 2
    /// ```
    ///
    /// - Parameter character: A grapheme cluster.
    /// - Returns: Its width.
    package static func of(_ character: Character) -> Int {
        var width = 0
        var sawEmojiBase = false
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F, sawEmojiBase { return 2 }
            let scalarWidth = of(scalar)
            if scalarWidth == 2 { return 2 }
            if scalarWidth == 1, scalar.properties.isEmoji, scalar.value > 0xFF { sawEmojiBase = true }
            width = max(width, scalarWidth)
        }
        return width
    }

    /// The display width of one scalar: 0, 1 or 2.
    ///
    /// ```swift
    /// DisplayWidth.of(Unicode.Scalar(0x0301)!)  // 0 (combining acute accent)
    /// ```
    ///
    /// - Parameter scalar: A Unicode scalar.
    /// - Returns: Its width.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
