import Foundation
import Testing

/// The real binary in a real terminal (tmux), against the in-process demo backend.
@Suite("Terminal UI end to end", .serialized)
struct TerminalUIEndToEndTests {
    /// Runs the binary, then reports its exit status and whether the terminal is back in cooked mode.
    static func command(_ arguments: String) -> String {
        let binary = shellQuoted(CommandRunner.executable.path)
        return "timeout --foreground 900 \(binary) \(arguments); echo \"exit=$?\"; "
            + "stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo; sleep 120"
    }

    @Test func pickSendProbeHistoryResizeQuit() async throws {
        let session = try TmuxSession(command: Self.command("--profile demo"))
        defer { session.kill() }
        try await session.waitFor("the empty UI") { $0.contains("apiexplore · demo · http://127.0.0.1:") }

        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type("user")
        try session.press("Enter")
        try await session.waitFor("the parameter form") { $0.contains("Parameters · user") && $0.contains("1001") }
        try session.press("Enter")
        let sent = try await session.waitFor("the response") { $0.contains("HTTP 200 OK") && $0.contains("成功") }
        #expect(sent.contains("张伟"))
        #expect(sent.contains("[HTTP ✓] [BIZ ✓]"))

        try session.type("ppro")
        try session.press("Tab")
        try await session.waitFor("completion of profile") { $0.contains("probe profile▏") }
        try session.type(">ad")
        try session.press("Tab")
        try await session.waitFor("completion of address") { $0.contains("probe profile>address▏") }
        try session.type(">ci")
        try session.press("Tab")
        try await session.waitFor("the probe value") {
            $0.contains("probe profile>address>city▏") && $0.contains("= \"杭州市\"")
        }
        try session.press("Escape")

        try session.type("e")
        try await session.waitFor("the picker again") { $0.contains("Endpoints (") }
        try session.type("orders")
        try session.press("Enter")
        try await session.waitFor("the business failure") { $0.contains("invalid token") && $0.contains("History (2)") }

        try session.press("Tab")
        try session.type("j")
        try session.press("Enter")
        let restored = try await session.waitFor("the history entry") { $0.contains("history #1: user") }
        #expect(restored.contains("成功"))
        #expect(restored.contains("HTTP 200 OK"))

        try session.tmux(["resize-window", "-t", session.name, "-x", "80", "-y", "24"])
        let small = try await session.waitFor("the 80×24 layout") { screen in
            let lines = screen.split(separator: "\n")
            return lines.count == 24 && screen.contains("History (2)") && screen.contains("╔")
        }
        #expect(small.split(separator: "\n").allSatisfy { $0.count <= 80 })

        try session.type("q")
        let after = try await session.waitFor("the exit") { $0.contains("exit=0") && $0.contains("icanon") }
        #expect(after.contains("icanon echo"))
        #expect(!after.contains("-icanon"))
    }

    @Test func bodyEscapeSequencesNeverReachTheTerminal() async throws {
        // The shipped demo profile's `escapes` endpoint answers with ESC, BEL, C1 CSI and bidi overrides.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tui-escapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { CommandRunner.remove(directory) }
        let output = directory.appendingPathComponent("pty-output")
        let session = try TmuxSession(command: Self.command("--profile demo"))
        defer { session.kill() }
        try session.tmux(["pipe-pane", "-t", session.name, "-o", "cat >> \(shellQuoted(output.path))"])
        try await session.waitFor("the empty UI") { $0.contains("apiexplore · demo") }
        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type("escapes")
        try session.press("Enter")
        let screen = try await session.waitFor("the escapes response") { $0.contains("HTTP 200 OK") }
        try session.type("0")
        try await session.waitFor("the unfolded tree") { $0.contains("bell") }
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
        #expect(screen.contains("\\u001b[2J"))
        let bytes = try String(decoding: Data(contentsOf: output), as: UTF8.self)
        // ncurses writes its own escape sequences; none of the body's may appear.
        // Booleans first, so a failure message does not replay the terminal output.
        for hostile in ["\u{1B}[HScreen", "\u{1B}]0;pwned", "ding\u{07}", "\u{9B}31m", "line\u{85}", "\u{202E}"] {
            let reached = bytes.contains(hostile)
            #expect(!reached, "the body's \(hostile.debugDescription) reached the terminal")
        }
        for visible in ["ding\\u0007dong", "pwned title\\u0007", "line\\u0085break"] {
            let shown = bytes.contains(visible)
            #expect(shown, "\(visible) is not in the terminal output as a visible escape")
        }
    }

    @Test func aSlowRequestKeepsTheUIAnsweringAndEscCancelsIt() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tui-slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { CommandRunner.remove(directory) }
        try """
        name: slow
        description: a request that takes its time
        base_url: "${demo:base_url}"
        envelope: {status: null, success: http, tip: message, model: ""}
        endpoints:
          wait:
            path: /hazards/slow
            query: {delay_ms: "20000"}
        """.write(to: directory.appendingPathComponent("slow.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: Self.command("--profile slow --profiles-dir \(shellQuoted(directory.path))"))
        defer { session.kill() }
        try await session.waitFor("the empty UI") { $0.contains("apiexplore · slow") }
        try session.type("e")
        try session.press("Enter")
        try await session.waitFor("the spinner") { $0.contains("sending wait") && $0.contains("Esc cancels") }
        // Keys still work while the request runs: the focus moves to History and back.
        try session.press("Tab")
        try await session.waitFor("the focus on History") { $0.contains("╔═ History") && $0.contains("sending wait") }
        try session.press("BTab")
        try await session.waitFor("the focus back on Model") { $0.contains("╔═ [Model]") }
        try session.press("Escape")
        let cancelled = try await session.waitFor("the cancellation") { $0.contains("request cancelled") }
        #expect(cancelled.contains("outcome cancelled"))
        #expect(!cancelled.contains("sending wait"))
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") && $0.contains("icanon echo") }
    }

    @Test(arguments: [(SIGTERM, 143), (SIGINT, 130), (SIGHUP, 129)])
    func aSignalRestoresTheTerminal(signal: Int32, status: Int) async throws {
        let session = try TmuxSession(command: Self.command("--profile demo"))
        defer { session.kill() }
        try await session.waitFor("the empty UI") { $0.contains("apiexplore · demo") }
        // The pane runs sh, whose child is `timeout`, which passes the signal on to apiexplore.
        let shell = try session.tmux(["display-message", "-p", "-t", session.name, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        let timeoutPID = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        #expect(kill(timeoutPID, signal) == 0)
        let after = try await session.waitFor("the exit") { $0.contains("exit=") && $0.contains("icanon") }
        #expect(after.contains("exit=\(status)"), "128 + the signal")
        #expect(after.contains("icanon echo"))
        #expect(!after.contains("┌─ Status"))
    }

    @Test func withoutATerminalItSaysSoAndExits2() async throws {
        let result = try await CommandRunner.run(["--profile", "demo"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no terminal"))
        #expect(result.stderr.contains("apiexplore run"))
    }
}
