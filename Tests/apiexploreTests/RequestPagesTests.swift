import Foundation
import Testing

/// `request … --all` and `--pages N` against the demo backend's paging routes, as a subprocess.
@Suite struct RequestPagesTests {
    /// The ids of the JSON lines a walk printed, in order.
    static func ids(_ stdout: String) -> [Int] {
        Subprocess.jsonLines(stdout).compactMap { $0["id"] as? Int }
    }

    @Test(arguments: [
        ("link", "last page: no 'next' link"),
        ("numbered", "last page: all 95 items"),
        ("has_more", "last page: data>hasMore is false"),
        ("offset", "last page: all 95 items"),
        ("cursor", "last page: no next cursor"),
    ])
    func everyPagingStyleWalksTheWholeList(_ endpoint: String, _ reason: String) async throws {
        let output = try await CommandRunner.run(["request", "pages", endpoint, "--all"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.ids(output.stdout) == Array(1...95))
        #expect(output.stderr.contains("10 pages, 95 items; \(reason)"), "\(output.stderr)")
    }

    @Test func everyPageIsRecordedAndTheFirstPageKeepsItsParameters() async throws {
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let history = scratch.appendingPathComponent("h.sqlite").path
        let environment = ["APIEXPLORE_HISTORY": history]
        let walk = try await CommandRunner.run(
            ["request", "pages", "numbered", "page=4", "per_page=25", "--all"], environment: environment)
        #expect(walk.status == 0, "\(walk.stderr)")
        // Pages 4 and beyond of 25 items: 76…95, one page.
        #expect(Self.ids(walk.stdout) == Array(76...95))
        let listed = try await CommandRunner.run(
            ["history", "list", "--json", "--limit", "50"], environment: environment)
        let urls = Subprocess.jsonLines(listed.stdout).compactMap { $0["url"] as? String }
        #expect(urls.count == 1 && urls[0].contains("page=4") && urls[0].contains("per_page=25"), "\(urls)")
    }

    @Test func thePageLimitAndAProbePerItem() async throws {
        let output = try await CommandRunner.run([
            "request", "pages", "cursor", "limit=4", "--pages", "2", "--probe", "name",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == (1...8).map { "\"item \($0)\"\n" }.joined())
        #expect(output.stderr.contains("2 pages, 8 items; stopped at the page limit (2 pages)"), "\(output.stderr)")
    }

    struct StopCase: Sendable, CustomTestStringConvertible {
        let endpoint: String
        let status: Int32
        let ids: [Int]
        let messages: [String]
        var testDescription: String { endpoint }
    }

    @Test(arguments: [
        StopCase(
            endpoint: "loop", status: 1, ids: Array(1...20),
            messages: ["2 pages, 20 items; stopped: the cursor 'c-again' came back (the API loops)"]),
        StopCase(
            endpoint: "fail", status: 4, ids: Array(1...20),
            messages: [
                "page 3: HTTP 200, business-failure 40013: invalid token",
                "3 pages, 20 items; stopped: the page was a business-failure",
            ]),
        StopCase(
            endpoint: "foreign", status: 1, ids: Array(1...10),
            messages: ["the next link goes to another origin (attacker.invalid); not followed"]),
    ])
    func aWalkStopsAndSaysWhy(_ testCase: StopCase) async throws {
        let output = try await CommandRunner.run(["request", "pages", testCase.endpoint, "--all"])
        #expect(output.status == testCase.status, "\(output.stderr)")
        #expect(Self.ids(output.stdout) == testCase.ids)
        for message in testCase.messages { #expect(output.stderr.contains(message), "\(output.stderr)") }
    }

    @Test(arguments: [
        (["pages", "item", "--all"], "endpoint 'item' of profile 'pages' does not page"),
        (["pages", "nope", "--all"], "unknown endpoint 'nope' in profile 'pages'"),
        (["pages", "cursor", "--all", "--pages", "2"], "--all and --pages do not go together"),
        (["pages", "cursor", "--pages", "0"], "--pages must be in 1...1000000"),
        (["pages", "cursor", "--all", "--output", "raw"], "--all and --pages print JSON lines"),
        (
            ["pages", "numbered", "page=-9223372036854775808", "--all"],
            "the page parameter 'page' is '-9223372036854775808', not a whole number in 0...1000000000"
        ),
        (["demo", "users", "--data", "{}", "--dry-run"], "--print-curl and --dry-run show the endpoint's own request"),
    ])
    func aWalkThatCannotStartIsAUsageError(_ arguments: [String], _ message: String) async throws {
        let output = try await CommandRunner.run(["request"] + arguments)
        #expect(output.status == 2 || output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    @Test func ctrlCKeepsThePagesAlreadyPrinted() async throws {
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        // Three pages printed: interrupt.
        let run = try await CommandRunner.runInterrupting(
            ["request", "pages", "cursor", "count=1000000", "delay_ms=20", "--all"], in: scratch, scratch: scratch
        ) { $0.count(where: { $0 == UInt8(ascii: "\n") }) >= 30 }
        let (buffer, stderr) = (run.stdout, run.stderr)
        #expect(run.status == 130, "\(stderr)")
        let text = String(decoding: buffer, as: UTF8.self)
        #expect(text.hasSuffix("\n"), "a line was cut: \(text.suffix(80))")
        let ids = Self.ids(text)
        #expect(ids.count >= 30 && ids.count % 10 == 0, "whole pages only: \(ids.count)")
        #expect(ids == Array(1...ids.count))
        #expect(stderr.contains("interrupted after \(ids.count / 10) pages, \(ids.count) items"), "\(stderr)")
    }
}
