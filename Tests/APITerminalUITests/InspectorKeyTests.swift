import APIClient
import APIHTTP
import APIMapping
import Foundation
import Testing

@testable import APITerminalUI

/// The exchange inspector in the key state machine: `v`/`V`/`:view`, the headers, request and timing
/// views, and a raw view that reads only what it shows. No network, no terminal.
@Suite("Exchange inspector keys")
struct InspectorKeyTests {
    static let headers: [(name: String, value: String)] = [
        ("Content-Type", "application/json; charset=utf-8"), ("X-RateLimit-Remaining", "42"),
        ("X-RateLimit-Reset", "1795000600"), ("Set-Cookie", "session=abc123"), ("Server", "demo"),
    ]

    /// A live exchange of the `user` endpoint with `body`, sent with a secret header and query item.
    static func exchange(
        body: [UInt8], contentType: String = "application/json", headers: [(name: String, value: String)] = headers
    ) throws -> APIExchange {
        let profile = try Profile(yaml: tuiTestProfileYAML, file: "tui.yaml")
        var request = try profile.resolveRequest(
            endpoint: "user", parameters: ["id": "1001"], environment: [:], demoBaseURL: "http://demo.test")
        request.url += "?token=t0psecret&lang=zh"
        request.headers.append(HTTPHeader(name: "Authorization", value: "Bearer t0psecret"))
        request.body = Array(#"{"note":"备注"}"#.utf8)
        let response = HTTPResponseRecord(
            status: 200, reason: "OK", headers: headers, body: body, httpVersion: "HTTP/1.1",
            timing: HTTPResponseRecord.Timing(headersReceived: .milliseconds(12), bodyComplete: .milliseconds(40)))
        let parsed = ResponseBody(bytes: body, contentType: contentType, xmlArrays: [])
        let evaluation = request.envelope.evaluate(httpStatus: 200, body: parsed.document?.root)
        return APIExchange(
            profileName: "tui", endpointID: "user", request: request, response: response, body: parsed,
            evaluation: evaluation)
    }

    static func display(
        body: [UInt8], contentType: String = "application/json", headers: [(name: String, value: String)] = headers
    ) throws -> ExchangeDisplay {
        ExchangeDisplay(exchange: try exchange(body: body, contentType: contentType, headers: headers))
    }

    static let cjkBody = Array(#"{"code":0,"msg":"成功","data":{"id":1001,"name":"张伟","city":"杭州","tags":[]}}"#.utf8)

    static func shown(_ display: ExchangeDisplay, columns: Int = 200, rows: Int = 50) throws -> AppState {
        var state = AppState(
            profile: try Profile(yaml: tuiTestProfileYAML, file: "tui.yaml"), columns: columns, rows: rows)
        state.masksVolatileValues = true
        state.handle(.show(display))
        return state
    }

    static func press(_ keys: String, _ state: inout AppState) {
        for key in Key.parse(keys) { state.handle(.key(key)) }
    }

    static func screen(_ state: AppState) -> GridScreen {
        var screen = GridScreen(columns: state.columns, rows: state.rows)
        state.render(into: &screen)
        return screen
    }

    @Test func vAndShiftVCycleTheViewsAndTheTitleMarksTheCurrentOne() throws {
        var state = try Self.shown(try Self.display(body: Self.cjkBody))
        state.handle(.key(.tab))
        var seen: [ModelView] = []
        for _ in 0..<6 {
            state.handle(.key(.character("v")))
            seen.append(state.modelView)
        }
        #expect(seen == [.headers, .raw, .request, .timing, .diff, .model])
        #expect(state.focus == .model)
        Self.press("V", &state)
        #expect(state.modelView == .diff)
        Self.press("VVVV", &state)
        #expect(state.modelView == .headers)
        #expect(Self.screen(state).text.contains("Model [Headers] Raw Request Timing"))
    }

    @Test(arguments: [
        (":view raw<enter>", ModelView.raw, nil as String?),
        (":view timing<enter>", .timing, nil),
        (":view request<enter>", .request, nil),
        (":view raw text<enter>", .raw, nil),
        (":view nope<enter>", .model, "usage: :view model|headers|raw|request|timing|diff"),
        (":view headers hex<enter>", .model, "usage: :view raw text|pretty|hex"),
    ])
    func viewCommandPicksAView(_ keys: String, _ view: ModelView, _ message: String?) throws {
        var state = try Self.shown(try Self.display(body: Self.cjkBody))
        var effects: [AppEffect] = []
        for key in Key.parse(keys) { effects += state.handle(.key(key)) }
        #expect(effects.isEmpty)
        #expect(state.modelView == view)
        if let message { #expect(state.message?.hasPrefix(message) == true, "\(state.message ?? "nil")") }
    }

    @Test func theViewStaysWhenANewExchangeArrivesAndItsScrollResets() throws {
        var state = try Self.shown(try Self.display(body: Self.textBody(lines: 100), contentType: "text/plain"))
        Self.press(":view raw<enter>jj", &state)
        #expect(state.rawScroll?.line == 2)
        state.handle(.show(try Self.display(body: Self.cjkBody)))
        #expect(state.modelView == .raw)
        #expect(state.rawScroll == nil)
        #expect(Self.screen(state).text.contains("line 1 ·"))
    }

    @Test func headersShowTheStatusLineAndHighlightRateLimitHeaders() throws {
        var state = try Self.shown(try Self.display(body: Self.cjkBody))
        Self.press(":view headers<enter>", &state)
        let screen = Self.screen(state)
        let text = screen.text
        #expect(text.contains("HTTP/1.1 200 OK"))
        #expect(text.contains("Content-Type: application/json; charset=utf-8"))
        #expect(text.contains("Set-Cookie: ••••"))
        #expect(!text.contains("abc123"))
        #expect(text.contains("rate-limit headers highlighted (2)"))
        let row = try #require((0..<screen.rows).first { screen.line($0).contains("X-RateLimit-Remaining: 42") })
        let column = try #require(
            screen.line(row).range(of: "X-RateLimit").map {
                screen.line(row).distance(from: screen.line(row).startIndex, to: $0.lowerBound)
            })
        #expect(screen.cell(row: row, column: column).role == .warning)
        let server = try #require((0..<screen.rows).first { screen.line($0).contains("Server: demo") })
        let serverColumn = try #require(
            screen.line(server).range(of: "Server").map {
                screen.line(server).distance(from: screen.line(server).startIndex, to: $0.lowerBound)
            })
        #expect(screen.cell(row: server, column: serverColumn).role == .key)
    }

    @Test func theRequestViewIsRedacted() throws {
        var state = try Self.shown(try Self.display(body: Self.cjkBody))
        Self.press(":view request<enter>", &state)
        let text = Self.screen(state).text
        #expect(text.contains("GET http://demo.test/cmd/users/1001?token=••••&lang=zh"))
        #expect(text.contains("Authorization: ••••"))
        #expect(text.contains(#"{"note":"备注"}"#))
        #expect(!text.contains("t0psecret"))
    }

    @Test func timingShowsThePhasesAndWhatHistoryDidNotRecord() throws {
        var display = try Self.display(body: Self.cjkBody)
        var state = try Self.shown(display)
        state.masksVolatileValues = false
        Self.press(":view timing<enter>", &state)
        var text = Self.screen(state).text
        #expect(text.contains("time to first byte    12 ms"))
        #expect(text.contains("body transfer         28 ms"))
        #expect(text.contains("total                 40 ms"))
        #expect(text.contains("attempts              1"))
        display.inspection?.source = .history
        display.inspection?.attempts = nil
        display.inspection?.servedFromCache = nil
        state.handle(.show(display))
        text = Self.screen(state).text
        #expect(text.contains("attempts              not recorded"))
        #expect(text.contains("served from cache     not recorded"))
    }

    @Test func aFailureWithoutAResponseSaysWhatIsMissing() throws {
        var state = try Self.shown(
            ExchangeDisplay(failure: "connection refused", endpoint: "user", method: "GET", url: "http://demo.test/x"))
        Self.press(":view headers<enter>", &state)
        #expect(Self.screen(state).text.contains("no response arrived"))
        Self.press("vv", &state)
        #expect(state.modelView == .request)
        #expect(Self.screen(state).text.contains("GET http://demo.test/x"))
    }

    /// `count` lines of about 100 bytes each: `line 000001 …`, the last without a newline.
    static func textBody(lines count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * 100)
        let filler = String(repeating: "x", count: 80)
        for index in 1...count {
            let number = String(index)
            let line = "line " + String(repeating: "0", count: 6 - number.count) + number + " " + filler
            bytes.append(contentsOf: line.utf8)
            if index < count { bytes.append(10) }
        }
        return bytes
    }

