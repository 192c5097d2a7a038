import Foundation
import Testing

/// What the TUI says is what happened, in a real terminal (tmux): `]` pages the exchange a `:call`
/// showed, a mistyped `:` line says its column (not `::1:6:`), a cancelled `:call` has its History row
/// at once, and an ad-hoc request to another API shows that API's whole body.
@Suite("Terminal UI honest displays", .serialized)
struct TerminalUIHonestDisplayTests {
    @Test func aCallPagesAndATypoSaysItsColumn() async throws {
        let session = try TmuxSession(command: TerminalUIEndToEndTests.command("--profile pages"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · pages") }
        try session.type(":call usr")
        try session.press("Enter")
        let typo = try await session.waitFor("the error") { $0.contains("column 6:") }
        #expect(!typo.contains("::1:6"), "\(typo)")
        try session.type(":call link per_page=5")
        try session.press("Enter")
        // The Status pane says where the walk is: `page 1 · 5 items · ] next`, wrapped in a narrow pane.
        try await session.waitFor("the first page") { $0.contains("History (1)") && $0.contains("5 items · ] next") }
        try session.type("]")
        let second = try await session.waitFor("the second page") {
            $0.contains("History (2)") && $0.contains("10 items · ] next")
        }
        #expect(!second.contains("does not page"), "\(second)")
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }

    @Test func aCancelledCallHasItsHistoryRowAtOnce() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        try """
        name: slow
        base_url: "${demo:base_url}"
        envelope: {status: null, success: http, tip: message, model: ""}
        endpoints:
          wait:
            path: /hazards/slow
            query: {delay_ms: "60000"}
        """.write(to: directory.appendingPathComponent("slow.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command("--profile slow --profiles-dir \(shellQuoted(directory.path))"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · slow") }
        try session.type(":call wait")
        try session.press("Enter")
        try await session.waitFor("the spinner") { $0.contains("sending :call wait") }
        try session.press("Escape")
        // Well before the 60 s the server would take: the cancelled exchange's row, with no other request.
        let row = try await session.waitFor("the cancelled row", timeout: .seconds(30)) {
            $0.contains("History (1)") && $0.contains(":call wait cancelled")
        }
        #expect(row.contains("!"), "\(row)")
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }

    @Test func anAdHocRequestToAnotherAPIShowsItsWholeBody() async throws {
        // Another API: a bare JSON array, which the profile's {code, msg, data} envelope cannot read.
        let other = try CannedResponseServer(
            response: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 33\r\n\r\n"
                + #"[{"login":"octocat","id":583231}]"#)
        defer { other.stop() }
        let session = try TmuxSession(command: TerminalUIEndToEndTests.command("--profile demo"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · demo") }
        try session.type("a")
        try await session.waitFor("the ad-hoc form") { $0.contains("Ad-hoc request") }
        // The URL line is open for typing.
        try session.type("\(other.baseURL)/users")
        try session.press("Enter")
        try session.type("s")
        let shown = try await session.waitFor("the answer") { $0.contains("History (1)") && $0.contains("octocat") }
        #expect(!shown.contains("(no model)"), "\(shown)")
        #expect(shown.contains("583231"), "\(shown)")
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }
}
