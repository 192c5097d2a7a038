import APIMapping
import APIScript
import Testing

/// Scripts run against the real demo backend over loopback: chaining, zip, defaults, failures and
/// the exit status each one gives.
@Suite struct ScriptRunnerTests {
    @Test func capturedValuesChainOneCallIntoTheNext() async throws {
        let run = try await ScriptHarness.run(
            """
            use demo
            call users
            capture first = list>-1>id
            call user id=${first}
            expect probe name == "李娜"
            expect probe id == 1002
            expect tip "成功"
            """)
        #expect(run.status == .passed)
        #expect(run.reports.count == 7)
        #expect(run.json(line: 3)["value"].int == 1002)
        #expect(run.json(line: 4)["url"].string?.hasSuffix("/cmd/users/1002") == true)
        #expect(run.json(line: 4)["business_status"].int == 0)
        #expect(run.json(line: 4)["model_excerpt"].string?.contains("\"李娜\"") == true)
        #expect(run.reports.allSatisfy { $0.passed })
    }

    @Test func zipSendsEveryCallAndReportsThemInBlockOrder() async throws {
        let run = try await ScriptHarness.run(
            """
            use demo
            zip {
              call gank
              call indodax
              call jsend id=5
            }
            expect success
            probe post>id
            """)
        #expect(run.status == .passed)
        let calls = run.json(line: 2)["calls"]
        #expect(calls.count == 3)
        #expect(calls[0]["endpoint"].string == "gank")
        #expect(calls[1]["endpoint"].string == "indodax")
        #expect(calls[2]["endpoint"].string == "jsend")
        #expect(calls[2]["outcome"].string == "success")
        // probe looks at the block's last call.
        #expect(run.json(line: 8)["value"].int == 5)
    }

    @Test func theProfileDefaultsFailABusinessFailureWithExitFour() async throws {
        let run = try await ScriptHarness.run("use demo\ncall orders\ncall user")
        #expect(run.status == .businessFailure)
        // The run stops at the failing call.
        #expect(run.reports.count == 2)
        let call = run.json(line: 2)
        #expect(call["passed"].bool == false)
        #expect(call["outcome"].string == "business-failure")
        #expect(call["business_status"].int == 40013)
        #expect(call["failures"][0]["expected"].string == "success")
        #expect(call["failures"][0]["message"].string?.contains("invalid token") == true)
    }

    @Test func anOutcomeExpectationReplacesTheDefaults() async throws {
        let run = try await ScriptHarness.run("use demo\ncall orders\nexpect business-failure\nexpect tip ~ /^invalid/")
        #expect(run.status == .passed)
        #expect(run.reports.allSatisfy { $0.passed })
    }

    @Test func aFailedExpectationExitsOneAndKeepGoingRunsTheRest() async throws {
        let script = "use demo\ncall user\nexpect probe city == \"成都\"\nexpect probe balance > 1000\nexpect http 200"
        let stopped = try await ScriptHarness.run(script)
        #expect(stopped.status == .expectationFailed)
        #expect(stopped.reports.count == 3)
        #expect(stopped.json(line: 3)["failures"][0]["actual"].string == "\"杭州\"")
        let all = try await ScriptHarness.run(script, keepGoing: true)
        #expect(all.status == .expectationFailed)
        #expect(all.reports.count == 5)
        #expect(all.json(line: 4)["passed"].bool == true)
    }

    struct ExpectationCase: Sendable, CustomTestStringConvertible {
        let line: String
        let passes: Bool
        var testDescription: String { line }
    }

    @Test(arguments: [
        ExpectationCase(line: "expect probe balance == 1288.50", passes: true),
        ExpectationCase(line: "expect probe balance >= 1.2885e3", passes: true),
        ExpectationCase(line: "expect probe balance < 1288", passes: false),
        ExpectationCase(line: "expect probe vip == true", passes: true),
        ExpectationCase(line: "expect probe tags == [\"摄影\", \"徒步\"]", passes: true),
        ExpectationCase(line: "expect probe tags != [\"摄影\"]", passes: true),
        ExpectationCase(line: "expect probe tags > 3", passes: false),
        ExpectationCase(line: "expect probe city == 杭州", passes: true),
        ExpectationCase(line: "expect probe missing == 1", passes: false),
        ExpectationCase(line: "expect probe $.tags[?@ == \"徒步\"] == [\"徒步\"]", passes: true),
        ExpectationCase(line: "expect count tags == 2", passes: true),
        ExpectationCase(line: "expect count $.tags[*] >= 3", passes: false),
        ExpectationCase(line: "expect count profile == 3", passes: true),
        ExpectationCase(line: "expect count nothing == 0", passes: true),
        ExpectationCase(line: "expect http 200", passes: true),
        ExpectationCase(line: "expect http 404", passes: false),
        ExpectationCase(line: "expect tip \"成功\"", passes: true),
        ExpectationCase(line: "expect tip ~ /^失败/", passes: false),
        ExpectationCase(line: "expect tip ~ /^(成|功)+$/", passes: true),
        ExpectationCase(line: "expect tip ~ /(\\p{Lo}+)+x$/", passes: false),
        ExpectationCase(line: "expect success", passes: true),
        ExpectationCase(line: "expect http-failure", passes: false),
        ExpectationCase(line: "expect time >= 0ms", passes: true),
        ExpectationCase(line: "expect time < 0ms", passes: false),
    ])
    func expectationsCheckTheLastResponse(_ expectation: ExpectationCase) async throws {
        let run = try await ScriptHarness.run("use demo\ncall user\n\(expectation.line)")
        #expect(run.reports.count == 3)
        #expect(run.json(line: 3)["passed"].bool == expectation.passes)
        #expect(run.status == (expectation.passes ? .passed : .expectationFailed))
    }

