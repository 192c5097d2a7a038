import APIClient
import Testing

@testable import APITerminalUI

/// `S`: showing secrets in clear is an explicit act that asks first, as pure state.
@Suite("The S key")
struct SecretsKeyTests {
    static func state() throws -> AppState {
        let profile = try Profile(
            yaml: "name: t\nbase_url: http://x.test\nendpoints: {a: {path: /a}}\n", file: "t.yaml")
        return AppState(profile: profile, columns: 120, rows: 40)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let answer: String
        let reveals: Bool
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "y shows them", answer: "y", reveals: true),
        Case(name: "Y shows them", answer: "Y", reveals: true),
        Case(name: "n keeps them masked", answer: "n", reveals: false),
        Case(name: "Escape keeps them masked", answer: "<esc>", reveals: false),
        Case(name: "any other key keeps them masked", answer: "q", reveals: false),
    ])
    func sAsksBeforeShowingSecrets(_ testCase: Case) throws {
        var state = try Self.state()
        #expect(state.handle(.key(.character("S"))) == [])
        #expect(!state.revealsSecrets)
        #expect(state.message?.contains("y/n") == true)
        var effects: [AppEffect] = []
        for key in Key.parse(testCase.answer) { effects += state.handle(.key(key)) }
        #expect(effects == (testCase.reveals ? [.revealSecrets(true)] : []))
        #expect(state.revealsSecrets == testCase.reveals)
    }

    @Test func sAgainMasksThemAtOnce() throws {
        var state = try Self.state()
        _ = state.handle(.key(.character("S")))
        _ = state.handle(.key(.character("y")))
        #expect(state.revealsSecrets)
        #expect(state.handle(.key(.character("S"))) == [.revealSecrets(false)])
        #expect(!state.revealsSecrets)
        #expect(state.message == "secrets masked again")
    }
}
