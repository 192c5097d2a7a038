import APIClient
import APIMapping
import APITerminalUI
import Foundation
import Testing

/// The request edit form (`i`, `a`), copy as curl (`c`) and resending a History row (`r`), driven
/// by keys on the state machine alone.
@Suite("Request form keys")
struct RequestFormKeyTests {
    static func state() throws -> AppState {
        AppState(profile: try Profile(yaml: tuiTestProfileYAML, file: "tui.yaml"), columns: 120, rows: 40)
    }

    /// A resolved `user` request: one plain query item, one secret; one plain header, one secret.
    static let editable = EditableRequest(
        endpoint: "user", parameters: ["id": "1001"],
        draft: {
            var draft = RequestDraft()
            draft.url = "http://demo.test/cmd/users/1001"
            draft.query = [.init(name: "lang", value: "zh"), .init(name: "sig", value: "••••", isSecret: true)]
            draft.headers = [
                .init(name: "Accept", value: "application/json"),
                .init(name: "X-Api-Key", value: "••••", isSecret: true),
            ]
            draft.body = Array(#"{"name":"张伟"}"#.utf8)
            return draft
        }())

    static func press(_ keys: String, _ state: inout AppState) -> [AppEffect] {
        Key.parse(keys).flatMap { state.handle(.key($0)) }
    }

    static func sent(_ effects: [AppEffect]) -> EditedRequest? {
        for case .sendEdited(_, let request) in effects { return request }
        return nil
    }

    @Test func iAsksForTheEndpointsRequestOrTheHistoryRows() throws {
        var state = try Self.state()
        #expect(Self.press("i", &state) == [])
        #expect(state.mode == .picker)
        _ = Self.press("<esc>euser<enter><enter>", &state)
        _ = state.handle(
            .responded(
                requestID: 1,
                display: ExchangeDisplay(
                    failure: "x", endpoint: "user", method: "GET", url: "", duration: .zero)))
        #expect(Self.press("i", &state) == [.loadEditableRequest(endpoint: "user", parameters: ["id": "1001"])])
        _ = state.handle(
            .history([
                HistoryRow(
                    id: 9, date: .now, endpoint: "orders", method: "GET", status: 200, outcome: .success,
                    businessStatus: nil, tip: nil, duration: nil)
            ]))
        _ = Self.press("<tab>", &state)
        #expect(state.focus == .history)
        #expect(Self.press("i", &state) == [.loadStoredRequest(9)])
        #expect(Self.press("r", &state) == [.resendStored(requestID: 2, historyID: 9)])
        #expect(state.isRequestRunning)
    }

    @Test func inlineEditsAddsAndRemovalsAreSentWithSecretsKept() throws {
        var state = try Self.state()
        _ = state.handle(.editableRequest(Self.editable))
        #expect(state.mode == .edit)
        // Rows: method, URL, lang, sig, + query, Accept, X-Api-Key, + header, body.
        _ = Self.press("jj<enter><c-u>en gb<enter>", &state)
        _ = Self.press("jj<enter>名=李娜<enter>", &state)
        _ = Self.press("<enter>k<enter>", &state)  // the cursor is on the new item: its value gets a "k"
        _ = Self.press("Gk<enter>X-Trace: on<enter>", &state)
        _ = Self.press("gjjjjjjd", &state)  // remove Accept
        let effects = Self.press("s", &state)
        let request = try #require(Self.sent(effects))
        #expect(state.mode == .normal)
        #expect(request.endpoint == "user")
        #expect(request.parameters == ["id": "1001"])
        #expect(request.edit.method == "GET")
        #expect(request.edit.url == "http://demo.test/cmd/users/1001")
        #expect(
            request.edit.query == [
                .init(name: "lang", value: .text("en gb")), .init(name: "sig", value: .kept),
                .init(name: "名", value: .text("李娜k")),
            ])
        #expect(
            request.edit.headers == [
                .init(name: "X-Api-Key", value: .kept), .init(name: "X-Trace", value: .text("on")),
            ])
        // The endpoint's own body is resolved again: the form sends none of its own.
        #expect(request.edit.body == nil)
    }

    @Test func enterOnAnUntouchedSecretKeepsIt() throws {
        var state = try Self.state()
        _ = state.handle(.editableRequest(Self.editable))
        // Open the masked X-Api-Key and the masked sig, type nothing, press ⏎: both stay kept.
        _ = Self.press("jjjjjj<enter><enter>gjjj<enter><enter>", &state)
        let request = try #require(Self.sent(Self.press("s", &state)))
        #expect(request.edit.headers?.last == .init(name: "X-Api-Key", value: .kept))
        #expect(request.edit.query?.last == .init(name: "sig", value: .kept))
    }

    @Test func aSecretFieldStartsEmptyAndWhatIsTypedIsMasked() throws {
        var state = try Self.state()
        _ = state.handle(.editableRequest(Self.editable))
        _ = Self.press("jjjjjj<enter>new-key", &state)
        let screen = HeadlessScreenRenderer.render(state)
        #expect(!screen.contains("new-key"))
        #expect(screen.contains("•••••••"))
        _ = Self.press("<enter>", &state)
        let request = try #require(Self.sent(Self.press("s", &state)))
        #expect(request.edit.headers?.last == .init(name: "X-Api-Key", value: .text("new-key")))
    }

    @Test func escapeClosesTheFormAndSendsNothing() throws {
        var state = try Self.state()
        _ = state.handle(.editableRequest(Self.editable))
        #expect(Self.press("jj<enter>zz<esc><esc>", &state) == [])
        #expect(state.mode == .normal)
        #expect(state.message == "edit closed; nothing sent")
    }

    @Test func theBodyGoesToTheEditorAndComesBackEdited() throws {
        var state = try Self.state()
        _ = state.handle(.editableRequest(Self.editable))
        #expect(Self.press("G<enter>", &state) == [.editBody(Array(#"{"name":"张伟"}"#.utf8))])
        _ = state.handle(.bodyEdited(nil, problem: "the editor (false) exited with status 1; body unchanged"))
        #expect(state.message == "the editor (false) exited with status 1; body unchanged")
        _ = state.handle(.bodyEdited(Array(#"{"name":"李娜"}"#.utf8), problem: nil))
        let request = try #require(Self.sent(Self.press("s", &state)))
        #expect(request.edit.body == Array(#"{"name":"李娜"}"#.utf8))
    }

    @Test func anAdHocRequestNeedsAFullURL() throws {
        var state = try Self.state()
        #expect(Self.press("a/relative<enter>s", &state) == [])
        #expect(state.message == "an ad-hoc request needs a full http:// or https:// URL")
        _ = Self.press("<enter><c-u>http://demo.test/hazards/echo<enter>k<enter><c-u>post<enter>", &state)
        let request = try #require(Self.sent(Self.press("s", &state)))
        #expect(request.endpoint == nil)
        #expect(request.edit.method == "POST")
        #expect(request.edit.url == "http://demo.test/hazards/echo")
        #expect(request.edit.headers == [])
    }

    @Test func copyAsCurlAsksBeforeRevealingLiteralSecrets() throws {
        var state = try Self.state()
        #expect(Self.press("c", &state) == [])
        #expect(state.message == "nothing to copy: choose an endpoint first")
        _ = Self.press("euser<enter><enter>", &state)
        let plain = EditedRequest(endpoint: "user", parameters: ["id": "1001"], edit: RequestEdit())
        #expect(Self.press("c", &state) == [.exportCurl(plain, revealing: false)])
        let masked = CurlExport(command: "curl -H 'X-Key: ••••' http://demo.test", masksSecrets: true)
        #expect(state.handle(.curlReady(masked, request: plain, revealing: false)) == [])
        #expect(HeadlessScreenRenderer.render(state).contains("include them? y/n"))
        #expect(Self.press("y", &state) == [.exportCurl(plain, revealing: true)])
        let revealed = CurlExport(command: "curl -H 'X-Key: k' http://demo.test", masksSecrets: true)
        #expect(
            state.handle(.curlReady(revealed, request: plain, revealing: true)) == [
                .copy(revealed.command), .saveCurl(revealed.command),
            ])
        // It says what it did: the secrets are in, as asked, never "masked".
        #expect(state.message == "copied as curl (OSC 52) with the profile's secrets included, as asked")
        _ = state.handle(.curlReady(masked, request: plain, revealing: false))
        #expect(Self.press("n", &state) == [.copy(masked.command), .saveCurl(masked.command)])
        _ = state.handle(.curlSaved(path: "/state/copied-request.curl.sh"))
        #expect(state.message == "copied as curl (OSC 52) with secrets masked; saved to /state/copied-request.curl.sh")
        #expect(state.mode == .normal)
    }
}
