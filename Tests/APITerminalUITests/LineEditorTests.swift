import Testing

@testable import APITerminalUI

/// The one line editor every input line uses: each key, CJK text, the edges of an empty line, and
/// history that keeps the line being typed.
@Suite("Line editor")
struct LineEditorTests {
    /// A line, keys typed on it, and the text and cursor after them; `|` in `start` and `expected`
    /// marks the cursor.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let start: String
        let keys: String
        let expected: String
        var testDescription: String { name }

        init(_ name: String, _ start: String, _ keys: String, _ expected: String) {
            self.name = name
            self.start = start
            self.keys = keys
            self.expected = expected
        }
    }

    static let cases: [Case] = [
        Case("typing inserts at the end", "ab|", "cd", "abcd|"),
        Case("typing inserts at the cursor", "a|d", "bc", "abc|d"),
        Case("← moves back one character", "abc|", "<left>", "ab|c"),
        Case("→ moves forward one character", "a|bc", "<right>", "ab|c"),
        Case("^B and ^F move like ← and →", "abc|", "<c-b><c-b><c-f>", "ab|c"),
        Case("Home goes to the start", "abc|", "<home>", "|abc"),
        Case("End goes to the end", "|abc", "<end>", "abc|"),
        Case("^A goes to the start", "ab|c", "<c-a>", "|abc"),
        Case("^E goes to the end", "a|bc", "<c-e>", "abc|"),
        Case("Backspace erases before the cursor", "ab|c", "<bs>", "a|c"),
        Case("Delete erases under the cursor", "a|bc", "<del>", "a|c"),
        Case("^D erases under the cursor", "a|bc", "<c-d>", "a|c"),
        Case("^U kills to the start", "call |user", "<c-u>", "|user"),
        Case("^K kills to the end", "call |user", "<c-k>", "call |"),
        Case("^W kills the word before the cursor", "call user id|", "<c-w>", "call user |"),
        Case("^W skips the spaces before the word", "call user  |", "<c-w>", "call |"),
        Case("^W stops at a path separator", "data>profile|", "<c-w>", "data>|"),
        Case("^W on a separator kills the separator", "data>|", "<c-w>", "data|"),
        Case("← stops at the start", "|ab", "<left><left>", "|ab"),
        Case("→ stops at the end", "ab|", "<right>", "ab|"),
        Case("Backspace on an empty line does nothing", "|", "<bs>", "|"),
        Case("Delete on an empty line does nothing", "|", "<del>", "|"),
        Case("Delete at the end does nothing", "ab|", "<del>", "ab|"),
        Case("Backspace at the start does nothing", "|ab", "<bs>", "|ab"),
        Case("^U at the start does nothing", "|ab", "<c-u>", "|ab"),
        Case("^K at the end does nothing", "ab|", "<c-k>", "ab|"),
        Case("^W on an empty line does nothing", "|", "<c-w>", "|"),
        Case("↑ without history does nothing", "ab|", "<up>", "ab|"),
        Case("a CJK character is one step", "张伟|", "<left>x", "张x|伟"),
        Case("Backspace erases a whole CJK character", "杭州市|", "<bs>", "杭州|"),
        Case("Delete erases a whole CJK character", "杭|州市", "<del>", "杭|市"),
        Case("^W kills a CJK word", "name 张伟|", "<c-w>", "name |"),
        Case("an emoji with a modifier is one step", "a👍🏽|", "<left><del>", "a|"),
    ]

    /// A line whose cursor is where `|` is in `marked`.
    static func line(_ marked: String, history: [String] = []) -> LineEditor {
        let parts = marked.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        var line = LineEditor(text: parts.joined(), history: history)
        line.handle(.home)
        for _ in 0..<parts[0].count { line.handle(.right) }
        return line
    }

    /// The line with `|` at its cursor.
    static func marked(_ line: LineEditor) -> String { line.beforeCursor + "|" + line.afterCursor }

    @Test(arguments: cases)
    func key(_ testCase: Case) {
        var line = Self.line(testCase.start)
        for key in Key.parse(testCase.keys) { line.handle(key) }
        #expect(Self.marked(line) == testCase.expected)
    }

    @Test func keysTheEditorDoesNotOwnAreLeftToTheCaller() {
        var line = Self.line("ab|")
        for key in [Key.enter, .escape, .tab, .backTab, .pageUp, .control("n")] {
            let handled = line.handle(key)
            #expect(!handled, "\(key)")
        }
        #expect(Self.marked(line) == "ab|")
    }

    @Test(arguments: [
        ("\u{2764}", "\u{FE0F}"), ("e", "\u{301}"), ("\u{1F1FA}", "\u{1F1F8}"), ("\u{1F468}\u{200D}", "\u{1F469}"),
    ])
    func aScalarThatJoinsThePreviousCharacterKeepsTheCursorInside(first: String, second: String) {
        var line = LineEditor()
        line.insert("a")
        line.insert(first)
        line.insert(second)
        #expect(line.cursor <= line.text.count)
        #expect(line.text == "a" + first + second)
        // Drawing slices the text at the cursor: it must not trap, and the marker comes last.
        var screen = GridScreen(columns: 20, rows: 1)
        line.draw(into: &screen, row: 0, column: 0, limit: 20, role: .normal)
        #expect(screen.text.contains("▏"))
        // Typing before a combining mark joins them too.
        var before = LineEditor(text: "\u{301}x")
        before.handle(.home)
        before.insert("e")
        #expect(before.cursor <= before.text.count)
    }

    @Test func controlCharactersAreNeverInserted() {
        var line = Self.line("a|")
        line.insert("b\u{1B}[31mc\nd\u{9B}")
        #expect(line.text == "ab[31mcd")
    }

    @Test func historyWalksBackAndKeepsTheHalfTypedLine() {
        var line = Self.line("cal|", history: ["call user", "history 5"])
        line.handle(.up)
        #expect(Self.marked(line) == "history 5|")
        line.handle(.up)
        #expect(Self.marked(line) == "call user|")
        line.handle(.up)
        #expect(line.text == "call user", "the oldest entry stays")
        line.handle(.down)
        #expect(line.text == "history 5")
        line.handle(.down)
        #expect(Self.marked(line) == "cal|", "past the newest entry, the line being typed comes back")
        line.handle(.down)
        #expect(line.text == "cal")
    }

    @Test func anEditedHistoryEntryIsTheLineFromThenOn() {
        var line = Self.line("|", history: ["call user"])
        line.handle(.up)
        for key in Key.parse(" id=1002") { line.handle(key) }
        #expect(line.text == "call user id=1002")
        line.handle(.down)
        #expect(line.text == "", "the draft was the empty line")
    }

    @Test func lineHistoryKeepsEachKindApartAndSkipsRepeats() {
        var history = LineHistory()
        history.record(probe: "data>name")
        history.record(command: "call user")
        history.record(command: "call user")
        history.record(command: "")
        #expect(history.probe == ["data>name"])
        #expect(history.command == ["call user"])
        for index in 0..<(LineHistory.limit + 5) { history.record(probe: "p\(index)") }
        #expect(history.probe.count == LineHistory.limit)
        #expect(history.probe.last == "p\(LineHistory.limit + 4)")
    }

    /// The cursor is drawn where it is, at the column its display width puts it.
    @Test(arguments: [
        ("ab|c", "ab▏c"),
        ("张|伟", "张▏伟"),
        ("|杭州", "▏杭州"),
        ("杭州|", "杭州▏"),
    ])
    func cursorIsDrawnBetweenCharacters(_ marked: String, _ drawn: String) {
        var screen = GridScreen(columns: 20, rows: 1)
        let end = Self.line(marked).draw(into: &screen, row: 0, column: 1, limit: 20, role: .normal)
        #expect(screen.text.hasPrefix(" " + drawn))
        #expect(end == 1 + DisplayWidth.of(drawn))
    }

    @Test func aLongLineScrollsSoTheCursorStaysInView() {
        var screen = GridScreen(columns: 10, rows: 1)
        let line = Self.line("一二三四五六七八|")
        line.draw(into: &screen, row: 0, column: 0, limit: 10, role: .normal)
        // 8 wide characters (16 columns) and the marker in 10 columns: the last four and the cursor show.
        #expect(screen.text.hasPrefix("五六七八▏"), "\(screen.text)")
    }

    @Test func aSecretIsDrawnMasked() {
        var screen = GridScreen(columns: 20, rows: 1)
        Self.line("s3|cr").draw(into: &screen, row: 0, column: 0, limit: 20, role: .normal, masked: true)
        #expect(screen.text.hasPrefix("••▏••"))
        #expect(!screen.text.contains("s3"))
    }
}
