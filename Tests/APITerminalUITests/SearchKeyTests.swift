import APIClient
import APIMapping
import APITerminalUI
import Testing

/// `/` search, `n`/`N`, the match count, wrapping, Esc and bad queries, driven through the state machine.
@Suite("Search keys")
struct SearchKeyTests {
    /// Three rows hold "ada" (one only by its key), one of them inside a container that starts folded.
    static let body = #"""
        {"name": "Ada", "team": {"lead": "Grace", "members": {"deputy": {"nick": "ada"}}},
         "note": "x", "ada_id": 7, "city": "杭州市"}
        """#

    static func state() throws -> AppState {
        var state = AppState(profile: try Profile(yaml: tuiTestProfileYAML, file: "tui.yaml"), columns: 120, rows: 40)
        let document = try JSONDocument(parsing: body)
        state.handle(
            .show(
                ExchangeDisplay(
                    endpoint: "user", method: "GET", url: "http://demo.test/cmd/users/1", httpStatus: 200,
                    reason: "OK", outcome: .success, business: .success, businessStatus: "0", tip: "成功",
                    modelPath: "data", model: document.root, notes: [], duration: nil, size: 120,
                    contentType: "application/json", textPreview: nil)))
        return state
    }

    /// Types keys; a search effect is answered at once, as the runtime would off the key loop.
    @discardableResult
    static func press(_ keys: String, _ state: inout AppState) -> [AppEffect] {
        var effects: [AppEffect] = []
        for key in Key.parse(keys) {
            for effect in state.handle(.key(key)) {
                effects.append(effect)
                if case .search(let id, let query) = effect {
                    state.handle(.searched(id: id, outcome: AppState.searchOutcome(query, in: state.tree?.root)))
                }
            }
        }
        return effects
    }

    static func path(_ state: AppState) -> String { state.tree?.cursorLocation.profilePath ?? "-" }

    static func infoLine(_ state: AppState) -> String {
        let lines = HeadlessScreenRenderer.render(state).split(separator: "\n", omittingEmptySubsequences: false)
        return String(lines[lines.count - 3])
    }

    struct Step: Sendable, CustomTestStringConvertible {
        var keys: String
        var path: String
        var info: String
        var testDescription: String { "\(keys) → \(path)" }
    }

    /// Each step's keys, then where the cursor is and what the info line says.
    @Test func slashNAndShiftNWalkTheMatchesAndWrap() throws {
        var state = try Self.state()
        let steps = [
            Step(keys: "/ada<enter>", path: "name", info: "match 1 of 3  /ada"),
            Step(keys: "n", path: "team>members>deputy>nick", info: "match 2 of 3  /ada"),
            Step(keys: "n", path: "ada_id", info: "match 3 of 3  /ada"),
            Step(keys: "n", path: "name", info: "search wrapped · match 1 of 3"),
            Step(keys: "N", path: "ada_id", info: "search wrapped · match 3 of 3"),
            Step(keys: "N", path: "team>members>deputy>nick", info: "match 2 of 3  /ada"),
        ]
        for step in steps {
            Self.press(step.keys, &state)
            #expect(Self.path(state) == step.path, "\(step.keys)")
            #expect(Self.infoLine(state).contains(step.info), "\(step.keys): \(Self.infoLine(state))")
        }
        // The folded containers on the way to the second match were opened.
        let rows = try #require(state.tree).visibleRows(count: 40).map(\.label)
        #expect(rows.contains("nick"))
    }

    @Test func enterJumpsToTheFirstMatchAtOrAfterTheCursor() throws {
        var state = try Self.state()
        Self.press("jjj", &state)  // team>lead
        #expect(Self.path(state) == "team>lead")
        Self.press("/Ada<enter>", &state)  // an upper-case letter: case-sensitive, so not "ada"
        #expect(Self.path(state) == "name")
        #expect(Self.infoLine(state).contains("search wrapped · match 1 of 1"))
        Self.press("/grace<enter>", &state)
        #expect(Self.path(state) == "team>lead")
        Self.press("/grace<enter>", &state)  // the cursor's own row counts for Enter
        #expect(Self.path(state) == "team>lead")
        #expect(Self.infoLine(state).contains("match 1 of 1  /grace"))
    }

    @Test func aSearchRunsOffTheKeyLoopAndEscCancelsIt() throws {
        var state = try Self.state()
        #expect(state.handle(.key(.character("/"))) == [])
        #expect(state.mode == .search)
        for key in Key.parse("ada") { state.handle(.key(key)) }
        #expect(state.handle(.key(.enter)) == [.search(id: 1, query: "ada")])
        #expect(state.mode == .normal)
        #expect(Self.infoLine(state).contains("searching /ada…"))
        // A newer search cancels the older one, whose late answer is then ignored.
        for key in Key.parse("/x") { state.handle(.key(key)) }
        #expect(state.handle(.key(.enter)) == [.cancelSearch(id: 1), .search(id: 2, query: "x")])
        state.handle(.searched(id: 1, outcome: .rows([2])))
        #expect(Self.path(state) == "")
        #expect(state.handle(.key(.escape)) == [.cancelSearch(id: 2)])
        #expect(Self.infoLine(state).contains("search cancelled"))
        state.handle(.searched(id: 2, outcome: .rows([2])))
        #expect(Self.path(state) == "")
        Self.press("n", &state)
        #expect(Self.infoLine(state).contains("no search yet"))
    }

    @Test(arguments: [("re:[b-a]", 6), ("re:(ab", 7), ("re:", 4), ("", 1)])
    func aBadQueryStaysOnTheLineWithItsColumn(query: String, column: Int) throws {
        var state = try Self.state()
        let effects = Self.press("/\(query)<enter>", &state)
        #expect(effects.isEmpty)
        #expect(state.mode == .search)
        let info = Self.infoLine(state)
        #expect(info.contains("search: ") && info.contains("at column \(column)"), "\(info)")
        // Editing the line clears the message; Esc leaves the line without searching.
        Self.press(query.isEmpty ? "x" : "<bs>", &state)
        #expect(!Self.infoLine(state).contains("at column"))
        #expect(Self.press("<esc>", &state).isEmpty)
        #expect(state.mode == .normal)
    }

    @Test func noMatchSaysSoAndKeepsTheCursor() throws {
        var state = try Self.state()
        Self.press("j/zzz<enter>", &state)
        #expect(Self.path(state) == "name")
        #expect(Self.infoLine(state).contains("no match for /zzz"))
        Self.press("n", &state)
        #expect(Self.infoLine(state).contains("no match for /zzz"))
    }

    @Test func aControlCharacterInThePatternNeverReachesTheScreen() throws {
        var state = try Self.state()
        /// Whether a drawn line holds a byte the terminal would act on.
        func isUnsafe(_ state: AppState) -> Bool {
            HeadlessScreenRenderer.render(state).split(separator: "\n").contains { line in
                line.unicodeScalars.contains { TerminalSanitizer.isUnsafe($0) }
            }
        }
        Self.press("/a\u{1B}]52;c;x\u{07}", &state)
        // The line editor, like every input line, never takes a control character in.
        #expect(HeadlessScreenRenderer.render(state).contains("/a]52;c;x▏"))
        #expect(!isUnsafe(state))
        Self.press("<enter>", &state)
        #expect(Self.infoLine(state).contains("no match for /a]52;c;x"))
        #expect(!isUnsafe(state))
    }

    @Test func theProbeMovedToP() throws {
        var state = try Self.state()
        Self.press("j", &state)
        #expect(state.handle(.key(.character("p"))) == [.evaluateProbe(id: 1, text: "name")])
        #expect(state.mode == .probe)
        #expect(HeadlessScreenRenderer.render(state).contains("probe name▏"))
        Self.press("<esc>/", &state)
        #expect(state.mode == .search)
        #expect(HeadlessScreenRenderer.render(state).contains("/▏"))
    }

    @Test func aNewModelDropsTheSearch() throws {
        var state = try Self.state()
        Self.press("/ada<enter>", &state)
        #expect(Self.infoLine(state).contains("match 1 of 3"))
        state.handle(.show(try #require(state.exchange)))
        Self.press("n", &state)
        #expect(Self.infoLine(state).contains("no search yet"))
    }
}
