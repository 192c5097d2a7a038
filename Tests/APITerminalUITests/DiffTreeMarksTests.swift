import APIClient
import APIMapping
import Foundation
import Testing

@testable import APITerminalUI

/// The changes marked in the Model tree (`D`, or after the Diff view): a gutter mark per added,
/// changed or moved node (`+`, `~`, `>`), `-` on a container a member was removed from, `~` on a
/// folded container with a change inside, the counts and removed members on the bottom border;
/// snapshots at the smallest and a large terminal (`Snapshots/diff-marks-*.txt`).
@Suite("Diff marks in the Model tree")
struct DiffTreeMarksTests {
    /// The Diff view's newer model as the exchange on screen (the profile's model is `data`).
    static let body = Array((#"{"code":0,"msg":"成功","data":"# + DiffViewKeyTests.new + "}").utf8)

    static func marked(columns: Int = 200, rows: Int = 50) throws -> (AppState, [AppEffect]) {
        var state = try InspectorKeyTests.shown(
            try InspectorKeyTests.display(body: body), columns: columns, rows: rows)
        let effects = state.handle(.key(.character("D")))
        return (state, effects)
    }

    static func loaded(columns: Int = 200, rows: Int = 50) throws -> AppState {
        var (state, _) = try marked(columns: columns, rows: rows)
        state.handle(.diffLoaded(id: 1, .compared(try DiffViewKeyTests.comparison())))
        return state
    }

    @Test func dAsksForTheComparisonAndMarksTheChangedNodes() throws {
        var (state, effects) = try Self.marked()
        #expect(effects == [.loadDiff(id: 1, endpoint: "user", historyID: nil)])
        #expect(state.modelView == .model)
        #expect(InspectorKeyTests.screen(state).text.contains("diff: comparing with the previous exchange…"))
        state.handle(.diffLoaded(id: 1, .compared(try DiffViewKeyTests.comparison())))
        let grid = InspectorKeyTests.screen(state)
        let text = grid.text
        #expect(text.contains("~     version: 2"), "\(text)")
        #expect(text.contains("-   ▾ items: [3]"), "\(text)")
        #expect(text.contains("+     ▸ [0]: "), "\(text)")
        #expect(text.contains("~     ▸ [1]: "), "\(text)")
        #expect(text.contains(">     ▸ [2]: "), "\(text)")
        // A volatile change is not marked, as the Diff view does not list it.
        #expect(text.contains("      served_at: "), "\(text)")
        #expect(text.contains("since #12: +1 ~2 >1 -1 · removed: items>2 [id=4]"), "\(text)")
        #expect(ScreenColourTests.roles(of: "+     ▸ [0]", in: grid)?.first == .success)
        #expect(ScreenColourTests.roles(of: "~     version", in: grid)?.first == .warning)
        #expect(ScreenColourTests.roles(of: "-   ▾ items", in: grid)?.first == .failure)
    }

    @Test func unfoldingAContainerMovesTheMarkToTheChangeInside() throws {
        var state = try Self.loaded()
        // $, version, served_at, items, [0], [1]: open [1] to see its changed price.
        InspectorKeyTests.press("jjjjjl", &state)
        let text = InspectorKeyTests.screen(state).text
        #expect(!text.contains("~     ▾ [1]: "), "\(text)")
        #expect(text.contains("~         price: 6"), "\(text)")
    }

    @Test func dAgainHidesTheMarks() throws {
        var state = try Self.loaded()
        InspectorKeyTests.press("D", &state)
        let text = InspectorKeyTests.screen(state).text
        #expect(!text.contains("+     ▸ [0]"), "\(text)")
        #expect(text.contains("  ▸ [0]: "), "\(text)")
        #expect(!text.contains("since #12"), "\(text)")
        #expect(state.message == "diff marks hidden (D shows them)")
    }

    @Test func theDiffViewTurnsTheMarksOnForTheModelView() throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: Self.body))
        InspectorKeyTests.press(":view diff<enter>", &state)
        state.handle(.diffLoaded(id: 1, .compared(try DiffViewKeyTests.comparison())))
        InspectorKeyTests.press("v", &state)
        #expect(state.modelView == .model)
        #expect(InspectorKeyTests.screen(state).text.contains("+     ▸ [0]: "))
        // A new exchange with the marks on asks for its own comparison.
        let effects = state.handle(.show(try InspectorKeyTests.display(body: Self.body)))
        #expect(effects == [.loadDiff(id: 2, endpoint: "user", historyID: nil)])
        #expect(!InspectorKeyTests.screen(state).text.contains("+     ▸ [0]: "))
    }

    @Test func noComparisonSaysWhyOnTheBorder() throws {
        var (state, _) = try Self.marked()
        state.handle(.diffLoaded(id: 1, .unavailable("#9 is the first answered exchange of user in history")))
        #expect(
            InspectorKeyTests.screen(state).text.contains("diff: #9 is the first answered exchange of user in history"))
    }

    @Test func aMappedModelIsNotMarked() throws {
        var state = try Self.loaded()
        InspectorKeyTests.press(":model data>items<enter>", &state)
        let text = InspectorKeyTests.screen(state).text
        #expect(text.contains("diff marks: not on a mapped model or pages"), "\(text)")
        #expect(!text.contains("+     ▸ [0]"), "\(text)")
    }

    @Test(arguments: [(80, 24), (200, 50)])
    func snapshot(columns: Int, rows: Int) throws {
        let state = try Self.loaded(columns: columns, rows: rows)
        try assertSnapshot(InspectorKeyTests.screen(state).text, named: "diff-marks-\(columns)x\(rows)")
    }
}
