import Foundation
import Testing

/// An event stream in the terminal UI, in a real terminal (tmux) against `serve-demo` on loopback:
/// events listed as they arrive with counts and a rate, the selected event's tree beside them, Esc
/// stops the stream and keeps what arrived.
@Suite("Terminal UI event streams", .serialized)
struct TerminalUIStreamTests {
    @Test func eventsArriveLiveAndEscStopsTheStream() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        // A job of 600 steps, one every 100 ms: a minute of stream, far more than the test waits.
        try """
        name: jobs
        base_url: "\(server.baseURL)"
        timeouts: {total: 5m}
        envelope: {status: code, success: 0, tip: msg, model: data}
        endpoints:
          job:
            path: /streams/job
            query: {steps: "600", interval_ms: "100"}
            events: {envelope: true}
        """.write(to: directory.appendingPathComponent("jobs.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command("--profile jobs --profiles-dir \(shellQuoted(directory.path))"),
            columns: 160, rows: 40)
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · jobs · http://127.0.0.1:") }
        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type("job")
        try session.press("Enter")
        // Events listed as they arrive, the newest selected and its tree shown beside the list.
        // Counted from the list's title: a look that comes late (a busy test process) finds the
        // list scrolled past `#2`, and must still see three live events.
        let live = try await session.waitFor("three live events") {
            $0.contains("· live") && (Self.eventCount(in: $0) ?? 0) >= 3 && $0.contains("Event #")
        }
        #expect(live.contains("/s · live"), "a rate once two events arrived:\n\(live)")
        #expect(live.contains("percent"), "the selected event's tree:\n\(live)")
        try session.press("Escape")
        let stopped = try await session.waitFor("the stopped stream") { $0.contains("· stopped") }
        let count = try #require(Self.eventCount(in: stopped), "\(stopped)")
        #expect(count >= 3)
        // The stream was recorded; nothing arrives after the stop.
        let recorded = try await session.waitFor("the history row") { $0.contains("job") && $0.contains("✓") }
        #expect(Self.eventCount(in: recorded) == count, "\(recorded)")
        // `<` selects the event before: its tree replaces the pane's.
        try session.type("<")
        try await session.waitFor("the previous event") { $0.contains("Event #\(count - 2)") }
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }

    /// The count in the list's title: `Events 12 · …`.
    static func eventCount(in screen: String) -> Int? {
        guard let range = screen.range(of: "Events ") else { return nil }
        return Int(screen[range.upperBound...].prefix { $0.isNumber })
    }
}
