import APIClient
import APIMapping
import APITerminalUI
import Testing

/// `/`, `n` and `N` in the raw view and the other views: the matching lines come to the top.
@Suite("Raw view search")
struct RawSearchKeyTests {
    /// Runs keys, answering each search effect as the runtime would.
    static func press(_ keys: String, _ state: inout AppState) {
        for key in Key.parse(keys) {
            for effect in state.handle(.key(key)) {
                switch effect {
                case .searchRaw(let id, let query, let body):
                    state.handle(.searched(id: id, outcome: AppState.rawSearchOutcome(query, in: body)))
                case .searchPretty(let id, let query):
                    state.handle(
                        .searched(id: id, outcome: AppState.prettySearchOutcome(query, in: state.exchange?.body)))
                case .searchBytes(let id, let query, let body):
                    state.handle(.searched(id: id, outcome: AppState.byteSearchOutcome(query, in: body)))
                case .search(let id, let query):
                    state.handle(.searched(id: id, outcome: AppState.searchOutcome(query, in: state.tree?.root)))
                default:
                    break
                }
            }
        }
    }

    /// 200 lines; `needle` on lines 3, 50 (twice) and 150, `Needle` on line 7.
    static func body() -> [UInt8] {
        var lines = (1...200).map { "line \($0) " + String(repeating: "x", count: 40) }
        lines[2] += " needle"
        lines[49] += " needle and needle"
        lines[149] += " 针 needle"
        lines[6] += " Needle"
        return Array(lines.joined(separator: "\n").utf8)
    }

    static func topLine(_ state: AppState) -> String {
        let screen = InspectorKeyTests.screen(state).text.split(separator: "\n").map(String.init)
        // The first body line, under the model pane's title row and the raw view's own line.
        return screen[3]
    }

    @Test func nAndShiftNBringEachMatchingLineToTheTop() throws {
        var state = try InspectorKeyTests.shown(
            try InspectorKeyTests.display(body: Self.body(), contentType: "text/plain"))
        Self.press(":view raw text<enter>", &state)
        Self.press("/needle<enter>", &state)
        // Smartcase: an all-lower-case query finds `Needle` on line 7 too; line 50 counts once.
        #expect(state.message == "match 1 of 4 · line 3")
        #expect(Self.topLine(state).contains("line 3 xxx"), "\(Self.topLine(state))")
        Self.press("nn", &state)
        #expect(state.message == "match 3 of 4 · line 50")
        #expect(Self.topLine(state).contains("line 50 xxx"))
        Self.press("n", &state)
        #expect(state.message == "match 4 of 4 · line 150")
        Self.press("n", &state)
        #expect(state.message == "search wrapped · match 1 of 4 · line 3")
        Self.press("N", &state)
        #expect(state.message == "search wrapped · match 4 of 4 · line 150")
        // An upper-case letter makes the search exact; from line 150 it wraps to line 7.
        Self.press("/Needle<enter>", &state)
        #expect(state.message == "search wrapped · match 1 of 1 · line 7")
        #expect(Self.topLine(state).contains("line 7 xxx"))
    }

    @Test func aNewExchangeCancelsASearchAndAProbeStillRunning() throws {
        var state = try KeyStateMachineTests.state()
        state.handle(.show(try KeyStateMachineTests.display()))
        var effects: [AppEffect] = []
        for key in Key.parse("/杭州<enter>") { effects += state.handle(.key(key)) }
        guard case .search(let id, _)? = effects.last else {
            Issue.record("no search: \(effects)")
            return
        }
        // The answer has not come back when the next exchange arrives: its task is stopped.
        #expect(state.handle(.show(try KeyStateMachineTests.display())) == [.cancelSearch(id: id)])
        #expect(state.handle(.show(try KeyStateMachineTests.display())) == [])
    }

    @Test func rOnAHistoryPaneFilteredToNothingSaysSo() throws {
        var state = try HistoryPaneTests.state()
        for key in Key.parse("fnothing<enter>") { state.handle(.key(key)) }
        #expect(state.handle(.key(.character("r"))) == [])
        #expect(state.message == "no row matches the filter: nothing to resend")
    }

