import Foundation
import Testing

/// Scripts over event streams, against the demo backend's SSE and NDJSON routes: `expect events`,
/// `expect event N PATH`, `capture … = event N PATH`, `repeat until` over a stream, `--max-events`.
struct StreamScriptTests {
    static func run(_ script: String) async throws -> CommandRunner.Output {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let file = directory.appendingPathComponent("streams.apx")
        try Data(script.utf8).write(to: file)
        return try await CommandRunner.run(["run", file.path])
    }

    @Test func expectationsAndCapturesReadTheEvents() async throws {
        let output = try await Self.run(
            """
            use demo
            call job_progress steps=4 interval_ms=1
            expect events == 5
            expect event 0 model>percent == 25
            expect event -1 model>state == "finished"
            expect event any tip == "running"
            capture rows = event last model>result>rows
            call code code=0 msg=${rows}
            expect tip "400"
            call chat prompt=hi --max-events=3
            expect events == 3
            call chat prompt=hi
            expect event last event == "done"
            expect event -1 model>text == "我收到了：hi。Streaming works."
            """)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
    }

    @Test func aFailingEventExpectationFailsTheRun() async throws {
        let output = try await Self.run(
            """
            use demo
            call job_progress steps=2 interval_ms=1
            expect event -1 model>state == "running"
            """)
        #expect(output.status == 1, "\(output.stdout)\n\(output.stderr)")
        // The run's report is JSON lines: the message's quotes are escaped.
        #expect(output.stdout.contains(#"expected model>state == \"running\", got \"finished\""#), "\(output.stdout)")
    }

    @Test func aBusinessFailureInsideTheStreamIsTheCallsOutcome() async throws {
        let failing = try await Self.run(
            """
            use demo
            call job_progress steps=5 interval_ms=1 fail_at=3
            """)
        #expect(failing.status == 4, "\(failing.stdout)\n\(failing.stderr)")
        let expected = try await Self.run(
            """
            use demo
            call job_progress steps=5 interval_ms=1 fail_at=3
            expect business-failure
            expect tip "任务失败: quota exceeded"
            expect events == 3
            """)
        #expect(expected.status == 0, "\(expected.stdout)\n\(expected.stderr)")
    }

    @Test func repeatUntilPollsAStream() async throws {
        let output = try await Self.run(
            """
            use demo
            repeat until event -1 model>state == "finished" every 10ms for 10s {
              call job_progress steps=2 interval_ms=1
            }
            expect events == 3
            """)
        #expect(output.status == 0, "\(output.stdout)\n\(output.stderr)")
    }

    @Test func aBrokenDemoStreamIsResumedAfterItsLastEventID() async throws {
        let output = try await CommandRunner.run(["request", "demo", "broken_stream"])
        #expect(output.status == 0, "\(output.stderr)")
        let events = Subprocess.jsonLines(output.stdout)
        #expect(events.compactMap { ($0["data"] as? [String: Any])?["part"] as? Int } == [0, 1, 2, 3, 4, 5])
        #expect(events.compactMap { $0["id"] as? String } == ["0", "1", "2", "3", "4", "5"])
        // The demo breaks the connection right after an event: whether that event reached the client
        // before the break decides the id sent back (StreamCommandTests checks the exact id against a
        // server that controls its bytes); the events above show nothing was lost or repeated.
        #expect(output.stderr.contains("reconnecting (1) with Last-Event-ID "), "\(output.stderr)")
    }
}
