import APIClient
import APIClientTesting
import APIMapping
import Foundation
import Testing

@testable import APITerminalUI

/// Where failures are shown: why no response came in the Status pane with its kind, the API's own
/// message in the Tip pane, a cancelled request saying so.
@Suite("Status pane failures")
struct StatusPaneFailureTests {
    /// The Status and Tip panes' lines, without their borders and trailing blanks.
    static func panes(_ state: AppState) -> (status: String, tip: String) {
        var screen = GridScreen(columns: state.columns, rows: state.rows)
        state.render(into: &screen)
        // Status sits over Tip in the left column: each pane's rows, inside its borders.
        func text(of rect: Rect) -> String {
            (rect.row..<rect.bottom).map { row in
                var line = ""
                for column in rect.column + 1..<rect.right - 1 {
                    if let character = screen.cell(row: row, column: column).character { line.append(character) }
                }
                while line.last == " " { line.removeLast() }
                return line
            }.joined(separator: "\n")
        }
        return (text(of: state.layout.status), text(of: state.layout.tip))
    }

    @Test func aRefusedConnectionShowsItsKindInTheStatusPane() async throws {
        // Nothing listens on port 1 of loopback: a real refused connection.
        let profile = try Profile(
            yaml: "name: down\nbase_url: http://127.0.0.1:1\nendpoints:\n  user: {path: /users/1}\n", file: "down.yaml")
        let display = try await withDemoBackend { _, transport in
            let services = ClientTerminalServices(
                profile: profile, client: ProfileClient(transport: transport, environment: [:]))
            return await services.send(endpoint: "user", parameters: [:]) { _ in }
        }
        #expect(display.failureKind == "connection refused")
        #expect(display.outcome == .transportFailure)
        #expect(display.tip == nil)
        #expect(display.url == "http://127.0.0.1:1/users/1")
        var state = AppState(profile: profile, columns: 120, rows: 40)
        state.handle(.show(display))
        let (status, tip) = Self.panes(state)
        #expect(status.contains(" error\n  connection refused\n"), "\(status)")
        #expect(status.contains(" url http://\n     127.0.0.1:1/\n     users/1\n"), "\(status)")
        #expect(tip.contains("(no response: the"), "\(tip)")
        #expect(!tip.contains("refused"), "\(tip)")
    }

    @Test func aCancelledRequestSaysCancelledNotATime() throws {
        var state = try KeyStateMachineTests.state()
        for key in Key.parse("eorders<enter>") { state.handle(.key(key)) }
        state.handle(.key(.escape))
        let (status, tip) = Self.panes(state)
        #expect(status.contains(" HTTP cancelled\n"), "\(status)")
        #expect(status.contains(" time cancelled\n"), "\(status)")
        #expect(!status.contains("0 ms"), "\(status)")
        #expect(tip.contains("(cancelled: no"), "\(tip)")
    }

    @Test func longValuesWrapAtSpacesInsteadOfBeingCut() throws {
        var state = try KeyStateMachineTests.state()
        var display = try KeyStateMachineTests.display()
        display.contentType = "application/problem+json; charset=utf-8"
        display.notes = ["the body's status is at data>meta>code, a string where the envelope expects a number"]
        state.handle(.show(display))
        let (status, _) = Self.panes(state)
        // The content type drops its parameters when it does not fit, then breaks after its `/`.
        #expect(status.contains(" type application/\n      problem+json\n"), "\(status)")
        #expect(!status.contains("charset"), "\(status)")
        // A note wraps at spaces, whole words on each line, and is not cut.
        #expect(
            status.contains(" ! the body's status\n   is at\n   data>meta>code, a\n   string where the\n"), "\(status)")
        #expect(status.contains("   envelope expects a\n   number\n"), "\(status)")
    }

    @Test func aProbeErrorIsOneLineOfText() throws {
        var state = try KeyStateMachineTests.state()
        state.handle(.show(try KeyStateMachineTests.display()))
        let outcome = AppState.probeOutcome("$[?", in: state.tree?.root)
        guard case .failed(let message) = outcome else {
            Issue.record("expected a failure: \(outcome)")
            return
        }
        #expect(message.hasPrefix("invalid JSONPath at column"), "\(message)")
        #expect(!message.contains("\n") && !message.contains("^"), "\(message)")
    }
}
