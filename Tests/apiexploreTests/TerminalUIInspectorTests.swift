import Foundation
import RawHTTPTesting
import Testing

/// The exchange inspector in a real terminal (tmux) against a demo server on loopback: the headers,
/// raw and request views of a live exchange and of one loaded from history, and the redirects both
/// list (against raw loopback servers).
@Suite("Terminal UI exchange inspector", .serialized)
struct TerminalUIInspectorTests {
    @Test func headersRawAndRequestOfALiveAndAHistoryExchange() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        try """
        name: inspect
        base_url: "\(server.baseURL)"
        headers: {X-Api-Key: "k-inspector-secret"}
        redact: {headers: [X-Api-Key]}
        envelope: {status: code, success: 0, tip: msg, model: data}
        endpoints:
          user:
            path: /cmd/users/{id}
            params:
              id: {default: "1001"}
        """.write(to: directory.appendingPathComponent("inspect.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command("--profile inspect --profiles-dir \(shellQuoted(directory.path))"),
            columns: 200, rows: 50)
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · inspect · http://127.0.0.1:") }

        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type("user")
        try session.press("Enter")
        try await session.waitFor("the parameter form") { $0.contains("Parameters · user") }
        try session.press("Enter")
        try await session.waitFor("the response") { $0.contains("HTTP 200 OK") && $0.contains("张伟") }

        try session.type("v")
        let headers = try await session.waitFor("the headers view") {
            $0.contains("Model [Headers] Raw Request Timing") && $0.contains("Content-Type: application/json")
        }
        #expect(headers.contains("HTTP/1.1 200 OK"), "\(headers)")
        try session.type("v")
        let raw = try await session.waitFor("the raw view") {
            $0.contains("[Raw]") && $0.contains(#""name": "张伟""#)
        }
        #expect(raw.contains("pretty JSON"), "\(raw)")
        try session.type(":view raw text")
        try session.press("Enter")
        try await session.waitFor("the body as received") { $0.contains(#"{"code":0,"msg":"成功""#) }
        try session.type("v")
        let request = try await session.waitFor("the request view") {
            $0.contains("[Request]") && $0.contains("GET http://127.0.0.1:")
        }
        #expect(request.contains("/cmd/users/1001"), "\(request)")
        #expect(request.contains("X-Api-Key: ••••"), "\(request)")
        #expect(!request.contains("k-inspector-secret"), "\(request)")

        // A second exchange, then the first one from history: the view stays on Request.
        try session.type("r")
        try await session.waitFor("two history rows") { $0.contains("History (2)") }
        try session.press("Tab")
        try session.type("j")
        try session.press("Enter")
        let replayed = try await session.waitFor("the history exchange") {
            $0.contains("from history") && $0.contains("[Request]") && $0.contains("GET http://127.0.0.1:")
        }
        #expect(replayed.contains("X-Api-Key: ••••"), "\(replayed)")
        try session.type(":view headers")
        try session.press("Enter")
        let stored = try await session.waitFor("the stored headers") {
            $0.contains("[Headers]") && $0.contains("Content-Type: application/json")
        }
        #expect(stored.contains("from history, as stored (redacted)"), "\(stored)")
        try session.type(":view timing")
        try session.press("Enter")
        try await session.waitFor("the stored timing") { $0.contains("attempts              not recorded") }
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }

    /// The Request view lists the redirects followed, masked, for the live exchange and again for the
    /// same exchange read back from history.
    @Test func theRedirectChainOfALiveAndAHistoryExchange() async throws {
        let target = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: #"{"landed":true}"#)])
        defer { target.stop() }
        let start = try await RawHTTPServer(routes: ["/start": .redirect(302, to: target.origin + "/land?token=t0k3n")])
        defer { start.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        try """
        name: hop
        base_url: "\(start.origin)"
        envelope: {success: http, tip: [], model: ""}
        endpoints:
          start: {path: /start}
        """.write(to: directory.appendingPathComponent("hop.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command("--profile hop --profiles-dir \(shellQuoted(directory.path))"),
            columns: 200, rows: 50)
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · hop · http://127.0.0.1:") }
        try session.type(":call start")
        try session.press("Enter")
        try await session.waitFor("the answer") { $0.contains("HTTP 200 OK") && $0.contains("History (1)") }
        try session.type(":view request")
        try session.press("Enter")
        let hop = "redirect 302 \(start.origin)/start → \(target.origin)/land?token=••••"
        let live = try await session.waitFor("the live chain") { $0.contains("[Request]") && $0.contains(hop) }
        #expect(!live.contains("t0k3n"), "\(live)")

        try session.press("Tab")
        try session.press("Enter")
        let stored = try await session.waitFor("the stored chain") {
            $0.contains("from history") && $0.contains("[Request]") && $0.contains(hop)
        }
        #expect(!stored.contains("t0k3n"), "\(stored)")
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }
}
