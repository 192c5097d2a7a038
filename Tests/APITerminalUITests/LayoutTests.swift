import APIClient
import APIMapping
import Foundation
import Testing

@testable import APITerminalUI

/// The layout gives the body the room: the Model pane's share of the width, Status over Tip, a History
/// pane that adapts, `z` zoom, `…` on every clip, wrap and sideways scroll, hex that fills the width,
/// the footer's keys and the mouse. Pure state and an in-memory screen.
@Suite("Layout")
struct LayoutTests {
    static let sizes: [(columns: Int, rows: Int)] = [(80, 24), (120, 40), (200, 50)]

    @Test(arguments: sizes)
    func theModelPaneGetsTheRoomAndStatusSitsOverTip(_ size: (columns: Int, rows: Int)) {
        let layout = ScreenLayout(columns: size.columns, rows: size.rows)
        if size.columns >= 120 { #expect(Double(layout.model.width) >= 0.55 * Double(size.columns)) }
        #expect(layout.status.column == layout.tip.column && layout.status.width == layout.tip.width)
        #expect(layout.tip.row == layout.status.bottom && layout.tip.bottom == layout.model.bottom)
        #expect(layout.model.column == layout.status.right && layout.history.column == layout.model.right)
        #expect(layout.history.right == size.columns)
        for pane in AppState.Pane.allCases {
            let rect = layout.rect(of: pane)
            #expect(rect.width >= 22 && rect.height >= 3, "\(pane) \(rect)")
            #expect(layout.pane(atRow: rect.row + 1, column: rect.column + 1) == pane)
        }
    }

    @Test func zTheFocusedPaneFillsTheScreenAndZAgainBringsTheOthersBack() throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: Self.body), columns: 80, rows: 24)
        InspectorKeyTests.press("z", &state)
        #expect(state.isZoomed && state.layout.model.width == 80)
        let zoomed = InspectorKeyTests.screen(state).text
        #expect(!zoomed.contains("Status") && !zoomed.contains("History"), "\(zoomed)")
        #expect(zoomed.contains("avatar_url"))
        // Tab moves the zoom with the focus.
        InspectorKeyTests.press("<tab>", &state)
        #expect(InspectorKeyTests.screen(state).text.contains("╔═ History"))
        InspectorKeyTests.press("z", &state)
        let all = InspectorKeyTests.screen(state).text
        #expect(all.contains("Status") && all.contains("Tip") && all.contains("History"))
    }

    struct ClipCase: Sendable, CustomTestStringConvertible {
        let text: String
        let limit: Int
        let drawn: String
        var testDescription: String { "\(text) in \(limit)" }
    }

    @Test(arguments: [
        ClipCase(text: "abcdef", limit: 4, drawn: "abc…"),
        ClipCase(text: "abcd", limit: 4, drawn: "abcd"),
        ClipCase(text: "abcd   ", limit: 4, drawn: "abcd"),
        ClipCase(text: "杭州市", limit: 5, drawn: "杭州…"),
        ClipCase(text: "杭州市", limit: 4, drawn: "杭…"),
        ClipCase(text: "a杭州", limit: 4, drawn: "a杭…"),
    ])
    func clippedTextEndsInAnEllipsis(_ testCase: ClipCase) {
        var screen = GridScreen(columns: 10, rows: 1)
        screen.put(testCase.text, row: 0, column: 0, limit: testCase.limit, role: .normal)
        #expect(screen.text.trimmingCharacters(in: .whitespacesAndNewlines) == testCase.drawn)
    }

    /// A body with CJK values, a long URL and a long CJK sentence.
    static let body = Array(
        #"""
        {"code":0,"msg":"成功","data":{"id":1001,"name":"张伟","city":"杭州",
        "avatar_url":"https://avatars.example.com/u/1001/very/long/path/to/the/picture-of-张伟.png?size=460&format=webp&cache=abcdefabcdef",
        "bio":"这是一段很长的个人简介，用来检查长的中文文字在窄的窗格里如何被截断或者换行显示出来，而不会在中间被悄悄地切掉。",
        "tags":["摄影","徒步"]}}
        """#.utf8)

    /// The text of a pane's inner cells, row after row, without spaces: what a wrapped value reads as.
    static func paneText(_ state: AppState, _ pane: AppState.Pane) -> String {
        let grid = InspectorKeyTests.screen(state)
        let rect = state.layout.rect(of: pane)
        var text = ""
        for row in rect.row + 1..<rect.bottom - 1 {
            for column in rect.column + 1..<rect.right - 1 {
                if let character = grid.cell(row: row, column: column).character, character != " " {
                    text.append(character)
                }
            }
        }
        return text
    }

    @Test func wrapShowsAWholeLongValueAndSidewaysScrollShowsItsEnd() throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: Self.body), columns: 80, rows: 24)
        let clipped = Self.paneText(state, .model)
        #expect(!clipped.contains("cache=abcdefabcdef"))
        #expect(clipped.contains("…"))
        InspectorKeyTests.press("w", &state)
        let wrapped = Self.paneText(state, .model)
        #expect(wrapped.contains("cache=abcdefabcdef"), "\(wrapped)")
        InspectorKeyTests.press("w", &state)
        var presses = 0
        while !Self.paneText(state, .model).contains("abcdefabcdef"), presses < 20 {
            InspectorKeyTests.press(">", &state)
            presses += 1
        }
        #expect(presses > 0 && presses < 20, "\(Self.paneText(state, .model))")
        // The cut on the left is marked too.
        #expect(Self.paneText(state, .model).contains("…"))
        InspectorKeyTests.press(String(repeating: "<", count: presses), &state)
        #expect(state.sideways == 0)
    }

    @Test func aRawTextMatchFarRightScrollsIntoView() throws {
        // One minified line; the match is 600 columns in.
        let line = #"{"pad":""# + String(repeating: "x", count: 600) + #"","needle":"找到了"}"#
        var state = try InspectorKeyTests.shown(
            try InspectorKeyTests.display(body: Array(line.utf8)), columns: 120, rows: 40)
        RawSearchKeyTests.press(":view raw text<enter>/找到了<enter>", &state)
        #expect(state.message == "match 1 of 1 · line 1")
        let screen = InspectorKeyTests.screen(state).text
        #expect(screen.contains("找到了"), "\(screen)")
    }

    @Test(arguments: [(80, 4), (120, 12), (200, 24)])
    func hexLinesFillTheWidthWithTheirASCIIColumn(columns: Int, bytesPerLine: Int) throws {
        var state = try InspectorKeyTests.shown(
            try InspectorKeyTests.display(body: Self.body), columns: columns, rows: 40)
        InspectorKeyTests.press(":view raw hex<enter>", &state)
        #expect(state.hexBytesPerLine >= bytesPerLine)
        let rows = InspectorKeyTests.screen(state).text.split(separator: "\n").map(String.init)
        let first = try #require(rows.first { $0.contains("00000000  7b") })
        // The ASCII column is there, whole, between its bars.
        #expect(first.contains("|{\"co"), "\(first)")
        #expect(first.split(separator: "|").count >= 3, "\(first)")
    }

    @Test(arguments: [80, 120, 200])
    func theFooterAlwaysShowsTheInspectorEditAdHocCurlAndHelpKeys(columns: Int) throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: Self.body), columns: columns)
        for keys in ["", "<tab>", ":view raw<enter>", "<tab><tab>"] {
            InspectorKeyTests.press(keys, &state)
            let last = InspectorKeyTests.screen(state).text.split(separator: "\n").last.map(String.init) ?? ""
            #expect(last.hasSuffix(AppState.footerKeys), "\(last)")
        }
    }

    @Test func historyRowsShowWhatFitsAndNeverClipWithoutAMark() throws {
        let row = HistoryRow(
            id: 1, date: fixedDate, endpoint: "user", method: "GET", status: 200, outcome: .success,
            businessStatus: nil, tip: "一段很长的提示信息，放不下的时候要有省略号，再长一点再长一点再长一点", duration: nil,
            parameters: ["id": "1001"])
        for columns in [80, 120, 200] {
            var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: Self.body), columns: columns)
            state.handle(.history([row]))
            let rect = state.layout.history
            let text = InspectorKeyTests.screen(state).text.split(separator: "\n").map(String.init)
            let line = text[rect.row + 1]
            #expect(line.contains("200 ") && line.contains("user id=1001"), "\(columns): \(line)")
            #expect(line.contains("…"), "\(columns): \(line)")
            #expect(line.contains("GET") == (rect.width - 4 >= 44), "\(columns): \(line)")
            #expect(line.contains("-- ") == (rect.width - 4 >= 22), "the age from 22 columns: \(line)")
        }
    }

    @Test func aClickFocusesAPanePicksATabARowAndTheWheelScrolls() throws {
        var state = try InspectorKeyTests.shown(try InspectorKeyTests.display(body: Self.body), columns: 120, rows: 40)
        let layout = state.layout
        state.handle(.mouse(MouseEvent(action: .press(.left), row: layout.status.row + 2, column: 3)))
        #expect(state.focus == .status)
        // The title reads " Model Headers Raw Request Timing · …" from three columns in.
        let headers = layout.model.column + 3 + "[Model] ".count
        state.handle(.mouse(MouseEvent(action: .press(.left), row: layout.model.row, column: headers + 1)))
        #expect(state.focus == .model && state.modelView == .headers)
        state.handle(.mouse(MouseEvent(action: .press(.left), row: layout.model.row, column: layout.model.column + 4)))
        #expect(state.modelView == .model)
        state.handle(
            .mouse(MouseEvent(action: .press(.left), row: layout.model.row + 4, column: layout.model.column + 8)))
        #expect(state.tree?.cursor == state.tree?.visibleRows(count: 40)[3].position)
        state.handle(.mouse(MouseEvent(action: .wheelDown, row: layout.model.row + 4, column: layout.model.column + 8)))
        #expect(state.tree?.cursor == state.tree?.visibleRows(count: 40)[6].position)
        let rows = (1...3).map {
            HistoryRow(
                id: Int64($0), date: fixedDate, endpoint: "user", method: "GET", status: 200, outcome: .success,
                businessStatus: nil, tip: nil, duration: nil)
        }
        state.handle(.history(rows))
        state.handle(
            .mouse(MouseEvent(action: .press(.left), row: layout.history.row + 2, column: layout.history.column + 3)))
        #expect(state.focus == .history && state.selectedHistoryRow?.id == 2)
        let again = state.handle(
            .mouse(MouseEvent(action: .press(.left), row: layout.history.row + 2, column: layout.history.column + 3)))
        #expect(again == [.loadHistoryEntry(2)])
        // Not while a line is being typed (on History, `/` types its filter).
        InspectorKeyTests.press("/", &state)
        state.handle(.mouse(MouseEvent(action: .press(.left), row: layout.status.row + 2, column: 3)))
        #expect(state.focus == .history && state.mode == .historyFilter)
    }

    @Test(arguments: [
        ("0;12;5M", MouseEvent(action: .press(.left), row: 4, column: 11)),
        ("0;12;5m", MouseEvent(action: .release, row: 4, column: 11)),
        ("2;1;1M", MouseEvent(action: .press(.right), row: 0, column: 0)),
        ("64;30;10M", MouseEvent(action: .wheelUp, row: 9, column: 29)),
        ("65;30;10M", MouseEvent(action: .wheelDown, row: 9, column: 29)),
        ("16;3;3M", MouseEvent(action: .press(.left), row: 2, column: 2)),
    ])
    func sgrReportsAreRead(report: String, event: MouseEvent) {
        #expect(MouseEvent.parse(report) == event)
    }

    @Test(arguments: ["32;1;1M", "0;0;1M", "0;1M", "x;1;1M", "0;1;1", "300;1;1M"])
    func otherReportsAreNot(report: String) {
        #expect(MouseEvent.parse(report) == nil)
    }
}
