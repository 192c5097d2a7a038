import Foundation
import Testing

/// Environments and secret sources in the terminal UI, in a real terminal (tmux): `E` switches the
/// environment the header shows (production stands out), a `${cmd:…}` command runs only after the
/// user says yes, and a `${prompt:…}` secret is typed with nothing of it on screen.
@Suite("Terminal UI environments and secrets", .serialized)
struct TerminalUIEnvironmentTests {
    @Test func switchEnvironmentsConsentToACommandAndTypeASecret() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let keyFile = directory.appendingPathComponent("key.txt")
        try "cmd-key-5521aa\n".write(to: keyFile, atomically: true, encoding: .utf8)
        try """
        name: stages
        envelope: {status: null, success: http, tip: [], model: ""}
        environments:
          dev: {base_url: "\(server.baseURL)/hazards"}
          prod: {base_url: "\(server.baseURL)/hazards/echo"}
        endpoints:
          whoami:
            path: /echo
            headers: {X-Otp: "${prompt:One-time code}", X-Key: "${cmd:cat key.txt}"}
        """.write(to: directory.appendingPathComponent("stages.yaml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command("--profile stages --profiles-dir \(shellQuoted(directory.path))"))
        defer { session.kill() }
        try await session.waitFor("the UI in dev") { $0.contains("apiexplore · stages · dev · http://127.0.0.1:") }
        // Production asks before the switch, and before each request sent there.
        try session.type("E")
        try await session.waitFor("the switch question") { $0.contains("switch to prod (production)?") }
        try session.type("y")
        let prod = try await session.waitFor("prod") { $0.contains("environment prod:") }
        #expect(prod.contains("apiexplore · stages ·  prod  · http://127.0.0.1:"), "\(prod)")

        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.press("Enter")
        try await session.waitFor("the send question") { $0.contains("send GET whoami to prod? y/n") }
        // Letters typed meanwhile neither answer nor run: E and r stay letters.
        try session.type("Er")
        try session.type("n")
        let declined = try await session.waitFor("not sent") { $0.contains("not sent") }
        #expect(declined.contains("History (0)") && declined.contains(" prod "), "\(declined)")
        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.press("Enter")
        try await session.waitFor("the send question") { $0.contains("send GET whoami to prod? y/n") }
        try session.type("y")
        // Secrets are asked for in the order the request uses them: the header X-Otp first.
        try await session.waitFor("the secret prompt") { $0.contains("One-time code for stages (not shown):") }
        try session.type("otp-4321")
        let typed = try await session.waitFor("the masked secret") { $0.contains("(not shown): ••••••••") }
        #expect(!typed.contains("otp-4321"))
        try session.press("Enter")
        // Commands run in the profile's folder, as `${file:…}` paths are relative to it.
        try await session.waitFor("the consent question") { $0.contains("wants to run: cat key.txt") }
        try session.type("y")
        let answered = try await session.waitFor("the response") { $0.contains("HTTP 200 OK") }
        // Sent to prod's base URL, with both secrets, and neither shown.
        #expect(answered.contains("/hazards/echo/echo"), "\(answered)")
        #expect(!answered.contains("otp-4321") && !answered.contains("cmd-key-5521aa"), "\(answered)")
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") && $0.contains("icanon echo") }

        // The consent is remembered for this profile's content: a headless run may now run the command.
        let headless = try await CommandRunner.run(
            ["request", "stages", "whoami", "--profiles-dir", directory.path], in: session.scratch,
            environment: [
                "APIEXPLORE_STATE": IsolatedEnvironment.make(scratch: session.scratch)["APIEXPLORE_STATE"] ?? ""
            ])
        #expect(
            headless.stderr.contains("secret prompt 'One-time code' needs someone to type it"), "\(headless.stderr)")
        #expect(!headless.stderr.contains("--allow-commands"), "the command was allowed before: \(headless.stderr)")
    }
}