    @Test func aFiveMegabyteRawBodyReadsOnlyTheLinesOnScreenUntilG() throws {
        let bytes = Self.textBody(lines: 54_000)
        #expect(bytes.count > 5_000_000)
        var state = try Self.shown(try Self.display(body: bytes, contentType: "text/plain"))
        Self.press(":view raw<enter>", &state)
        #expect(state.rawFormat == .text)
        var screen = Self.screen(state)
        #expect(screen.text.contains("line 000001 xxx"))
        // The first frame read one screenful of 93-byte lines; nothing was scanned by moves.
        let first = state.rawRows(state.currentRawScroll, bytes: bytes, count: state.modelHeight - 1, width: 60)
        #expect(first.lines.count == state.modelHeight - 1)
        #expect(first.bytesRead < 10_000)
        #expect(state.rawScroll == nil)
        Self.press("jjj", &state)
        #expect(state.rawScroll?.line == 3)
        #expect(state.rawScroll?.scanned == 3 * 93)
        #expect(state.rawScroll?.lineCount == nil)
        Self.press("G", &state)
        #expect(state.rawScroll?.lineCount == 54_000)
        screen = Self.screen(state)
        #expect(screen.text.contains("line 054000 xxx"))
        #expect(screen.text.contains("of 54000"))
        Self.press("k", &state)
        #expect(!Self.screen(state).text.contains("line 054000 xxx"))
        Self.press("g", &state)
        #expect(state.rawScroll?.line == 0)
        #expect(Self.screen(state).text.contains("line 000001 xxx"))
    }

