import Foundation
import Testing

/// `/` search with `n`/`N` in a real terminal (tmux), against the in-process demo backend.
@Suite("Terminal UI search", .serialized)
struct TerminalUISearchTests {
    @Test func searchJumpsBetweenMatchesWithNAndShiftN() async throws {
        let session = try TmuxSession(command: TerminalUIEndToEndTests.command("--profile demo"))
        defer { session.kill() }
        try await session.waitFor("the empty UI") { $0.contains("apiexplore · demo · http://127.0.0.1:") }
        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type("user")
        try session.press("Enter")
        try await session.waitFor("the parameter form") { $0.contains("Parameters · user") }
        try session.press("Enter")
        try await session.waitFor("the response") { $0.contains("HTTP 200 OK") && $0.contains("张伟") }

        // 1001 is in three rows: id, profile>email, profile>phone.
        try session.type("/1001")
        try await session.waitFor("the search line") { $0.contains("/1001▏") }
        try session.press("Enter")
        try await session.waitFor("the first match") { $0.contains("match 1 of 3  /1001") && $0.contains("path id") }
        try session.type("n")
        try await session.waitFor("the second match") {
            $0.contains("match 2 of 3  /1001") && $0.contains("path profile>email")
        }
        try session.type("n")
        try await session.waitFor("the third match") {
            $0.contains("match 3 of 3  /1001") && $0.contains("path profile>phone")
        }
        try session.type("n")
        try await session.waitFor("the wrap") { $0.contains("search wrapped · match 1 of 3") }
        try session.type("N")
        try await session.waitFor("back over the start") { $0.contains("search wrapped · match 3 of 3") }
        try session.type("N")
        try await session.waitFor("the second match again") {
            $0.contains("match 2 of 3  /1001") && $0.contains("path profile>email")
        }

        // A match inside the folded address opens it (from the top: Enter starts at the cursor).
        try session.type("g/杭州")
        try session.press("Enter")
        try await session.waitFor("the first CJK match") { $0.contains("match 1 of 2  /杭州") }
        try session.type("n")
        let unfolded = try await session.waitFor("the match inside address") {
            $0.contains("match 2 of 2  /杭州") && $0.contains("path profile>address>city")
        }
        #expect(unfolded.contains("杭州市") && unfolded.contains("浙江省"), "\(unfolded)")

        // The probe has its own key now, and starts from the cursor's path.
        try session.type("p")
        try await session.waitFor("the probe line") {
            $0.contains("probe profile>address>city▏") && $0.contains("= \"杭州市\"")
        }
        try session.press("Escape")
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }

    /// Typing `/Error` in every view searches; none of its letters runs as a key (`E` would switch the
    /// environment, `r` resend): the environment and the history stay as they were.
    @Test func slashErrorInEveryViewIsText() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        try """
        name: stages
        environments:
          dev: {base_url: "\(server.baseURL)"}
          staging: {base_url: "\(server.baseURL)/staging"}
        endpoints:
          user: {path: /cmd/users/1001}
        """.write(to: directory.appendingPathComponent("stages.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command("--profile stages --profiles-dir \(shellQuoted(directory.path))"))
        defer { session.kill() }
        try await session.waitFor("the UI in dev") { $0.contains("apiexplore · stages · dev · ") }
        // Before any exchange too.
        try session.type("/Error")
        try await session.waitFor("the search line") { $0.contains("/Error▏") }
        try session.press("Enter")
        try await session.waitFor("nothing to search") { $0.contains("nothing to search") }
        try session.type(":call user")
        try session.press("Enter")
        try await session.waitFor("the answer") { $0.contains("History (1)") && $0.contains("HTTP 200") }
        for view in ["model", "headers", "raw pretty", "raw text", "raw hex", "request", "timing"] {
            try session.type(":view \(view)")
            try session.press("Enter")
            try session.type("/Error")
            try await session.waitFor("the search line in \(view)") { $0.contains("/Error▏") }
            try session.press("Enter")
            let after = try await session.waitFor("the search in \(view)") {
                $0.contains("no match for /Error") || $0.contains("match 1 of")
            }
            #expect(after.contains("apiexplore · stages · dev · "), "\(view): \(after)")
            #expect(after.contains("History (1)"), "\(view): \(after)")
        }
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }
}
