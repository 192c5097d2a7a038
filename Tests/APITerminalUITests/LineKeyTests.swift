import APIClient
import APIMapping
import Testing

@testable import APITerminalUI

/// The input lines driven by keys: Tab completion from the model at the path, `:` lines that send
/// like `r` and are cancelled by Esc, line history, the pickers and the parameter form.
@Suite("Input lines")
struct LineKeyTests {
    /// A profile whose parameters have descriptions (one in Chinese) and defaults.
    static let describedYAML = """
        name: described
        base_url: "http://demo.test"
        envelope: {status: code, success: 0, tip: msg, model: data}
        endpoints:
          user:
            path: /cmd/users/{id}
            params:
              id: {default: "1001", description: The user's numeric id}
          search:
            description: 按城市搜索用户
            path: /cmd/users
            query: {city: "${city}", page: "${page}"}
            params:
              city: {default: 杭州, description: 城市名称（中文）}
              page: {description: Which page of results}
          jobs:
            path: /cmd/jobs
          journal:
            path: /cmd/journal
        """

    static func described(columns: Int = 120, rows: Int = 40) throws -> AppState {
        AppState(profile: try Profile(yaml: describedYAML, file: "described.yaml"), columns: columns, rows: rows)
    }

    static func type(_ keys: String, into state: inout AppState) -> [AppEffect] {
        Key.parse(keys).flatMap { state.handle(.key($0)) }
    }

    /// The probe line's text with `|` at its cursor.
    static func probeLine(_ state: AppState) -> String {
        state.probe.line.beforeCursor + "|" + state.probe.line.afterCursor
    }

    // MARK: Tab completion in the probe

    @Test func tabListsTheCandidatesThenCyclesThroughThemBothWays() async throws {
        try await withTUI { session in
            await session.press("euser<enter><enter>")
            await session.press("pn<tab>")
            #expect(Self.probeLine(session.state) == "n|", "name and nickname share only the n")
            #expect(session.state.completion?.candidates.map(\.label) == ["name", "nickname"])
            #expect(session.screenText().contains("Tab 2"), "\(session.screenText())")
            await session.press("<tab>")
            #expect(Self.probeLine(session.state) == "name|")
            #expect(session.state.probe.result == "= \"张伟\"")
            await session.press("<tab>")
            #expect(Self.probeLine(session.state) == "nickname|")
            await session.press("<tab>")
            #expect(Self.probeLine(session.state) == "name|", "cycling wraps around")
            await session.press("<s-tab>")
            #expect(Self.probeLine(session.state) == "nickname|")
            await session.press("<enter>")
            #expect(session.state.completion == nil && session.state.mode == .probe, "Enter accepts, the line stays")
            await session.press(">")
            #expect(Self.probeLine(session.state) == "nickname>|")
        }
    }

    @Test(arguments: ["pn<tab>", "pn<tab><tab>", "pn<tab><tab><tab><s-tab>", ":c<tab><tab>"])
    func escInTheCompletionBoxPutsTheLineBack(keys: String) async throws {
        try await withTUI { session in
            await session.press("euser<enter><enter>")
            let typed = String(keys.dropFirst().prefix { $0 != "<" })
            await session.press(keys)
            #expect(session.state.completion != nil)
            await session.press("<esc>")
            #expect(session.state.completion == nil)
            let line = keys.hasPrefix(":") ? session.state.commandLine : session.state.probe.line
            #expect(line.text == typed, "the line as it was before Tab")
            #expect(
                session.state.mode == (keys.hasPrefix(":") ? .command : .probe), "one Esc cancels, the line stays open")
            if keys.hasPrefix("p") { #expect(session.state.probe.result != "= \"张伟\"") }
            await session.press("<esc>")
            #expect(session.state.mode == .normal)
        }
    }

