import APIMapping

/// One line of typed text with a cursor, edited like a shell line: every input line of the UI (the
/// probe, the `:` line, the picker's filter, the form's fields, a question's secret) is one of these.
///
/// Keys: ←/→ and ^B/^F move by a character, Home/End and ^A/^E to the ends, Backspace and Delete
/// erase around the cursor, ^U kills to the start, ^K to the end, ^W the word before the cursor, and
/// ↑/↓ step through ``history`` (the line being typed is kept and comes back after the newest entry).
/// Text is inserted at the cursor. The cursor counts grapheme clusters, so a CJK character or an
/// emoji is one step however many columns it takes.
///
/// ```swift
/// var line = LineEditor(text: "call user", history: ["call orders"])
/// line.handle(.home)
/// line.handle(.character(":"))  // ":call user", cursor after ":"
/// line.handle(.up)              // "call orders"
/// line.handle(.down)            // ":call user" again
/// ```
struct LineEditor: Sendable, Equatable {
    /// The text typed.
    private(set) var text: String
    /// The cursor, as the number of characters before it.
    private(set) var cursor: Int
    /// Earlier lines of the same kind, oldest first; ↑ walks back through them.
    private(set) var history: [String]
    /// The entry ↑/↓ has reached, `nil` while on the line being typed.
    private var historyIndex: Int?
    /// The line being typed when ↑ first left it.
    private var draft = ""

    /// Creates a line with the cursor at its end.
    ///
    /// - Parameters:
    ///   - text: The starting text.
    ///   - history: Earlier lines, oldest first; empty for a line without history (a form field).
    init(text: String = "", history: [String] = []) {
        self.text = Self.printable(text)
        cursor = self.text.count
        self.history = history
    }

    /// The text left of the cursor.
    var beforeCursor: String { String(text.prefix(cursor)) }

    /// The text right of the cursor.
    var afterCursor: String { String(text.dropFirst(cursor)) }

    /// Whether the line is empty.
    var isEmpty: Bool { text.isEmpty }

    /// Applies an editing key.
    ///
    /// - Parameter key: The key.
    /// - Returns: Whether the key was an editing key (the caller handles the others).
    @discardableResult
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .left, .control("b"): cursor = max(cursor - 1, 0)
        case .right, .control("f"): cursor = min(cursor + 1, text.count)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .backspace:
            guard cursor > 0 else { return true }
            remove(from: cursor - 1, to: cursor)
        case .delete, .control("d"):
            guard cursor < text.count else { return true }
            remove(from: cursor, to: cursor + 1)
        case .control("u"): remove(from: 0, to: cursor)
        case .control("k"): remove(from: cursor, to: text.count)
        case .control("w"): remove(from: wordStart(), to: cursor)
        case .up: recall(by: -1)
        case .down: recall(by: 1)
        case .character(let character): insert(String(character))
        default: return false
        }
        return true
    }

    /// Inserts text at the cursor and moves the cursor after it; control characters are dropped.
    ///
    /// - Parameter inserted: The text.
    mutating func insert(_ inserted: String) {
        let clean = Self.printable(inserted)
        guard !clean.isEmpty else { return }
        // A scalar can join the character before it (U+FE0F after ❤, a combining accent, a ZWJ
        // sequence): the cursor is counted on the joined text, never past its end.
        let head = beforeCursor + clean
        text = head + afterCursor
        cursor = min(head.count, text.count)
    }

    /// Replaces the whole line and puts the cursor at its end.
    ///
    /// - Parameter newText: The new text.
    mutating func setText(_ newText: String) {
        text = Self.printable(newText)
        cursor = text.count
    }

    /// Replaces the text left of the cursor, keeping the text right of it (a completion).
    ///
    /// - Parameter prefix: The new text left of the cursor.
    mutating func replaceBeforeCursor(with prefix: String) {
        let clean = Self.printable(prefix)
        text = clean + afterCursor
        cursor = min(clean.count, text.count)
    }

    /// Removes the characters in `start..<end` and puts the cursor at `start`.
    private mutating func remove(from start: Int, to end: Int) {
        guard start < end else { return }
        text = String(text.prefix(start)) + String(text.dropFirst(end))
        cursor = start
    }

    /// Where ^W's word starts: back over spaces, then back over the word (letters, digits and
    /// anything but a space or a path separator), or over one run of separators.
    private func wordStart() -> Int {
        let characters = Array(text.prefix(cursor))
        var index = characters.count
        while index > 0, characters[index - 1] == " " { index -= 1 }
        let separators: Set<Character> = [">", ".", "/", "=", "[", "]", "$"]
        if index > 0, separators.contains(characters[index - 1]) {
            while index > 0, separators.contains(characters[index - 1]) { index -= 1 }
            return index
        }
        while index > 0, characters[index - 1] != " ", !separators.contains(characters[index - 1]) { index -= 1 }
        return index
    }

    /// Steps through the history; stepping past the newest entry brings the typed line back.
    private mutating func recall(by step: Int) {
        guard !history.isEmpty else { return }
        let current = historyIndex ?? history.count
        let next = min(max(current + step, 0), history.count)
        guard next != current else { return }
        if historyIndex == nil { draft = text }
        historyIndex = next == history.count ? nil : next
        text = historyIndex.map { history[$0] } ?? draft
        cursor = text.count
    }

    /// The text without control characters: a pasted newline or escape byte is not part of a line.
    private static func printable(_ text: String) -> String {
        String(
            text.filter { character in
                !character.unicodeScalars.contains { $0.properties.generalCategory == .control }
            })
    }
}

extension LineEditor {
    /// The columns the text takes, left of the cursor and in all, as the screen draws it.
    private func width(_ characters: some Sequence<Character>) -> Int {
        characters.reduce(0) { $0 + DisplayWidth.of(TerminalSanitizer.sanitize(String($1))) }
    }

    /// Draws the line with the cursor marker `▏` between the characters it is between, scrolled
    /// sideways so the cursor stays in view when the line is wider than the room.
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - row: The row.
    ///   - column: The first column.
    ///   - limit: The first column not to draw in.
    ///   - role: The text's role.
    ///   - masked: Draws one `•` per character in place of the text (a secret).
    ///   - showsCursor: Whether to draw the marker (a form field without focus has none).
    /// - Returns: The column after the line.
    @discardableResult
    func draw(
        into screen: inout some Screen, row: Int, column: Int, limit: Int, role: ColorRole, masked: Bool = false,
        showsCursor: Bool = true
    ) -> Int {
        let characters: [Character] = masked ? Array(repeating: "•", count: text.count) : Array(text)
        let cursor = min(self.cursor, characters.count)
        let room = max(limit - column - 1, 1)
        var first = 0
        // Scroll only as far as needed: the cursor and the marker after it must fit.
        while first < cursor, width(characters[first..<cursor]) > room { first += 1 }
        let before = String(characters[first..<cursor])
        let after = String(characters[cursor...])
        var x = screen.put(before, row: row, column: column, limit: limit, role: role)
        if showsCursor { x = screen.put("▏", row: row, column: x, limit: limit, role: .dim) }
        return screen.put(after, row: row, column: x, limit: limit, role: role)
    }
}