    @Test func anHTTPFailureIsReportedOnBothAxes() async throws {
        let run = try await ScriptHarness.run("use demo\nget /hazards/html503\nexpect http-failure\nexpect http 503")
        #expect(run.status == .passed)
        let call = run.json(line: 2)
        #expect(call["endpoint"].string == "GET /hazards/html503")
        #expect(call["http_status"].int == 503)
        #expect(call["http_outcome"].string == "failure")
        #expect(call["outcome"].string == "http-failure")
    }

    @Test func aTransportFailureExitsThreeAndStopsTheRun() async throws {
        let run = try await ScriptHarness.run("use demo\nget /hazards/reset\ncall user")
        #expect(run.status == .transportFailure)
        #expect(run.reports.count == 2)
        let call = run.json(line: 2)
        // A reset is a transport failure; on a machine so loaded that the read timeout passes first,
        // it is the timeout outcome, which exits the same way.
        #expect(["transport-failure", "timeout"].contains(call["outcome"].string ?? ""))
        #expect(call["error"]["kind"].string != nil)
        #expect(call["passed"].bool == false)
    }

    @Test func rawRequestsSendTheirJSONBodyUnderTheBaseURL() async throws {
        let run = try await ScriptHarness.run(
            """
            use echo
            set name = 张伟
            post /hazards/echo?page=2 {"name": "${name}", "tags": [1, 2]}
            expect probe method == "POST"
            expect probe body == "{\\"name\\":\\"张伟\\",\\"tags\\":[1,2]}"
            expect probe $.query[0] == [["page", "2"]]
            call echo q="two words"
            expect probe $.query[0][1] == ["two words"]
            expect probe query>0>1 == "two words"
            """)
        #expect(run.status == .passed, "\(run.reports.map { $0.jsonValue.jsonText() })")
    }

    struct RuntimeError: Sendable, CustomTestStringConvertible {
        let script: String
        /// `line:column: message` prefix.
        let error: String
        var testDescription: String { error }
    }

    @Test(arguments: [
        RuntimeError(script: "call user", error: "1:1: no profile in use"),
        RuntimeError(script: "use nowhere", error: "1:5: no profile named 'nowhere'"),
        RuntimeError(script: "use demo\ncall nope", error: "2:6: unknown endpoint 'nope'"),
        RuntimeError(script: "use demo\ncall user id=${who}", error: "2:14: undefined variable 'who'"),
        RuntimeError(script: "use demo\nprobe data", error: "2:1: nothing to look at: no response yet"),
        RuntimeError(script: "use demo\nexpect success", error: "2:1: nothing to check: no response yet"),
        RuntimeError(
            script: "use demo\nget /hazards/echo\nexpect undetermined\nprobe id",
            error: "4:7: the response has no model"),
        RuntimeError(script: "use demo\ncall user\nset p = a>>b\nprobe ${p}", error: "4:9: empty segment"),
        RuntimeError(script: "use echo\npost /hazards/echo {\"a\": }", error: "2:26: the body is not valid JSON"),
    ])
    func commandsThatCannotRunStopWithTheirLocation(_ failure: RuntimeError) async throws {
        let run = try await ScriptHarness.run(failure.script)
        #expect(run.status == .usageError)
        let error = try #require(run.reports.last?.scriptError)
        #expect("\(error.line):\(error.column): \(error.message)".hasPrefix(failure.error))
    }

    @Test func aProbeThatSelectsNothingSaysWhereItStopped() async throws {
        let run = try await ScriptHarness.run("use demo\ncall user\nprobe profile>address>zip")
        #expect(run.status == .passed)
        let probe = run.json(line: 3)
        #expect(probe["found"].bool == false)
        #expect(probe["stopped_at"].string == "no 'zip' under 'profile>address'")
    }
}

extension ScriptRunnerTests {
    @Test func summariesFitOnTheTerminalUICommandLine() async throws {
        let run = try await ScriptHarness.run(
            "use demo\ncall user\nprobe name\nexpect tip \"失败\"", keepGoing: true)
        // A failed call stops the script short: fail here, not with an index out of range that ends
        // the whole test process.
        try #require(run.reports.count == 4, "\(run.reports.map(\.summary))")
        #expect(run.reports[1].summary == "✓ call user: 200 OK, success, tip \"成功\"")
        #expect(run.reports[2].summary == "✓ probe name: \"张伟\"")
        #expect(run.reports[3].summary == "✗ expect tip \"失败\"\n  expected tip \"失败\", got \"成功\"")
    }
}
