import Foundation
import RawHTTPTesting
import Testing

/// A tip is capped where it is stored and shown; its whole text is in the body, a flag away, and
/// `expect tip` still compares the whole of it.
@Suite struct TipCapCommandTests {
    @Test func aHugeTipIsCappedInOutputAndHistoryAndWholeInTheBody() async throws {
        let tip = String(repeating: "错", count: 40_000)  // 120,000 bytes
        let body = #"{"code":40001,"msg":"\#(tip)","data":null}"#
        let server = try await RawHTTPServer(routes: [
            "*": .answer("200 OK", headers: [("Content-Type", "application/json")], body: body)
        ])
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "tips": """
            name: tips
            base_url: \(server.origin)
            envelope: {status: code, success: 0, tip: msg, model: data}
            endpoints:
              thing: {path: /thing}
            """
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try await workspace.run(["request", "tips", "thing", "--output", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(Subprocess.jsonLines(output.stdout).first)
        let shown = try #require((json["evaluation"] as? [String: Any])?["tip"] as? String)
        // 4096 bytes of whole characters (1365 of 3 bytes), then what was left out.
        #expect(shown == String(repeating: "错", count: 1365) + "… (115905 more bytes)")
        #expect(output.stdout.utf8.count < 40_000, "the output is not the whole tip")

        let rows = try await workspace.historyRows()
        let stored = try #require(rows.first?["tip"] as? String)
        #expect(stored == shown)

        // The whole tip is in the body, a flag away.
        let whole = try await workspace.run(["request", "tips", "thing", "--output", "raw"])
        #expect(whole.stdout.contains(tip))

        let expectation = try await workspace.script(
            "use tips\ncall thing\nexpect tip ~ /^(错)+$/\nexpect tip \"nope\"\n", flags: ["--keep-going"])
        let reports = Subprocess.jsonLines(expectation.stdout)
        try #require(reports.count == 4, "\(expectation.stdout)")
        #expect((reports[2]["failures"] as? [Any])?.isEmpty != false, "the regex sees the whole tip")
        let failure = try #require((reports[3]["failures"] as? [[String: Any]])?.first)
        #expect((failure["message"] as? String)?.utf8.count ?? .max < 4200, "a failure quoting the tip is capped")
    }
}