    @Test func aLongLineIsClippedWithoutReadingItWhole() throws {
        let bytes = Array(repeating: UInt8(ascii: "a"), count: 3_000_000) + Array("\n尾行".utf8)
        var state = try Self.shown(try Self.display(body: bytes, contentType: "text/plain"))
        Self.press(":view raw<enter>", &state)
        let text = Self.screen(state).text
        #expect(text.contains("aaaa…"))
        #expect(text.contains("尾行"))
        let line = RawBodyText.line(bytes, at: 0, limit: 100)
        #expect(line.isClipped)
        #expect(line.text.utf8.count == 100)
    }

    @Test(arguments: [
        #"{"a":[1,{"b":[]}],"c":{},"d":"张伟","e":null,"f":[true,false,2.50]}"#,
        #"[]"#, #"42"#, #"[[[]],[{}],{"x":{"y":[1]}}]"#,
    ])
    func prettyLinesMatchThePrettyWriter(_ json: String) throws {
        let document = try JSONDocument(parsing: json)
        let expected = document.root.jsonText(style: .pretty).split(separator: "\n").map(String.init)
        var state = try Self.shown(try Self.display(body: Array(json.utf8)))
        Self.press(":view raw<enter>", &state)
        #expect(state.rawFormat == .pretty)
        let rows = state.rawRows(state.currentRawScroll, bytes: Array(json.utf8), count: 100, width: 200)
        let lines = rows.lines.map { $0.runs.map(\.text).joined() }
        #expect(lines == expected)
    }

    @Test func prettyJSONOfALargeBodyIsMadeOnDemandAndMovesBackThroughCheckpoints() throws {
        var text = "["
        for index in 0..<40_000 { text += (index == 0 ? "" : ",") + #"{"id":\#(index),"name":"用户\#(index)"}"# }
        text += "]"
        let bytes = Array(text.utf8)
        var state = try Self.shown(try Self.display(body: bytes))
        Self.press(":view raw<enter>", &state)
        #expect(Self.screen(state).text.contains(#""name": "用户0""#))
        Self.press("<pgdn><pgdn>", &state)
        // Two pages stepped, not the 160,002 lines of the whole body.
        #expect(state.rawScroll?.scanned == 2 * (state.modelHeight - 1))
        Self.press("G", &state)
        #expect(state.rawScroll?.lineCount == 40_000 * 4 + 2)
        #expect(Self.screen(state).text.contains(#""name": "用户39999""#))
        // 1,000 lines up restarts from the checkpoint below, and lands on the same line as walking.
        for _ in 0..<20 { Self.press("<pgup>", &state) }
        let top = try #require(state.rawScroll?.line)
        let expected = document(text).root.jsonText(style: .pretty).split(separator: "\n")[top]
        let first = state.rawRows(state.currentRawScroll, bytes: bytes, count: 1, width: 200).lines[0]
        #expect(first.runs.map(\.text).joined() == String(expected))
    }

    private func document(_ text: String) -> JSONDocument {
        do {
            return try JSONDocument(parsing: text)
        } catch {
            Issue.record("\(error)")
            return JSONDocument(.null)
        }
    }

    @Test func aBinaryBodyOpensAsHexAndAnyBodyCanBeShownAsHex() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 200)
        var state = try Self.shown(try Self.display(body: png, contentType: "image/png"))
        Self.press(":view raw<enter>", &state)
        #expect(state.rawFormat == .hex)
        #expect(Self.screen(state).text.contains("00000000  89 50 4e 47 0d 0a 1a 0a"))
        Self.press("G", &state)
        // At 200 columns a hex line shows 24 bytes, its ASCII column included: 208 bytes are 9 lines.
        #expect(state.hexBytesPerLine == 24)
        #expect(state.rawScroll?.lineCount == 9)
        state.handle(.show(try Self.display(body: Self.cjkBody)))
        Self.press(":view raw hex<enter>", &state)
        #expect(state.rawFormat == .hex)
        #expect(Self.screen(state).text.contains("00000000  7b 22 63 6f 64 65 22 3a"))
    }

    @Test func theRawBodySharesTheResponseStorage() throws {
        let exchange = try Self.exchange(body: Self.textBody(lines: 1_000), contentType: "text/plain")
        let display = ExchangeDisplay(exchange: exchange)
        let response = exchange.response.body.withUnsafeBufferPointer { $0.baseAddress }
        let inspected = display.inspection?.body.withUnsafeBufferPointer { $0.baseAddress }
        // The same buffer: the inspector holds a reference to the response's bytes, not a copy.
        #expect(response != nil)
        #expect(inspected == response)
    }
}
