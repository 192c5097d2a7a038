import APIClient
import APIMapping
import Foundation
import Testing

@testable import APITerminalUI

/// The Diff view in the key state machine: the load it asks for, the answers it takes or drops,
/// the lines it draws (marks that tell the kinds apart without colour), volatile changes hidden
/// or listed; and its snapshots at the smallest and a large terminal (`Snapshots/diff-*.txt`).
@Suite("Diff view")
struct DiffViewKeyTests {
    static let old =
        #"{"version":1,"served_at":"05:00:00.001","items":[{"id":1,"name":"pen","price":3},"#
        + #"{"id":2,"name":"ink","price":5},{"id":4,"name":"旧","price":1}]}"#
    static let new =
        #"{"version":2,"served_at":"05:00:07.250","items":[{"id":3,"name":"pad","price":2},"#
        + #"{"id":2,"name":"ink","price":6},{"id":1,"name":"pen","price":3}]}"#

    static func comparison() throws -> ExchangeDiff {
        let declared = [try DiffPath("served_at")]
        let identity = DiffIdentity(array: try DiffPath("items"), key: try ProfilePath("id"))
        let diff = JSONDiff(
            old: try JSONDocument(parsing: old).root, new: try JSONDocument(parsing: new).root,
            options: JSONDiff.Options(volatile: declared, identities: [identity]))
        return ExchangeDiff(
            oldLabel: "#12", newLabel: "#14", diff: diff, declared: declared, detected: [try DiffPath("request_id")])
    }

    static func opened(columns: Int = 200, rows: Int = 50) throws -> (AppState, [AppEffect]) {
        var state = try InspectorKeyTests.shown(
            try InspectorKeyTests.display(body: InspectorKeyTests.cjkBody), columns: columns, rows: rows)
        var effects: [AppEffect] = []
        for key in Key.parse(":view diff<enter>") { effects += state.handle(.key(key)) }
        return (state, effects)
    }

    @Test func openingTheViewAsksForTheComparisonOnce() throws {
        var (state, effects) = try Self.opened()
        #expect(state.modelView == .diff)
        #expect(effects == [.loadDiff(id: 1, endpoint: "user", historyID: nil)])
        #expect(InspectorKeyTests.screen(state).text.contains("comparing with the previous exchange of user…"))
        // Scrolling while the load runs asks for nothing more.
        #expect(state.handle(.key(.character("j"))).isEmpty)
    }

    @Test func theComparisonIsDrawnWithAMarkPerKind() throws {
        var (state, _) = try Self.opened()
        state.handle(.diffLoaded(id: 1, .compared(try Self.comparison())))
        let text = InspectorKeyTests.screen(state).text
        #expect(text.contains("#14 against #12, the previous exchange of user"))
        #expect(text.contains("~ version: 1 → 2"))
        #expect(text.contains(#"+ items>0 [id=3]: {"id":3,"name":"pad","price":2}"#))
        #expect(text.contains("> items>2 [id=1] moved from items>0"))
        #expect(text.contains("~ items>1>price [id=2]: 5 → 6"))
        #expect(text.contains(#"- items>2 [id=4]: {"id":4,"name":"旧","price":1}"#))
        #expect(text.contains("5 changes · 1 volatile hidden (:view diff all) · declare"))
        #expect(text.contains("served_at · detected: request_id"))
        #expect(!text.contains("served_at:"))
        let grid = InspectorKeyTests.screen(state)
        #expect(ScreenColourTests.role(of: "+ ", in: grid) == .success)
        #expect(ScreenColourTests.role(of: "- ", in: grid) == .failure)
        #expect(ScreenColourTests.role(of: "> ", in: grid) == .match)
        #expect(ScreenColourTests.roles(of: "5 → 6", in: grid)?.first == .failure)
    }

