import Foundation
import Testing

/// `apiexplore load` through the binary against real servers: the embedded demo backend, and
/// `serve-demo` in a process of its own for slow answers. Counts, outcomes and business errors by
/// name, the open model's coordinated-omission correction, time limits, and the summary history
/// keeps.
@Suite struct LoadCommandTests {
    private func load(_ arguments: [String], environment: [String: String] = [:], profiles: URL? = nil) async throws
        -> (status: Int32, load: [String: Any], stderr: String)
    {
        let output = try await CommandRunner.run(
            ["load"] + arguments + (profiles.map { ["--profiles-dir", $0.path] } ?? []), environment: environment)
        let load = Subprocess.jsonLines(output.stdout).first?["load"] as? [String: Any] ?? [:]
        return (output.status, load, output.stderr)
    }

    @Test func aClosedRunCountsEveryRequestAndEveryStatus() async throws {
        let run = try await load(["demo", "user", "id=1002", "-n", "200", "-c", "4", "--no-history"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.load["requests"] as? Int == 200 && run.load["concurrency"] as? Int == 4)
        #expect((run.load["outcomes"] as? [String: Int]) == ["success": 200])
        #expect((run.load["http_statuses"] as? [String: Int]) == ["200": 200])
        // Success has a business status too, and it is counted.
        #expect((run.load["business_statuses"] as? [String: Int]) == ["0": 200])
        let latency = try #require(run.load["latency"] as? [String: Any])
        #expect(latency["count"] as? Int == 200)
        let (p50, p99, max) = (
            latency["p50_ms"] as? Double ?? -1, latency["p99_ms"] as? Double ?? -1, latency["max_ms"] as? Double ?? -1
        )
        #expect(p50 > 0 && p50 <= p99 && p99 <= max, "\(latency)")
        #expect((run.load["client_cpu_us_per_request"] as? Double ?? 0) > 0)
        // The embedded demo backend runs in this process: its CPU is in the figure, and the report says so.
        #expect(run.load["cpu_includes_server"] as? Bool == true)
        #expect(run.load["service_time"] is NSNull)
    }

    @Test func businessErrorsAreCountedByTheirCataloguedNames() async throws {
        let run = try await load(["demo", "orders", "-n", "30", "-c", "3", "--no-history"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect((run.load["outcomes"] as? [String: Int]) == ["business-failure": 30])
        #expect((run.load["business_statuses"] as? [String: Int]) == ["40013": 30])
        let errors = try #require(run.load["business_errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["name"] as? String == "invalid_token" && errors.first?["count"] as? Int == 30)
        #expect(errors.first?["action"] as? String == "fail" && errors.first?["catalogued"] as? Bool == true)
    }

    @Test func theOpenModelCountsLatencyFromWhenEachRequestWasDue() async throws {
        // One worker, requests due every 20 ms, each answered after 100 ms: the schedule falls
        // further behind with every request. The latency from the due time shows it; the service
        // time (from the actual send) alone would hide it.
        let server = try await DemoServer()
        defer { server.stop() }
        let profiles = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(profiles) }
        try Data(
            """
            name: slow
            base_url: "\(server.baseURL)"
            endpoints:
              slow: {path: "/hazards/slow", query: {delay_ms: "${delay}"}}

            """.utf8
        ).write(to: profiles.appendingPathComponent("slow.yaml"))
        let run = try await load(
            ["slow", "slow", "delay=100", "-n", "10", "-c", "1", "--rate", "50/s", "--no-history"], profiles: profiles)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.load["requests"] as? Int == 10 && run.load["rate_per_second"] as? Double == 50)
        let latency = try #require(run.load["latency"] as? [String: Any])
        let service = try #require(run.load["service_time"] as? [String: Any])
        for key in ["p50_ms", "p90_ms", "p99_ms", "max_ms"] {
            let (corrected, sent) = (latency[key] as? Double ?? 0, service[key] as? Double ?? 0)
            #expect(corrected >= sent, "\(key): \(corrected) < \(sent)")
        }
        // The tenth request was due 180 ms in and sent after nine answers of 100 ms each.
        let (lastDue, lastServed) = (latency["max_ms"] as? Double ?? 0, service["p50_ms"] as? Double ?? 0)
        #expect(lastDue > 3 * lastServed, "latency \(latency), service \(service)")

        // A time limit per request is its own outcome; with no answer at all the run exits 3.
        let limited = try await load(
            ["slow", "slow", "delay=3000", "-n", "2", "-c", "2", "--max-time", "200ms", "--no-history"],
            profiles: profiles)
        #expect(limited.status == 3, "\(limited.stderr)")
        #expect((limited.load["outcomes"] as? [String: Int]) == ["timeout": 2])
        #expect((limited.load["transport_errors"] as? [String: Int]) == ["total timeout": 2])
    }

    @Test func historyKeepsASummaryUnlessAskedForEachExchange() async throws {
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let environment = ["APIEXPLORE_HISTORY": scratch.appendingPathComponent("history.sqlite").path]
        let summary = try await load(["demo", "user", "-n", "100", "-c", "2"], environment: environment)
        #expect(summary.status == 0, "\(summary.stderr)")
        let history = try #require(summary.load["history"] as? [String: Any])
        #expect(history["mode"] as? String == "summary" && history["recorded"] as? Int == 1, "\(history)")
        var rows = Subprocess.jsonLines(
            try await CommandRunner.run(["history", "list", "--json"], environment: environment).stdout)
        #expect(rows.count == 1 && rows.first?["endpoint"] as? String == "user")
        // One row per kind of answer: a success and a business failure.
        let mixed = try await load(["demo", "orders", "-n", "20", "-c", "2"], environment: environment)
        #expect((mixed.load["history"] as? [String: Any])?["recorded"] as? Int == 1)
        let each = try await load(
            ["demo", "user", "-n", "25", "-c", "2", "--record", "each"], environment: environment)
        #expect((each.load["history"] as? [String: Any])?["recorded"] as? Int == 25, "\(each.stderr)")
        rows = Subprocess.jsonLines(
            try await CommandRunner.run(["history", "list", "--json", "--limit", "1000"], environment: environment)
                .stdout)
        #expect(rows.count == 27)
    }

    @Test func aReadableReportNamesWhatItCounted() async throws {
        let output = try await CommandRunner.run(["load", "demo", "orders", "-n", "10", "--no-history", "--pretty"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("10 requests in "), "\(output.stdout)")
        #expect(output.stdout.contains("outcomes: business-failure × 10"))
        #expect(output.stdout.contains("business errors: 40013 invalid_token (fail) × 10"))
        #expect(output.stdout.contains("client CPU: "))
    }

    @Test(arguments: [
        (["demo", "user", "-c", "0"], "--concurrency 0 is out of range"),
        (["demo", "user", "--rate", "fast"], "--rate takes requests per second"),
        (["demo", "user", "-d", "1s", "--ramp-up", "2s"], "--ramp-up 2s is longer than --duration 1s"),
        (["demo", "nosuch", "-n", "1", "--no-history"], "profile 'demo' has no endpoint 'nosuch'"),
    ])
    func badArgumentsAreRefusedClearly(arguments: [String], message: String) async throws {
        let output = try await CommandRunner.run(["load"] + arguments)
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}