    @Test func candidatesComeFromTheModelAtThatPathOnly() async throws {
        try await withTUI { session in
            // Keys of other objects (the root's id, name, city…) are not offered under profile>.
            await session.press("euser<enter><c-u>1002<enter>")
            await session.press("pprofile><tab>")
            #expect(session.state.completion?.candidates.map(\.label) == ["email", "phone", "address"])
            await session.press("<esc><c-u>tags><tab>")
            #expect(session.state.completion?.candidates.map(\.label) == ["[0]", "[1]"])
            await session.press("<tab>")
            #expect(Self.probeLine(session.state) == "tags>0|")
            #expect(session.state.probe.result == "= \"摄影\"")
            await session.press("<esc><c-u>$.tags[<tab>")
            #expect(Self.probeLine(session.state) == "$.tags[|")
            #expect(session.state.completion?.candidates.map(\.label) == ["[0]", "[1]"])
            await session.press("<tab><tab>")
            #expect(Self.probeLine(session.state) == "$.tags[1]|")
            await session.press("<esc><c-u>$.profile.ad<tab>")
            #expect(Self.probeLine(session.state) == "$.profile.address|")
            await session.press("<c-u>nothing><tab>")
            #expect(session.state.probe.result == "nothing at nothing>")
        }
    }

    @Test func completionWorksAtTheCursorAndKeepsTheRestOfTheLine() async throws {
        try await withTUI { session in
            await session.press("euser<enter><enter>")
            await session.press("pprofile>em<home><right><right><right>")
            #expect(Self.probeLine(session.state) == "pro|file>em")
            await session.press("<c-k>f<tab>")
            #expect(Self.probeLine(session.state) == "profile|")
        }
    }

    // MARK: The `:` line

    @Test(arguments: [
        (":cal<tab>", ":call |", [String]()),
        (":c<tab>", ":ca|", ["call", "capture"]),
        (":call us<tab>", ":call user |", []),
        (":call j<tab>", ":call jo|", ["jobs", "journal"]),
        (
            ":call search <tab>", ":call search |",
            [
                "city", "page", "--model", "--envelope", "--pages", "--data", "--form", "--multipart", "--header",
                "--max-time", "--connect-timeout", "--max-events",
            ]
        ),
        (":call search city=成都 p<tab>", ":call search city=成都 page=|", []),
        (":call search --mo<tab>", ":call search --model=|", []),
        (":call search --m<tab>", ":call search --m|", ["--model", "--multipart", "--max-time", "--max-events"]),
        (":sto<tab>", ":store |", []),
    ])
    func commandLineCompletion(_ keys: String, _ line: String, _ listed: [String]) throws {
        var state = try Self.described()
        _ = Self.type(keys, into: &state)
        #expect(":" + state.commandLine.beforeCursor + "|" + state.commandLine.afterCursor == line)
        #expect((state.completion?.candidates.map(\.label) ?? []) == listed)
    }

    @Test func aSendingCommandLineFillsEveryPane() async throws {
        try await withTUI { session in
            await session.press(":call user id=1002<enter>")
            let state = session.state
            #expect(!state.isRequestRunning)
            #expect(state.exchange?.endpoint == "user")
            #expect(state.exchange?.httpStatus == 200)
            #expect(state.tree?.root["name"]?.stringValue == "李娜")
            #expect(state.history.first?.endpoint == "user")
            #expect(state.message == "call user → HTTP 200 success")
            let screen = session.screenText()
            #expect(screen.contains("HTTP 200 OK"), "\(screen)")
            #expect(screen.contains("成功") && screen.contains("李娜") && screen.contains("History (1)"), "\(screen)")
            #expect(state.commandOutput == nil, "the Tip pane shows the tip, not the command's text")
        }
    }

    @Test func aLineThatSendsNothingShowsItsTextInTheOutputPane() async throws {
        try await withTUI { session in
            await session.press(":endpoints<enter>")
            #expect(session.state.commandOutput?.contains("user  GET /cmd/users/{id}") == true)
            #expect(session.state.exchange == nil)
        }
    }

    @Test func escCancelsARunningCommandLine() throws {
        var state = try KeyStateMachineTests.state()
        let effects = Self.type(":call slow delay_ms=30000<enter>", into: &state)
        #expect(effects == [.sendCommand(requestID: 1, line: "call slow delay_ms=30000")])
        #expect(state.isRequestRunning)
        #expect(HeadlessScreenRenderer.render(state).contains("sending :call slow delay_ms=30000"))

        let cancelled = state.handle(.key(.escape))
        #expect(cancelled == [.cancel(requestID: 1), .loadHistory])
        #expect(!state.isRequestRunning)
        #expect(state.exchange?.outcome == .cancelled)
        #expect(state.exchange?.endpoint == "slow")
        #expect(state.message == ":call slow delay_ms=30000 cancelled")
        #expect(HeadlessScreenRenderer.render(state).contains("cancelled"))

        // The cancelled line's late answer is dropped, but its History row (recorded as cancelled) is
        // loaded at once.
        let late = try KeyStateMachineTests.display()
        let dropped = state.handle(
            .commandFinished(requestID: 1, result: TerminalCommandResult(text: "x", display: late)))
        #expect(dropped == [.loadHistory])
        #expect(state.exchange?.outcome == .cancelled)
    }

