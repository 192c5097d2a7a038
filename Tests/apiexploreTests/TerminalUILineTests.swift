import Foundation
import Testing

/// The `:` line and the probe line in a real terminal (tmux), against a demo server on loopback: a
/// `:call` fills the four panes like a key's send, Esc cancels a slow one, Tab cycles candidates.
@Suite("Terminal UI input lines", .serialized)
struct TerminalUILineTests {
    /// Runs the UI on a profile with the demo `user` endpoint and `/hazards/slow` (15 s: Esc ends it
    /// long before), waits for it to draw, gives it to `body`, then stops everything.
    static func withUI(_ body: (TmuxSession) async throws -> Void) async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        try """
        name: lines
        base_url: "\(server.baseURL)"
        envelope: {status: code, success: 0, tip: msg, model: data}
        endpoints:
          user:
            path: /cmd/users/{id}
            params:
              id: {default: "1001", description: The user's id}
          slow:
            path: /hazards/slow
            query: {delay_ms: "15000"}
            envelope: {status: null, success: http, tip: message, model: ""}
        """.write(to: directory.appendingPathComponent("lines.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command("--profile lines --profiles-dir \(shellQuoted(directory.path))"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · lines · http://127.0.0.1:") }
        try await body(session)
    }

    @Test func colonCallFillsEveryPaneAndTabCyclesProbeCandidates() async throws {
        try await Self.withUI { session in
            try session.type(":call user id=1002")
            try session.press("Enter")
            let sent = try await session.waitFor("the exchange in the panes") {
                $0.contains("李娜") && $0.contains("History (1)")
            }
            #expect(sent.contains("HTTP 200 OK"), "the Status pane: \(sent)")
            #expect(sent.contains("成功"), "the Tip pane: \(sent)")
            #expect(sent.contains("name: \"李娜\""), "the Model pane: \(sent)")
            #expect(sent.contains("[HTTP ✓] [BIZ ✓]"), "\(sent)")
            #expect(!sent.contains("Output"), "a sending line shows its exchange, not a text: \(sent)")

            // Tab lists name and nickname (the model's keys at the root only), then cycles.
            try session.type("pn")
            try session.press("Tab")
            let listed = try await session.waitFor("the candidate list") { $0.contains("Tab 2 ·") }
            #expect(listed.contains("name") && listed.contains("nickname"), "\(listed)")
            try session.press("Tab")
            try await session.waitFor("the first candidate") { $0.contains("probe name▏") && $0.contains("= \"李娜\"") }
            try session.press("Tab")
            try await session.waitFor("the second candidate") {
                $0.contains("probe nickname▏") && $0.contains("= \"小娜\"")
            }
            try session.press("BTab")
            try await session.waitFor("back to the first") { $0.contains("probe name▏") }
            try session.press("Escape")
            try session.press("Escape")

            // ↑ on the `:` line brings the call back.
            try session.type(":")
            try session.press("Up")
            try await session.waitFor("the recalled line") { $0.contains(":call user id=1002▏") }
            try session.press("Escape")
            try session.type("q")
            try await session.waitFor("the exit") { $0.contains("exit=0") }
        }
    }

    @Test func escCancelsASlowColonCall() async throws {
        try await Self.withUI { session in
            try session.type(":call slow")
            try session.press("Enter")
            try await session.waitFor("the spinner") { $0.contains("sending :call slow") && $0.contains("Esc cancels") }
            try session.press("Escape")
            let cancelled = try await session.waitFor("the cancelled call") { $0.contains(":call slow cancelled") }
            #expect(!cancelled.contains("sending :call slow"), "\(cancelled)")
            #expect(cancelled.contains("outcome cancelled"), "\(cancelled)")
            // The UI answers keys again: the line's task was cancelled, not waited for.
            try session.press("Tab")
            try await session.waitFor("the focus on History") { $0.contains("╔═ History") }
            try session.type("q")
            try await session.waitFor("the exit") { $0.contains("exit=0") }
        }
    }
}
