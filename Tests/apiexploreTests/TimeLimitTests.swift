import Foundation
import Testing

/// Time limits on a request (`--max-time`, a call's `--max-time=`, an endpoint's `timeout:`), on a
/// script (`--script-timeout`) and on a run (`--timeout`), against `serve-demo`'s slow route in a
/// process of its own; curl's `--max-time` on the same URL in the same test is the yardstick that
/// the route really is slow. A limit hit is its own outcome, `timeout`, in output and reports.
@Suite struct TimeLimitTests {
    /// A folder with a profile for the server and the given scripts.
    private func workspace(_ server: DemoServer, scripts: [String: String]) throws -> URL {
        let directory = try Subprocess.temporaryDirectory()
        let profiles = directory.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try Data(
            """
            name: slow
            base_url: "\(server.baseURL)"
            endpoints:
              slow: {path: "/hazards/slow", query: {delay_ms: "${delay}"}, params: {delay: {default: "5000"}}}
              limited: {path: "/hazards/slow", query: {delay_ms: "5000"}, timeout: 300ms}
              fast: {path: "/hazards/slow", query: {delay_ms: "1"}}

            """.utf8
        ).write(to: profiles.appendingPathComponent("slow.yaml"))
        for (path, text) in scripts {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory
    }

    private func run(_ arguments: [String], in directory: URL) async throws -> CommandRunner.Output {
        try await CommandRunner.run(
            ["run"] + arguments + [
                "--no-history", "--profiles-dir", directory.appendingPathComponent("profiles").path,
            ],
            in: directory)
    }

    /// The three places a request's limit can come from.
    static let requestLimits: [(name: String, script: String, flags: [String])] = [
        ("--max-time on the command line", "use slow\ncall slow\n", ["--max-time", "300ms"]),
        ("--max-time= on the call", "use slow\ncall slow --max-time=300ms\n", []),
        ("timeout: on the endpoint", "use slow\ncall limited\n", []),
    ]

    @Test(arguments: requestLimits)
    func aRequestLimitStopsASlowRequestWithItsOwnOutcome(limit: (name: String, script: String, flags: [String]))
        async throws
    {
        let server = try await DemoServer()
        defer { server.stop() }
        // The yardstick: curl gives up on the same URL with its own timeout status (28).
        let curl = try await Subprocess.run(
            "curl", ["-s", "-o", "/dev/null", "--max-time", "0.3", server.baseURL + "/hazards/slow?delay_ms=5000"])
        #expect(curl.status == 28, "curl: \(curl.status)")

        let directory = try workspace(server, scripts: ["s.apx": limit.script])
        defer { CommandRunner.remove(directory) }
        let output = try await run(
            ["s.apx", "--report-junit", "r.xml", "--report-json", "r.json"] + limit.flags, in: directory)
        #expect(output.status == 3, "\(limit.name): \(output.stderr)")
        let call = try #require(Subprocess.jsonLines(output.stdout).first { $0["command"] as? String == "call" })
        #expect(call["outcome"] as? String == "timeout", "\(limit.name): \(call)")
        #expect((call["error"] as? [String: Any])?["kind"] as? String == "total timeout")
        let xml = try String(contentsOf: directory.appendingPathComponent("r.xml"), encoding: .utf8)
        #expect(xml.contains(#"<error type="timeout" message="total timeout: GET "#), "\(xml)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
                as? [String: Any])
        let cases = (report["scripts"] as? [[String: Any]] ?? []).flatMap { $0["cases"] as? [[String: Any]] ?? [] }
        #expect(cases.map { $0["type"] as? String } == ["timeout"])
    }

    @Test func aLimitOnlyTightensTheProfilesOwn() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        // The endpoint's 300ms stands against a looser --max-time.
        let directory = try workspace(server, scripts: ["s.apx": "use slow\ncall limited\ncall fast\n"])
        defer { CommandRunner.remove(directory) }
        let output = try await run(["s.apx", "--keep-going", "--max-time", "1h"], in: directory)
        #expect(output.status == 3, "\(output.stderr)")
        let outcomes = Subprocess.jsonLines(output.stdout).compactMap { $0["outcome"] as? String }
        #expect(outcomes == ["timeout", "success"])
    }

    @Test func aScriptLimitFailsThatScriptAndTheOthersGoOn() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try workspace(
            server,
            scripts: [
                "t/a-slow.apx": "use slow\ncall fast\ncall slow delay=10000\ncall fast\n",
                "t/b-fast.apx": "use slow\ncall fast\n",
            ])
        defer { CommandRunner.remove(directory) }
        // The limit leaves a loaded machine time for the fast call and cuts the slow one short.
        let output = try await run(["t", "--script-timeout", "3s", "--report-json", "r.json"], in: directory)
        #expect(output.status == 3, "\(output.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
                as? [String: Any])
        let scripts = try #require(report["scripts"] as? [[String: Any]])
        #expect(scripts.map { $0["verdict"] as? String } == ["failed", "passed"])
        let cases = try #require(scripts.first?["cases"] as? [[String: Any]])
        #expect(cases.map { $0["type"] as? String } == [nil, "timeout", "timeout"], "\(cases)")
        let messages = cases.compactMap { $0["message"] as? String }
        #expect(messages.last == "not run: the script's time limit (3s) was reached", "\(messages)")
        #expect(messages.first?.contains("stopped: the script's time limit (3s) was reached") == true)
    }

    @Test func aRunLimitStopsTheRunAndMarksItInterrupted() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try workspace(
            server,
            scripts: [
                "u/a.apx": "use slow\ncall fast\n", "u/b.apx": "use slow\ncall slow delay=10000\n",
                "u/c.apx": "use slow\ncall fast\n",
            ])
        defer { CommandRunner.remove(directory) }
        let output = try await run(
            ["u", "--timeout", "3s", "--report-tap", "r.tap", "--report-json", "r.json"], in: directory)
        #expect(output.status == 3, "\(output.stderr)")
        #expect(
            output.stderr.contains("timeout: the run's time limit (3s) was reached; 1 of 3 script runs finished"))
        let total = try #require(Subprocess.jsonLines(output.stdout).last?["total"] as? [String: Any])
        #expect(total["interrupted"] as? Int == 2 && total["exit_status"] as? Int == 3)
        let tapPath = directory.appendingPathComponent("r.tap").path
        let tap = try String(contentsOfFile: tapPath, encoding: .utf8)
        #expect(tap.contains("Bail out! the run's time limit (3s) was reached"), "\(tap)")
        let prove = try await Subprocess.run("/usr/bin/env", ["prove", "--exec", "cat", tapPath])
        #expect(prove.status != 0)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
                as? [String: Any])
        #expect((report["summary"] as? [String: Any])?["verdict"] as? String == "interrupted")
    }
}