    @Test func upAndDownRecallEarlierLinesOfTheSameKindOnly() throws {
        var state = try KeyStateMachineTests.state()
        _ = Self.type(":endpoints<enter>:history 5<enter>", into: &state)
        _ = Self.type(":hist<up>", into: &state)
        #expect(state.commandLine.text == "history 5")
        _ = Self.type("<up>", into: &state)
        #expect(state.commandLine.text == "endpoints")
        _ = Self.type("<down><down>", into: &state)
        #expect(state.commandLine.text == "hist", "the half-typed line comes back")
        _ = Self.type("<esc>p<up>", into: &state)
        #expect(state.probe.text.isEmpty, "probe lines have their own history")
    }

    // MARK: Pickers and the form

    @Test func pickerMovesWithArrowsAndControlKeysAndEveryLetterFilters() throws {
        var state = try Self.described()
        _ = Self.type("e<c-n><c-n>", into: &state)
        #expect(state.pickerCursor == 2)
        _ = Self.type("<c-p>", into: &state)
        #expect(state.pickerCursor == 1)
        _ = Self.type("<down><down><up>", into: &state)
        #expect(state.pickerCursor == 2)
        _ = Self.type("j", into: &state)
        #expect(state.pickerFilter == "j" && state.pickerCursor == 0)
        #expect(state.pickerMatches.map(\.id) == ["jobs", "journal"])
        _ = Self.type("ok", into: &state)
        #expect(state.pickerMatches.isEmpty, "k is a letter here")
        _ = Self.type("<bs><bs><left>x", into: &state)
        #expect(state.pickerFilter == "xj", "the filter is a line: ← then typing inserts")
        _ = Self.type("<esc>e", into: &state)
        #expect(state.pickerFilter.isEmpty && state.pickerCursor == 0, "the filter is cleared when it reopens")
    }

    @Test func pickerOpenedBySendingWithNoEndpointStartsEmpty() throws {
        var state = try Self.described()
        _ = Self.type("ejou<esc>", into: &state)
        _ = Self.type("r", into: &state)
        #expect(state.mode == .picker)
        #expect(state.pickerFilter.isEmpty)
    }

    @Test func formShowsEachParametersDescriptionAndDefaultAndEditsWithTheLineEditor() throws {
        var state = try Self.described()
        _ = Self.type("esearch<enter>", into: &state)
        #expect(state.mode == .form)
        let screen = HeadlessScreenRenderer.render(state)
        #expect(screen.contains("default 杭州 · 城市名称（中文）"), "\(screen)")
        #expect(screen.contains("no default · Which page of results"), "\(screen)")
        #expect(screen.contains("city: 城市名称（中文）"), "\(screen)")
        _ = Self.type("<home>南<c-e><bs><down>7<up>", into: &state)
        #expect(state.form?.fields.map(\.value) == ["南杭", "7"])
        #expect(HeadlessScreenRenderer.render(state).contains("南杭▏"), "the cursor is at the end of the focused field")
        _ = Self.type("<tab>", into: &state)
        #expect(HeadlessScreenRenderer.render(state).contains("page: Which page of results"))
        let effects = Self.type("<c-u>3<enter>", into: &state)
        #expect(effects == [.send(requestID: 1, endpoint: "search", parameters: ["city": "南杭", "page": "3"])])
    }

    @Test func aSecretIsEditedWithTheLineEditorAndHasNoHistory() throws {
        var state = try KeyStateMachineTests.state()
        state.handle(.ask(SecretQuestion(id: 7, kind: .secret(label: "Token"), profile: "tui")))
        _ = Self.type("abcd<left><left><bs><del>X<up><down>", into: &state)
        #expect(state.answerLine.text == "aXd")
        #expect(HeadlessScreenRenderer.render(state).contains("(not shown): ••▏•"))
        let answered = state.handle(.key(.enter))
        #expect(answered == [.answer(id: 7, with: "aXd")])
    }
}
