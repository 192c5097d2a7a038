import APIClient
import APIHTTP
import APIMapping
import APITerminalUI
import Testing

@Suite("Key state machine")
struct KeyStateMachineTests {
    static func state() throws -> AppState {
        AppState(profile: try Profile(yaml: tuiTestProfileYAML, file: "tui.yaml"), columns: 120, rows: 40)
    }

    static func display() throws -> ExchangeDisplay {
        let document = try JSONDocument(parsing: #"{"id":1,"name":"张伟","profile":{"city":"杭州"}}"#)
        return ExchangeDisplay(
            endpoint: "user", method: "GET", url: "http://demo.test/cmd/users/1", httpStatus: 200, reason: "OK",
            outcome: .success, business: .success, businessStatus: "0", tip: "成功", modelPath: "data",
            model: document.root, notes: [], duration: nil, size: 40, contentType: "application/json",
            textPreview: nil)
    }

    @Test func pickingAnEndpointWithoutParametersSendsIt() throws {
        var state = try Self.state()
        var effects: [AppEffect] = []
        for key in Key.parse("eorders<enter>") { effects += state.handle(.key(key)) }
        #expect(effects == [.send(requestID: 1, endpoint: "orders", parameters: [:])])
        #expect(state.isRequestRunning)
        #expect(state.handle(.key(.character("r"))) == [])  // one request at a time
        #expect(state.handle(.key(.escape)) == [.cancel(requestID: 1), .loadHistory])
        #expect(!state.isRequestRunning)
        #expect(state.exchange?.outcome == .cancelled)
        // A late answer of the cancelled request is not shown; the History pane reloads for its row.
        #expect(state.handle(.responded(requestID: 1, display: try Self.display())) == [.loadHistory])
        #expect(state.exchange?.outcome == .cancelled)
    }

    @Test func theParameterFormFillsDefaultsAndEditsThem() throws {
        var state = try Self.state()
        var effects: [AppEffect] = []
        for key in Key.parse("euser<enter><bs><bs>42<enter>") { effects += state.handle(.key(key)) }
        #expect(effects == [.send(requestID: 1, endpoint: "user", parameters: ["id": "1042"])])
    }

    @Test func yCopiesAHostileKeyAsASanitizedPath() throws {
        var state = try Self.state()
        let document = try JSONDocument(parsing: #"{"a\u001b]52;c;aGk=\u0007\u202eb":1}"#)
        var display = try Self.display()
        display.model = document.root
        state.handle(.show(display))
        state.handle(.key(.character("G")))
        let effects = state.handle(.key(.character("y")))
        guard case .copy(let text)? = effects.first else {
            Issue.record("no copy: \(effects)")
            return
        }
        #expect(text == "a\\u001b]52;c;aGk=\\u0007\\u202eb")
        #expect(!text.unicodeScalars.contains { TerminalSanitizer.isUnsafe($0) })
    }

    @Test func movingTheCursorWritesThePathAndYCopiesIt() throws {
        var state = try Self.state()
        state.handle(.show(try Self.display()))
        state.handle(.key(.character("G")))
        #expect(state.handle(.key(.character("y"))) == [.copy("profile>city")])
        #expect(state.handle(.key(.character("p"))) == [.evaluateProbe(id: 1, text: "profile>city")])
        #expect(state.mode == .probe)
        for key in Key.parse("<bs><bs><bs><bs><esc>") { state.handle(.key(key)) }
        #expect(state.mode == .normal)
    }

    @Test func theProbeIsEvaluatedOffTheKeyLoopAndOnlyTheNewestAnswerCounts() throws {
        var state = try Self.state()
        state.handle(.show(try Self.display()))
        #expect(state.handle(.key(.character("p"))) == [])  // the cursor is on the root: nothing to evaluate
        #expect(state.handle(.key(.character("n"))) == [.evaluateProbe(id: 1, text: "n")])
        // A key while the first evaluation runs cancels it and asks for the new line.
        #expect(state.handle(.key(.character("a"))) == [.cancelProbe(id: 1), .evaluateProbe(id: 2, text: "na")])
        #expect(HeadlessScreenRenderer.render(state).contains("evaluating…"))
        let root = try #require(state.tree?.root)
        // The cancelled evaluation's late answer is ignored; the newest is shown.
        state.handle(.probed(id: 1, outcome: AppState.probeOutcome("id", in: root)))
        #expect(HeadlessScreenRenderer.render(state).contains("evaluating…"))
        for key in Key.parse("me") { state.handle(.key(key)) }
        state.handle(.probed(id: 4, outcome: AppState.probeOutcome("name", in: root)))
        #expect(HeadlessScreenRenderer.render(state).contains("= \"张伟\""))
    }

    @Test func aNewModelDropsTheAnswerOfAProbeOnTheOldOne() throws {
        var state = try Self.state()
        state.handle(.show(try Self.display()))
        state.handle(.key(.character("p")))
        #expect(state.handle(.key(.character("n"))) == [.evaluateProbe(id: 1, text: "n")])
        let oldRoot = try #require(state.tree?.root)
        state.handle(.show(try Self.display()))
        state.handle(.probed(id: 1, outcome: AppState.probeOutcome("name", in: oldRoot)))
        #expect(!HeadlessScreenRenderer.render(state).contains("= \"张伟\""))
        // The next evaluation gets a new id.
        #expect(state.handle(.key(.escape)) == [])
        state.handle(.key(.character("p")))
        #expect(state.handle(.key(.character("n"))) == [.evaluateProbe(id: 2, text: "n")])
    }

    @Test func escCancelsARunningProbeEvaluation() throws {
        var state = try Self.state()
        state.handle(.show(try Self.display()))
        state.handle(.key(.character("p")))
        #expect(state.handle(.key(.character("$"))) == [.evaluateProbe(id: 1, text: "$")])
        #expect(state.handle(.key(.escape)) == [.cancelProbe(id: 1)])
        #expect(state.mode == .normal)
        let root = try #require(state.tree?.root)
        let before = HeadlessScreenRenderer.render(state)
        state.handle(.probed(id: 1, outcome: AppState.probeOutcome("$", in: root)))
        #expect(HeadlessScreenRenderer.render(state) == before)
    }

    @Test func keysCycleFocusOpenHelpAndQuit() throws {
        var state = try Self.state()
        #expect(state.focus == .model)
        state.handle(.key(.tab))
        #expect(state.focus == .history)
        state.handle(.key(.backTab))
        state.handle(.key(.backTab))
        #expect(state.focus == .tip)
        state.handle(.key(.character("?")))
        #expect(state.mode == .help)
        state.handle(.key(.character("x")))
        #expect(state.mode == .normal)
        #expect(state.handle(.key(.character(":"))) == [])
        var effects: [AppEffect] = []
        for key in Key.parse("history --endpoint user<enter>") { effects += state.handle(.key(key)) }
        #expect(effects == [.runCommand("history --endpoint user")])
        #expect(state.handle(.key(.character("q"))) == [.quit])
        #expect(state.hasQuit)
    }

    @Test func progressShowsABarWhileTheUIKeepsAnsweringKeys() throws {
        var state = try Self.state()
        state.masksVolatileValues = true
        for key in Key.parse("eorders<enter>") { state.handle(.key(key)) }
        state.handle(
            .progress(
                requestID: 1, report: ProgressReport(bytesReceived: 512, expectedLength: 1024),
                elapsed: .seconds(1)))
        state.handle(.key(.tab))
        #expect(state.focus == .history)
        let text = HeadlessScreenRenderer.render(state)
        #expect(text.contains("sending orders [██████████··········] 512 B / 1.0 KiB"))
    }
}

extension KeyStateMachineTests {
    @Test func completionNeverOffersKeysOfEarlierResponses() async throws {
        let screen = try await withTUI { session in
            // A full user first, then a failed one (model null): the earlier response's keys are not
            // this model's, so nothing completes (before, keys seen earlier were offered).
            await session.press("euser<enter><c-u>1001<enter>")
            await session.press("euser<enter><c-u>4040<enter>")
            await session.press("pnick<tab>")
            return session.screenText()
        }
        #expect(screen.contains("probe nick▏"))
        #expect(screen.contains("$ is a null: nothing below it"), "\(screen)")
        #expect(screen.contains("用户不存在"), "the model shown is still the failure's")
    }
}
