import Foundation
import Testing

/// `history tips` over a session recorded against the real demo backend (the shipped demo profile's
/// `code` endpoint, whose business code each call chooses), and its `--emit-catalogue` snippet
/// pasted into the profile.
@Suite("history tips: the business statuses seen, and a catalogue snippet profiles validate accepts")
struct HistoryTipsCommandTests {
    /// Eight business codes, six of them failures the demo profile does not catalogue; tips with
    /// `:`, `#`, quotes, a line break, an ESC, and Chinese.
    static let session = """
        use demo
        call code code=0
        call code code=40013
        expect error invalid_token
        call code code=40100
        expect business-failure
        call code code=40100 msg="token: expired # again"
        expect business-failure
        call code code=40100
        expect business-failure
        call code code=40300
        expect business-failure
        call code code=40404
        expect error not_found
        call code code=42900
        expect business-failure
        call code code=50000
        expect business-failure
        call code code=50300
        expect business-failure
        call orders
        expect error invalid_token

        """

    static func workspace() throws -> BackendWorkspace {
        let demo = try String(
            contentsOf: Subprocess.repositoryRoot.appendingPathComponent("profiles/demo.yaml"), encoding: .utf8)
        return try BackendWorkspace(profiles: ["demo": demo])
    }

    static func tips(_ workspace: BackendWorkspace) async throws -> [String: [String: Any]] {
        let output = try await workspace.run(["history", "tips", "demo", "--endpoint", "code", "--json"])
        #expect(output.status == 0, "\(output.stderr)")
        return Dictionary(
            Subprocess.jsonLines(output.stdout).map { ("\($0["code"] ?? "")", $0) }, uniquingKeysWith: { $1 })
    }

    @Test func listsEveryStatusAndEmitsASnippetTheProfileAccepts() async throws {
        let workspace = try Self.workspace()
        defer { CommandRunner.remove(workspace.directory) }
        let recorded = try await workspace.script(Self.session)
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")

        let before = try await Self.tips(workspace)
        #expect(Set(before.keys) == ["0", "40013", "40100", "40300", "40404", "42900", "50000", "50300"])
        #expect(before["0"]?["success"] as? Bool == true)
        #expect(before["40013"]?["name"] as? String == "invalid_token")
        #expect(before["40404"]?["catalogued"] as? Bool == true)
        let expired = try #require(before["40100"])
        #expect(expired["count"] as? Int == 3)
        #expect(expired["catalogued"] as? Bool == false)
        let tips = try #require(expired["tips"] as? [[String: Any]])
        #expect(tips.map { $0["tip"] as? String } == ["token: expired # sign in again", "token: expired # again"])
        #expect(tips.map { $0["count"] as? Int } == [2, 1])
        #expect(
            before["42900"]?["tips"].flatMap { ($0 as? [[String: Any]])?.first?["tip"] as? String }
                == "too many requests\nretry later")
        // orders' 40013 is listed under its own endpoint.
        let all = try await workspace.run(["history", "tips", "demo"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.contains("demo orders\n  40013  invalid_token  1×"), "\(all.stdout)")
        #expect(all.stdout.contains("  40100  uncatalogued   3×"), "\(all.stdout)")
        // Terminal escapes from the server are shown escaped, never sent.
        #expect(!all.stdout.contains("\u{1B}"))
        #expect(all.stdout.contains(#"\u001B[31merror"#), "\(all.stdout)")

        let snippetFile = workspace.directory.appendingPathComponent("errors.yaml")
        let emitted = try await workspace.run(["history", "tips", "demo", "--emit-catalogue", "-o", snippetFile.path])
        #expect(emitted.status == 0, "\(emitted.stderr)")
        let snippet = try String(contentsOf: snippetFile, encoding: .utf8)
        for entry in [
            "  40100: {name: token_expired_sign_in_again}", "  40300: {name: quota_daily_exceeded}",
            "  42900: {name: too_many_requests_retry_later}", "  50000: {name: internal_31merror_0m}",
            "  50300: {name: code_50300}",
        ] {
            #expect(snippet.contains(entry + "\n"), "\(snippet)")
        }
        #expect(!snippet.contains("40013:") && !snippet.contains("40404:") && !snippet.contains("  0:"))
        #expect(snippet.contains(#""token: expired # sign in again" ×2, "token: expired # again" ×1; 3×"#))

        // Pasted under the profile's errors: key, the profile validates and names every code.
        let profileFile = workspace.profiles.appendingPathComponent("demo.yaml")
        let text = try String(contentsOf: profileFile, encoding: .utf8)
        #expect(text.contains("\nerrors:\n"))
        try Data(text.replacing("\nerrors:\n", with: "\nerrors:\n" + snippet).utf8).write(to: profileFile)
        let validated = try await CommandRunner.run(["profiles", "validate", profileFile.path])
        #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")

        let after = try await Self.tips(workspace)
        for code in ["40100", "40300", "42900", "50000", "50300"] {
            #expect(after[code]?["catalogued"] as? Bool == true, "\(code)")
        }
        #expect(after["42900"]?["name"] as? String == "too_many_requests_retry_later")
        // The names work where they are meant for: a script's `expect error`.
        let named = try await workspace.script(
            "use demo\ncall code code=42900\nexpect error too_many_requests_retry_later\n")
        #expect(named.status == 0, "\(named.stdout)\(named.stderr)")
        let nothingLeft = try await workspace.run(["history", "tips", "demo", "--emit-catalogue"])
        #expect(nothingLeft.stdout.hasPrefix("# demo: 0 uncatalogued business failures"), "\(nothingLeft.stdout)")
    }

    @Test func refusesEmitWithoutAProfile() async throws {
        let workspace = try Self.workspace()
        defer { CommandRunner.remove(workspace.directory) }
        let output = try await workspace.run(["history", "tips", "--emit-catalogue"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("--emit-catalogue needs a PROFILE"), "\(output.stderr)")
    }
}
