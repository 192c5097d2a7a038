import APIClient
import APIMapping
import Foundation
import Testing

@testable import APITerminalUI

/// The History pane: rows that say what they were, a cursor that stays put, filters, `:history N`.
@Suite("History pane")
struct HistoryPaneTests {
    static func row(
        _ id: Int64, _ endpoint: String, _ parameters: [String: String] = [:], status: Int? = 200,
        outcome: ExchangeOutcome = .success, business: String? = "0", tip: String? = "成功", secondsAgo: Double = 5
    ) -> HistoryRow {
        HistoryRow(
            id: id, date: fixedDate.addingTimeInterval(-secondsAgo), endpoint: endpoint, method: "GET", status: status,
            outcome: outcome, businessStatus: business, tip: tip, duration: nil, url: "http://demo.test/\(endpoint)",
            parameters: parameters)
    }

    static let rows: [HistoryRow] = [
        row(4, "orders", outcome: .businessFailure, business: "40013", tip: "invalid token", secondsAgo: 30),
        row(3, "user", ["id": "1002"], secondsAgo: 200),
        row(2, "reset", status: nil, outcome: .transportFailure, business: nil, tip: nil, secondsAgo: 7_200),
        row(1, "user", ["id": "1001", "lang": "zh"], secondsAgo: 200_000),
    ]

    static func state(focusHistory: Bool = true) throws -> AppState {
        var state = try KeyStateMachineTests.state()
        // Wide enough for whole rows: the History pane is 44 columns at 200.
        state.handle(.resize(columns: 200, rows: 40))
        state.handle(.history(rows))
        state.handle(.clock(fixedDate))
        if focusHistory { state.handle(.key(.tab)) }
        return state
    }

    static func historyPane(_ state: AppState) -> [String] {
        var screen = GridScreen(columns: state.columns, rows: state.rows)
        state.render(into: &screen)
        let lines = screen.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The History pane is the right column of the screen.
        return lines.map { String($0.suffix(state.layout.history.width)) }
    }

    @Test func rowsShowParametersBusinessCodeAndAge() throws {
        let pane = Self.historyPane(try Self.state(focusHistory: false)).joined(separator: "\n")
        #expect(pane.contains("✗ 30s 200 40013 orders invalid token"), "\(pane)")
        #expect(pane.contains("✓ 3m 200 user id=1002 成功"), "\(pane)")
        #expect(pane.contains("! 2h --- reset"), "\(pane)")
        #expect(pane.contains("✓ 2d 200 user id=1001 lang=zh"), "\(pane)")
    }

    @Test func theCursorStaysOnItsRowWhenANewExchangeArrives() throws {
        var state = try Self.state()
        for key in Key.parse("jj") { state.handle(.key(key)) }
        let newer = [Self.row(5, "user", ["id": "1003"])] + Self.rows
        state.handle(.history(newer))
        // The cursor was on #2 (reset); it still is, one row further down.
        #expect(state.handle(.key(.enter)) == [.loadHistoryEntry(2)])
    }

    struct FilterCase: CustomTestStringConvertible, Sendable {
        let keys: String
        let expected: [Int64]
        let title: String
        var testDescription: String { keys }
    }

    static let filterCases: [FilterCase] = [
        FilterCase(keys: "fuser<enter>", expected: [3, 1], title: "History (2/4 “user”)"),
        FilterCase(keys: "f1002<enter>", expected: [3], title: "History (1/4 “1002”)"),
        FilterCase(keys: "/usxer<left><left><bs><enter>", expected: [3, 1], title: "History (2/4 “user”)"),
        FilterCase(keys: "fINVALID<enter>", expected: [4], title: "History (1/4 “INVALID”)"),
        FilterCase(keys: "o", expected: [3, 1], title: "History (2/4 successes)"),
        FilterCase(keys: "oo", expected: [4], title: "History (1/4 failures)"),
        FilterCase(keys: "ooo", expected: [2], title: "History (1/4 no response)"),
        FilterCase(keys: "oooo", expected: [4, 3, 2, 1], title: "History (4)"),
        FilterCase(keys: "ofzh<enter>", expected: [1], title: "History (1/4 successes “zh”)"),
        FilterCase(keys: "fuser<enter>f<esc>", expected: [3, 1], title: "History (2/4 “user”)"),
        FilterCase(keys: "fuser<bs><bs><bs><bs><enter>", expected: [4, 3, 2, 1], title: "History (4)"),
        FilterCase(keys: "fnothing<enter>", expected: [], title: "History (0/4 “nothing”)"),
    ]

    @Test(arguments: filterCases)
    func filters(_ testCase: FilterCase) throws {
        var state = try Self.state()
        for key in Key.parse(testCase.keys) { state.handle(.key(key)) }
        #expect(state.mode == .normal)
        var shown: [Int64] = []
        for _ in testCase.expected {
            guard case .loadHistoryEntry(let id)? = state.handle(.key(.enter)).first else { break }
            shown.append(id)
            state.handle(.key(.character("j")))
        }
        #expect(shown == testCase.expected)
        let pane = Self.historyPane(state).joined(separator: "\n")
        #expect(pane.contains(testCase.title), "\(pane)")
        if testCase.expected.isEmpty { #expect(pane.contains("no rows match")) }
    }

    @Test func historyCommandListsRowsInTheOutputPane() throws {
        var state = try Self.state(focusHistory: false)
        var effects: [AppEffect] = []
        for key in Key.parse(":history 2<enter>") { effects += state.handle(.key(key)) }
        #expect(effects == [])
        var screen = GridScreen(columns: 240, rows: 40)
        state.render(into: &screen)
        let text = screen.text
        #expect(text.contains("Output"), "\(text)")
        #expect(text.contains("#4 ✗ 200 GET") && text.contains("#3 ✓ 200 GET"), "\(text)")
        #expect(!text.contains("#2 !"), "\(text)")
        #expect(text.contains("history: the newest 2 of 4"), "\(text)")
    }
}