    struct ViewCase: Sendable, CustomTestStringConvertible {
        /// The `:view` argument.
        let view: String
        let query: String
        /// The message the first match gives.
        let message: String
        /// Text the top line of the pane shows then.
        let top: String
        var testDescription: String { ":view \(view) /\(query)" }
    }

    /// A body of 60 members with 杭州 in the 40th, long enough to scroll in every view.
    static let longBody = Array(
        ("{" + (1...60).map { "\"k\($0)\":\"" + ($0 == 40 ? "杭州" : "v\($0)") + "\"" }.joined(separator: ",") + "}")
            .utf8)

    @Test(arguments: [
        ViewCase(view: "raw pretty", query: "杭州", message: "match 1 of 1 · line 41", top: #""k40": "杭州","#),
        // One long line: the match scrolls sideways into view.
        ViewCase(view: "raw text", query: "杭州", message: "match 1 of 1 · line 1", top: "杭州"),
        ViewCase(view: "raw hex", query: "k40", message: "match 1 of 1 · line ", top: "k40"),
        ViewCase(view: "headers", query: "ratelimit-reset", message: "match 1 of 1 · line 4", top: "X-RateLimit-Reset"),
        ViewCase(view: "request", query: "note", message: "match 1 of 1 · line ", top: "备注"),
        ViewCase(view: "timing", query: "protocol", message: "match 1 of 1 · line 6", top: "protocol"),
    ])
    func slashSearchesWhatEveryViewShows(_ testCase: ViewCase) throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: Self.longBody), rows: 24)
        Self.press(":view \(testCase.view)<enter>", &state)
        Self.press("/\(testCase.query)<enter>", &state)
        #expect(state.message?.hasPrefix(testCase.message) == true, "\(state.message ?? "nil")")
        let screen = InspectorKeyTests.screen(state).text.split(separator: "\n").map(String.init)
        let pane = screen[2...4].joined(separator: "\n")
        #expect(pane.contains(testCase.top), "\(pane)")
        // n wraps around to the same (only) match.
        Self.press("n", &state)
        #expect(state.message?.hasPrefix("search wrapped") == true, "\(state.message ?? "nil")")
    }

    @Test(arguments: ["", ":view raw pretty<enter>", ":view headers<enter>", ":view timing<enter>", "v"])
    func typingSlashErrorNeverRunsKeys(_ setUp: String) throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: Self.longBody))
        Self.press(setUp, &state)
        var effects: [AppEffect] = []
        for key in Key.parse("/Error") { effects += state.handle(.key(key)) }
        #expect(effects.isEmpty, "\(effects)")
        #expect(state.mode == .search)
        Self.press("<esc>", &state)
        #expect(state.mode == .normal)
    }

    @Test func slashBeforeAnyExchangeOpensTheLineAndSaysThereIsNothing() throws {
        var state = AppState(profile: try Profile(yaml: tuiTestProfileYAML, file: "tui.yaml"), columns: 120, rows: 40)
        var effects: [AppEffect] = []
        for key in Key.parse("/Error<enter>") { effects += state.handle(.key(key)) }
        #expect(effects.isEmpty, "\(effects)")
        #expect(state.message == "nothing to search: no exchange on screen")
        #expect(!state.hasQuit && state.mode == .normal)
    }

    @Test func aSearchStaysInItsViewAndABadRegexStaysOnTheLine() throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: InspectorKeyTests.cjkBody))
        Self.press(":view raw text<enter>/杭州<enter>", &state)
        #expect(state.message == "match 1 of 1 · line 1")
        Self.press(":view headers<enter>n", &state)
        #expect(state.message == "the search was in the raw text view: / searches this view")
        Self.press("/re:[<enter>", &state)
        #expect(state.mode == .search, "a bad regex stays on the line")
    }
}
