import APIClient
import APIMapping
import APITerminalUI
import Testing

/// `/`, `n` and `N` in the raw view's text format: the matching lines come to the top.
@Suite("Raw view search")
struct RawSearchKeyTests {
    /// Runs keys, answering each search effect as the runtime would.
    static func press(_ keys: String, _ state: inout AppState) {
        for key in Key.parse(keys) {
            for effect in state.handle(.key(key)) {
                if case .searchRaw(let id, let query, let body) = effect {
                    state.handle(.searched(id: id, outcome: AppState.rawSearchOutcome(query, in: body)))
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

    @Test func otherRawFormatsSayWhereSearchWorks() throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: InspectorKeyTests.cjkBody))
        Self.press(":view raw pretty<enter>/", &state)
        #expect(state.mode == .normal)
        #expect(state.message?.contains(":view raw text") == true)
        Self.press(":view raw text<enter>/杭州<enter>", &state)
        #expect(state.message == "match 1 of 1 · line 1")
        Self.press("/re:[<enter>", &state)
        #expect(state.mode == .search, "a bad regex stays on the line")
    }
}
