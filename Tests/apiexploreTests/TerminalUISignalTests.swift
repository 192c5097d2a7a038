import Foundation
import Testing

/// Whatever ends the TUI — a signal from outside, a crash inside — the terminal comes back as it was:
/// off the alternate screen, the cursor shown, the same `stty` modes, a shell that echoes and reads lines.
@Suite("Terminal UI leaves a usable terminal", .serialized)
struct TerminalUISignalTests {
    /// The pane: the modes before, the UI (no core files, no crash reporter waiting for a key), its exit
    /// status, whether the modes came back, then an interactive shell to type into.
    static func command(_ arguments: String) -> String {
        let binary = shellQuoted(CommandRunner.executable.path)
        return "ulimit -c 0; stty -g > modes.before; SWIFT_BACKTRACE=enable=no timeout --foreground 900 \(binary) "
            + "\(arguments); echo \"exit=$?\"; stty -g > modes.after; "
            + "cmp -s modes.before modes.after && echo modes=same || echo modes=changed; exec sh -i"
    }

    /// Checks what the pane shows after the UI ended: the exit status, the modes, a shell that works,
    /// the normal screen and a visible cursor.
    static func expectUsableTerminal(_ session: TmuxSession, exit status: Int?) async throws {
        let after = try await session.waitFor("the exit") { $0.contains("exit=") && $0.contains("modes=") }
        if let status { #expect(after.contains("exit=\(status)"), "\(after)") }
        #expect(after.contains("modes=same"), "\(after)")
        #expect(!after.contains("┌─ Status") && !after.contains("─ History"), "\(after)")
        try session.type("echo typed-$((6*7))")
        try session.press("Enter")
        let shell = try await session.waitFor("the shell's answer") { $0.contains("typed-42") }
        // Echo is on (the command line shows what was typed) and lines are read whole (icanon).
        #expect(shell.contains("echo typed-$((6*7))"), "\(shell)")
        let flags = try session.tmux(["display-message", "-p", "-t", session.name, "#{alternate_on} #{cursor_flag}"])
        #expect(flags.trimmingCharacters(in: .whitespacesAndNewlines) == "0 1", "alternate screen off, cursor shown")
    }

    /// The apiexplore process: the child of `timeout`, the child of the pane's shell.
    static func processID(_ session: TmuxSession) throws -> Int32 {
        func child(of pid: String) throws -> String {
            let children = try String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)
            return try #require(children.split(separator: " ").first.map(String.init))
        }
        let shell = try session.tmux(["display-message", "-p", "-t", session.name, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try #require(Int32(try child(of: try child(of: shell))))
    }

    static let fatalSignals: [Int32] = [SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT]

    @Test(arguments: fatalSignals)
    func aFatalSignalLeavesAUsableTerminal(signal: Int32) async throws {
        let session = try TmuxSession(command: Self.command("--profile demo"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · demo") }
        // Something on screen that must go: the picker over the panes.
        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        #expect(kill(try Self.processID(session), signal) == 0)
        try await Self.expectUsableTerminal(session, exit: 128 + Int(signal))
    }

    @Test func anAnswerWithStatus000LeavesAUsableTerminal() async throws {
        // A status line AsyncHTTPClient traps on (SIGILL) without the response guard: with it, an error
        // the UI shows like any answer that is no response, and the UI goes on.
        let server = try CannedResponseServer(response: "HTTP/1.1 000 Nothing\r\nContent-Length: 2\r\n\r\n{}")
        defer { server.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        try """
        name: hostile
        base_url: "\(server.baseURL)"
        endpoints:
          zero: {path: /zero}
        """.write(to: directory.appendingPathComponent("hostile.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: Self.command("--profile hostile --profiles-dir \(shellQuoted(directory.path))"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · hostile") }
        try session.type(":call zero")
        try session.press("Enter")
        let screen = try await session.waitFor("a crash or the refused answer") {
            $0.contains("exit=") || $0.contains("HTTP no response")
        }
        #expect(!screen.contains("exit="), "the UI must outlive the answer: \(screen)")
        try session.type("q")
        try await Self.expectUsableTerminal(session, exit: 0)
    }
}
