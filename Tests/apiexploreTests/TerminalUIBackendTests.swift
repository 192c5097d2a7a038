import Foundation
import Testing

/// The TUI with profiles that sign in, revalidate and report rate limits, in a real terminal (tmux).
@Suite("Terminal UI with backend behaviour", .serialized)
struct TerminalUIBackendTests {
    @Test func githubDemoWorksOfflineAndShowsRateLimitAndCacheHits() async throws {
        let session = try TmuxSession(command: TerminalUIEndToEndTests.command("--profile github-demo"))
        defer { session.kill() }
        try await session.waitFor("the empty UI") { $0.contains("apiexplore · github-demo · http://127.0.0.1:") }
        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type("user")
        try session.press("Enter")
        try await session.waitFor("the parameter form") { $0.contains("octocat") }
        try session.press("Enter")
        let first = try await session.waitFor("the response") { $0.contains("HTTP 200 OK") && $0.contains("rate ") }
        #expect(first.contains("rate 59/60 left"))
        #expect(first.contains("\"octocat\""))
        try session.type("r")
        let second = try await session.waitFor("the revalidated response") { $0.contains("History (2)") }
        #expect(second.contains("cache not modified"))
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") && $0.contains("icanon echo") }
    }

    @Test func theDeviceCodeShowsOnTheMessageLine() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        try """
        name: device
        base_url: \(server.baseURL)
        envelope: {success: http, tip: message}
        auth:
          oauth2:
            grant: device_code
            token_url: \(server.baseURL)/oauth/token
            device_url: \(server.baseURL)/oauth/device
            client_id: demo-client
            client_secret: demo-secret
        endpoints:
          me: {path: /oauth/me}
        """.write(to: directory.appendingPathComponent("device.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command("--profile device --profiles-dir \(shellQuoted(directory.path))"))
        defer { session.kill() }
        try await session.waitFor("the empty UI") { $0.contains("apiexplore · device") }
        try session.type("e")
        try session.press("Enter")
        let first = try await session.waitFor("the device code") { $0.contains("enter the code USER-") }
        let abandoned = try #require(first.firstMatch(of: /USER-[0-9]+/).map { String($0.output) })
        // Esc cancels the sign-in itself: resending starts a new one with a new code, instead of
        // joining a device flow still polling in the background.
        try session.press("Escape")
        try await session.waitFor("the cancellation") { $0.contains("request cancelled") }
        try session.type("r")
        let prompt = try await session.waitFor("a new device code") {
            $0.contains("enter the code USER-") && !$0.contains(abandoned)
        }
        let code = try #require(prompt.firstMatch(of: /USER-[0-9]+/).map { String($0.output) })
        #expect(try await server.curl("/oauth/device/approve?user_code=\(code)") == #"{"approved":true}"#)
        let done = try await session.waitFor("the response") { $0.contains("HTTP 200 OK") }
        #expect(done.contains("\"demo\""))
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") && $0.contains("icanon echo") }
    }
}