    @Test func aLongIdentityIsClipped() throws {
        var (state, _) = try Self.opened()
        let key = String(repeating: "x", count: 2_000)
        let identity = DiffIdentity(array: try DiffPath("items"), key: try ProfilePath("id"))
        let diff = JSONDiff(
            old: try JSONDocument(parsing: #"{"items":[{"id":"\#(key)","n":1}]}"#).root,
            new: try JSONDocument(parsing: #"{"items":[{"id":"\#(key)","n":2}]}"#).root,
            options: JSONDiff.Options(identities: [identity]))
        state.handle(
            .diffLoaded(
                id: 1, .compared(ExchangeDiff(oldLabel: "#1", newLabel: "#2", diff: diff, declared: [], detected: []))))
        let text = InspectorKeyTests.screen(state).text
        #expect(text.contains("~ items>0>n [id=\"" + String(repeating: "x", count: 36) + "…]: 1 → 2"), "\(text)")
    }

    @Test func viewDiffAllListsVolatileChangesDimmed() throws {
        var (state, _) = try Self.opened()
        state.handle(.diffLoaded(id: 1, .compared(try Self.comparison())))
        InspectorKeyTests.press(":view diff all<enter>", &state)
        let grid = InspectorKeyTests.screen(state)
        #expect(grid.text.contains(#"~ served_at: "05:00:00.001" → "05:00:07.250"  (volatile)"#))
        #expect(ScreenColourTests.role(of: "served_at", in: grid) == .dim)
        #expect(grid.text.contains("1 volatile listed"))
        InspectorKeyTests.press(":view diff some<enter>", &state)
        #expect(state.message == "usage: :view diff [all]")
    }

    @Test func aNewExchangeCancelsTheLoadAndAnAnswerForTheOldOneIsDropped() throws {
        var (state, _) = try Self.opened()
        // A new exchange arrives while the load runs: the old load stops and the view asks again, for it.
        let effects = state.handle(.show(try InspectorKeyTests.display(body: InspectorKeyTests.cjkBody)))
        #expect(effects == [.cancelDiff(id: 1), .loadDiff(id: 2, endpoint: "user", historyID: nil)])
        state.handle(.diffLoaded(id: 1, .unavailable("stale")))
        #expect(!InspectorKeyTests.screen(state).text.contains("stale"))
        state.handle(.diffLoaded(id: 2, .unavailable("#9 is the first answered exchange of user in history")))
        #expect(InspectorKeyTests.screen(state).text.contains("#9 is the first answered exchange of user in history"))
    }

    @Test func anExchangeWithoutResponseIsNotCompared() throws {
        var (state, _) = try Self.opened()
        let failure = ExchangeDisplay(failure: "connection refused", endpoint: "user", method: "GET", url: "http://x/")
        #expect(state.handle(.show(failure)) == [.cancelDiff(id: 1)])
        #expect(InspectorKeyTests.screen(state).text.contains("no response to compare: user got none this time"))
    }

    @Test func anExchangeFromHistoryIsComparedAsThatRow() throws {
        var (state, _) = try Self.opened()
        let effects = state.handle(
            .historyEntry(id: 41, display: try InspectorKeyTests.display(body: InspectorKeyTests.cjkBody)))
        #expect(effects == [.cancelDiff(id: 1), .loadDiff(id: 2, endpoint: "user", historyID: 41)])
    }

    @Test func otherViewsDoNotLoadAndKeepTheirFiveTabs() throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: InspectorKeyTests.cjkBody))
        #expect(state.handle(.key(.character("v"))).isEmpty)
        let title = InspectorKeyTests.screen(state).text
        #expect(title.contains("Model [Headers] Raw Request Timing") && !title.contains("Diff"), "\(title)")
        let (diffState, _) = try Self.opened()
        #expect(InspectorKeyTests.screen(diffState).text.contains("Model Headers Raw Request Timing [Diff]"))
    }

    @Test(arguments: [(80, 24), (200, 50)])
    func snapshot(columns: Int, rows: Int) throws {
        var (state, _) = try Self.opened(columns: columns, rows: rows)
        state.handle(.diffLoaded(id: 1, .compared(try Self.comparison())))
        try assertSnapshot(InspectorKeyTests.screen(state).text, named: "diff-\(columns)x\(rows)")
    }
}
