import Foundation
import Testing

/// `apiexplore run` over many scripts, as CI runs it: parallel files with ordered output, JUnit
/// (checked against an XSD by xmllint) and TAP (read by `prove`) reports, data-driven runs,
/// `repeat until` against the demo backend's jobs, `only`, `${env:…}` secrets and `--repeat`.
@Suite struct SuiteRunTests {
    /// A scratch folder with a `profiles` folder for `--profiles-dir` and the given scripts.
    private func workspace(_ scripts: [String: String]) throws -> URL {
        let directory = try Subprocess.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("profiles"), withIntermediateDirectories: true)
        for (path, text) in scripts {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return directory
    }

    private func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) async throws
        -> CommandRunner.Output
    {
        try await CommandRunner.run(
            ["run"] + arguments + ["--profiles-dir", directory.appendingPathComponent("profiles").path],
            in: directory, environment: environment)
    }

    /// Timing fields and the demo backend's port differ between runs; everything else must not.
    private func normalized(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").map { line in
            var text = String(line)
            for pattern in [#""duration_ms":[0-9.e+-]+"#, #"127\.0\.0\.1:[0-9]+"#] {
                text = text.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
            }
            return text
        }
    }

    @Test func parallelFilesPrintTheSameGroupedOutputAsOneAtATime() async throws {
        var scripts: [String: String] = [:]
        for index in 1...12 {
            let id = index.isMultiple(of: 2) ? 1001 : 1002
            scripts[String(format: "suite/%02d-user.apx", index)] =
                "use demo\ncall user id=\(id)\nexpect probe id == \(id)\ncall users\nexpect count list == 2\n"
        }
        scripts["suite/nested/13-zip.apx"] = "use demo\nzip { call user id=1001; call user id=1002 }\n"
        let directory = try workspace(scripts)
        defer { CommandRunner.remove(directory) }
        let serial = try await run(["suite", "--jobs", "1", "--no-history"], in: directory)
        let parallel = try await run(["suite", "--jobs", "4", "--no-history"], in: directory)
        #expect(serial.status == 0, "\(serial.stderr)")
        #expect(parallel.status == 0, "\(parallel.stderr)")
        #expect(normalized(parallel.stdout) == normalized(serial.stdout))
        // Grouped: each file's lines are together, files in path order, each closed by its summary.
        let lines = Subprocess.jsonLines(parallel.stdout)
        let files = lines.compactMap { $0["file"] as? String }
        var order: [String] = []
        for file in files where order.last != file { order.append(file) }
        #expect(order == order.sorted() && order.count == 13 && Set(order).count == 13)
        #expect(lines.filter { $0["summary"] != nil }.count == 13)
        let total = try #require(lines.last?["total"] as? [String: Any])
        #expect(total["scripts"] as? Int == 13 && total["passed"] as? Int == 13)
    }

    @Test func reportsSeparateBusinessHTTPTransportAndExpectationFailures() async throws {
        let directory = try workspace([
            "ci/a-pass.apx": "use demo\ncall user\n",
            "ci/b-business.apx": "use demo\ncall orders\ncall user\n",
            "ci/c-expectation.apx": "use demo\ncall user\nexpect probe id == 7\n",
            "ci/d-transport.apx": "use demo\nget /hazards/reset\n",
            "ci/e-http.apx": "use demo\nget /hazards/html503\n",
            "ci/f-skip.apx": "skip \"not on this backend\"\nuse demo\ncall user\n",
        ])
        defer { CommandRunner.remove(directory) }
        let output = try await run(
            ["ci", "--jobs", "3", "--report-junit", "r.xml", "--report-tap", "r.tap", "--report-json", "r.json"],
            in: directory)
        #expect(output.status == 3, "the most serious failure decides: \(output.stderr)")

        let junit = directory.appendingPathComponent("r.xml").path
        let schema = Subprocess.repositoryRoot.appendingPathComponent("Tests/apiexploreTests/Fixtures/junit.xsd").path
        let validation = try await Subprocess.run("/usr/bin/env", ["xmllint", "--noout", "--schema", schema, junit])
        #expect(validation.status == 0, "\(validation.stderr)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains(#"<testsuites name="apiexplore" tests="7" failures="3" errors="1" skipped="2""#), "\(xml)")
        #expect(
            xml.contains(
                #"<failure type="business-failure" message="expected success, got business-failure (HTTP 200, status 40013"#
            ))
        #expect(xml.contains(#"<failure type="http-failure""#))
        #expect(xml.contains(#"<failure type="expectation" message="expected id == 7, got 1001""#))
        #expect(xml.contains(#"<error type="transport""#))
        #expect(xml.contains(#"<skipped message="not run: the script stopped at line 2"/>"#))
        #expect(xml.contains(#"<skipped message="not on this backend"/>"#))

        // A real TAP consumer reads the TAP report and finds exactly the four failed points.
        let tap = directory.appendingPathComponent("r.tap").path
        let prove = try await Subprocess.run("/usr/bin/env", ["prove", "--exec", "cat", tap])
        #expect(prove.status != 0)
        #expect(prove.stdout.contains("Tests: 7 Failed: 4"), "\(prove.stdout)")
        #expect(prove.stdout.contains("Failed tests:  2, 4-6"), "\(prove.stdout)")
        // The catalogued name and action of the business error reach every report.
        #expect(xml.contains("error invalid_token (40013, action fail)"), "\(xml)")
        let tapText = try String(contentsOfFile: tap, encoding: .utf8)
        #expect(
            tapText.contains("  business_error: \"invalid_token\"\n  business_error_action: \"fail\""), "\(tapText)")

        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
                as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["scripts"] as? Int == 6 && summary["failed"] as? Int == 4 && summary["skipped"] as? Int == 1)
        let cases = (report["scripts"] as? [[String: Any]] ?? []).flatMap { $0["cases"] as? [[String: Any]] ?? [] }
        let business = try #require(cases.first { $0["type"] as? String == "business-failure" })
        #expect(business["business_status"] as? Int == 40013 && business["tip"] as? String == "invalid token")
        let businessError = try #require(business["business_error"] as? [String: Any])
        #expect(businessError["name"] as? String == "invalid_token" && businessError["action"] as? String == "fail")
        #expect(summary["verdict"] as? String == "failed" && summary["exit_status"] as? Int == 3)
    }

    @Test func aDataRunReportsItsFailingRowsByNumber() async throws {
        var csv = "id,name\n"
        for row in 1...50 {
            csv += [17, 33].contains(row) ? "9999,nobody\n" : (row.isMultiple(of: 2) ? "1001,张伟\n" : "1002,李娜\n")
        }
        let directory = try workspace([
            "users.apx": "use demo\ncall user id=${id}\nexpect probe name == ${name}\n", "users.csv": csv,
            "users.jsonl": "{\"id\":1001,\"name\":\"张伟\"}\r\n{\"id\":9999,\"name\":\"x\"}\r\n",
        ])
        defer { CommandRunner.remove(directory) }
        let output = try await run(
            ["users.apx", "--data", "users.csv", "--jobs", "4", "--report-json", "r.json"], in: directory)
        #expect(output.status == 4, "\(output.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
                as? [String: Any])
        let scripts = try #require(report["scripts"] as? [[String: Any]])
        #expect(scripts.count == 50)
        let failed = scripts.filter { $0["verdict"] as? String == "failed" }.compactMap { $0["name"] as? String }
        #expect(failed == ["users.apx[row 17]", "users.apx[row 33]"])
        // The JSON lines carry the row too.
        let rows = Subprocess.jsonLines(output.stdout).filter { $0["summary"] != nil }.compactMap { $0["row"] as? Int }
        #expect(rows == Array(1...50))
        // JSON lines, CRLF included: row 2 fails, numbers become their text.
        let lines = try await run(["users.apx", "--data", "users.jsonl", "--no-history"], in: directory)
        #expect(lines.status == 4, "\(lines.stderr)")
        let verdicts = Subprocess.jsonLines(lines.stdout).compactMap {
            ($0["summary"] as? [String: Any])?["verdict"] as? String
        }
        #expect(verdicts == ["passed", "failed"])
    }

    @Test func aDataFileIsCheckedWholeThenReadRowByRow() async throws {
        // RFC 4180: a quoted field holds a comma, a line break and doubled quotes.
        let directory = try workspace([
            "s.apx": "skip \"${note}\"\n",
            "rows.csv": "id,note\r\n1,\"a, b\"\r\n2,\"two\nlines \"\"quoted\"\"\"\r\n",
            "bad.csv": "id,note\n1,x\n2,y,z\n3,w\n",
        ])
        defer { CommandRunner.remove(directory) }
        let output = try await run(["s.apx", "--data", "rows.csv", "--no-history"], in: directory)
        #expect(output.status == 0, "\(output.stderr)")
        let reasons = Subprocess.jsonLines(output.stdout).compactMap {
            ($0["summary"] as? [String: Any])?["skip_reason"] as? String
        }
        #expect(reasons == ["a, b", "two\nlines \"quoted\""])
        // A malformed row is reported at its line before any row runs.
        let bad = try await run(["s.apx", "--data", "bad.csv", "--no-history"], in: directory)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.csv:3: row 2 has 3 fields; the header names 2"), "\(bad.stderr)")
        #expect(bad.stdout.isEmpty, "\(bad.stdout)")
    }

    @Test func repeatUntilPollsAJobAndTimesOutClearly() async throws {
        let directory = try workspace([
            "poll.apx": """
            use demo
            call start_job polls=4
            capture job = id
            repeat until probe status == "done" every 5ms for 30s {
              call job id=${job}
            }
            expect probe polled == 4
            if probe status == "done" {
              set verdict = finished
            } else {
              set verdict = unfinished
            }
            call start_job polls=1000000
            capture slow = id
            repeat until probe status == "done" every 10ms for 200ms {
              call job id=${slow}
            }
            """
        ])
        defer { CommandRunner.remove(directory) }
        let output = try await run(["poll.apx", "--no-history"], in: directory)
        #expect(output.status == 1, "\(output.stderr)")
        let lines = Subprocess.jsonLines(output.stdout)
        let repeats = lines.filter { $0["command"] as? String == "repeat" }
        #expect(repeats.count == 2)
        #expect(repeats.first?["attempts"] as? Int == 4 && repeats.first?["held"] as? Bool == true)
        #expect(lines.contains { $0["command"] as? String == "if" && $0["holds"] as? Bool == true })
        #expect(lines.contains { $0["source"] as? String == "set verdict = finished" })
        #expect(!lines.contains { $0["source"] as? String == "set verdict = unfinished" })
        let timeout = try #require(repeats.last)
        #expect(timeout["held"] as? Bool == false && timeout["passed"] as? Bool == false)
        let message = (timeout["failures"] as? [[String: Any]])?.first?["message"] as? String ?? ""
        #expect(message.hasPrefix("'until probe status == \"done\"' did not hold within 200ms ("), "\(message)")
        #expect(message.contains("got \"running\""))
    }

    @Test func eachAttemptOfARepeatIsACaseOfItsOwnName() async throws {
        let directory = try workspace([
            "poll.apx": """
            use demo
            call start_job polls=3
            capture job = id
            repeat until probe status == "done" every 5ms for 30s {
              call job id=${job}
            }
            """
        ])
        defer { CommandRunner.remove(directory) }
        let output = try await run(
            ["poll.apx", "--no-history", "--report-junit", "r.xml", "--report-json", "r.json"], in: directory)
        #expect(output.status == 0, "\(output.stderr)")
        let attempts = Subprocess.jsonLines(output.stdout).filter { $0["source"] as? String == "call job id=${job}" }
            .map { $0["attempt"] as? Int }
        #expect(attempts == [1, 2, 3])
        // The names as a JUnit reader sees them: xmllint lists the testcase name attributes.
        let listed = try await Subprocess.run(
            "/usr/bin/env",
            ["xmllint", "--xpath", "//testcase/@name", directory.appendingPathComponent("r.xml").path]
        ).stdout
        let names = listed.matches(of: /name="([^"]*)"/).map { String($0.output.1) }
        #expect(
            names == [
                "poll.apx:2 start_job", "poll.apx:5 job (attempt 1)", "poll.apx:5 job (attempt 2)",
                "poll.apx:5 job (attempt 3)",
            ], "\(listed)")
    }

    @Test func onlyFocusesARunAndForbidOnlyRefusesIt() async throws {
        let directory = try workspace([
            "s/a.apx": "use demo\ncall user\n", "s/b.apx": "only\nuse demo\ncall user id=1002\n",
        ])
        defer { CommandRunner.remove(directory) }
        let focused = try await run(["s", "--no-history"], in: directory)
        #expect(focused.status == 0, "\(focused.stderr)")
        let summaries = Subprocess.jsonLines(focused.stdout).compactMap { $0["summary"] as? [String: Any] }
        #expect(summaries.map { $0["verdict"] as? String } == ["skipped", "passed"])
        let forbidden = try await run(["s", "--forbid-only"], in: directory)
        #expect(forbidden.status == 2)
        #expect(
            forbidden.stderr.contains("s/b.apx:1:1: 'only' is not allowed with --forbid-only"), "\(forbidden.stderr)")
    }

    @Test func environmentValuesAreSecretsInOutputAndHistory() async throws {
        let secret = "env-token-7f3a9c"
        let directory = try workspace([
            "env.apx": """
            use demo
            set token = ${env:APX_TOKEN}
            set region = ${env:APX_REGION:-eu-west}
            get /cmd/users/1001?token=${token}&region=${region}
            call user id=${env:APX_USER:-1002}
            expect probe id == 1002
            """
        ])
        defer { CommandRunner.remove(directory) }
        let history = directory.appendingPathComponent("history.sqlite").path
        let output = try await run(
            ["env.apx", "--jobs", "2", "--history", history, "--report-json", "r.json"], in: directory,
            environment: ["APX_TOKEN": secret])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("region=eu-west"), "the fallback is used and is not a secret")
        for bytes in [
            Data(output.stdout.utf8), Data(output.stderr.utf8), try Data(contentsOf: URL(fileURLWithPath: history)),
            try Data(contentsOf: directory.appendingPathComponent("r.json")),
        ] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil)
        }
        // Read directly, never through `set`, the value is still masked wherever it travels: a failed
        // expectation's message, a transport error's URL, a skip reason, and every report.
        try Data(
            """
            use demo
            call user
            expect tip == "${env:APX_TOKEN}"
            get /hazards/reset?q=${env:APX_TOKEN}
            skip "token ${env:APX_TOKEN} is not for this backend"
            """.utf8
        ).write(to: directory.appendingPathComponent("leak.apx"))
        let leaky = try await run(
            [
                "leak.apx", "env.apx", "--keep-going", "--history", history, "--report-junit", "r.xml",
                "--report-tap", "r.tap", "--report-json", "r.json",
            ], in: directory, environment: ["APX_TOKEN": secret])
        #expect(leaky.status == 3, "\(leaky.stdout)\(leaky.stderr)")
        #expect(leaky.stdout.contains(#"expected tip \"••••\", got \"成功\""#), "\(leaky.stdout)")
        #expect(leaky.stdout.contains("reset?q=••••"), "\(leaky.stdout)")
        for bytes in [
            Data(leaky.stdout.utf8), Data(leaky.stderr.utf8), try Data(contentsOf: URL(fileURLWithPath: history)),
            try Data(contentsOf: directory.appendingPathComponent("r.json")),
            try Data(contentsOf: directory.appendingPathComponent("r.xml")),
            try Data(contentsOf: directory.appendingPathComponent("r.tap")),
        ] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil)
        }
        let missing = try await run(["env.apx"], in: directory)
        #expect(missing.status == 2)
        #expect(
            missing.stderr.contains("env.apx:2:13: environment variable 'APX_TOKEN' is not set"), "\(missing.stderr)")
    }

    @Test func varsFileAndVarDefineVariablesWithVarWinning() async throws {
        let directory = try workspace([
            "v.apx": "use demo\ncall user id=${id}\nexpect probe city == ${city}\n",
            "vars.yaml": "id: 1001\ncity: 上海\n", "vars.env": "export id=1002\r\ncity=\"杭州\" # a comment\r\n",
        ])
        defer { CommandRunner.remove(directory) }
        let yaml = try await run(
            ["v.apx", "--vars-file", "vars.yaml", "--var", "city=杭州", "--no-history"], in: directory)
        #expect(yaml.status == 0, "\(yaml.stdout)\(yaml.stderr)")
        let dotenv = try await run(["v.apx", "--vars-file", "vars.env", "--no-history"], in: directory)
        #expect(dotenv.status == 0, "\(dotenv.stdout)\(dotenv.stderr)")
        #expect(dotenv.stdout.contains("/cmd/users/1002"), "CRLF lines are lines")
        try Data("id: [1, 2\n".utf8).write(to: directory.appendingPathComponent("bad.yaml"))
        let bad = try await run(["v.apx", "--vars-file", "bad.yaml"], in: directory)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.yaml:"), "\(bad.stderr)")
    }

    @Test func repeatRunsReportLatencyPercentilesAndOutcomes() async throws {
        let directory = try workspace(["load.apx": "use demo\ncall user\ncall orders\nexpect business-failure\n"])
        defer { CommandRunner.remove(directory) }
        let output = try await run(["load.apx", "--repeat", "20", "--concurrency", "4", "--no-history"], in: directory)
        #expect(output.status == 0, "\(output.stderr)")
        let load = try #require(Subprocess.jsonLines(output.stdout).first?["load"] as? [String: Any])
        #expect(load["runs"] as? Int == 20 && load["passed"] as? Int == 20 && load["requests"] as? Int == 40)
        #expect((load["outcomes"] as? [String: Int]) == ["success": 20, "business-failure": 20])
        // Every business status is counted, success included, and the errors carry their catalogued names.
        #expect((load["business_statuses"] as? [String: Int]) == ["0": 20, "40013": 20])
        let errors = try #require(load["business_errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors.first?["name"] as? String == "invalid_token")
        #expect(errors.first?["count"] as? Int == 20 && errors.first?["action"] as? String == "fail")
        let latency = try #require(load["latency"] as? [[String: Any]])
        #expect(latency.map { $0["endpoint"] as? String } == ["demo/user", "demo/orders", "all"])
        let all = try #require(latency.last)
        #expect(all["count"] as? Int == 40)
        let p50 = try #require(all["p50_ms"] as? Double)
        let max = try #require(all["max_ms"] as? Double)
        #expect(p50 > 0 && p50 <= max)
    }

    @Test(arguments: [false, true])
    func aTerminalShowsLiveProgressAndAFinalTable(quiet: Bool) async throws {
        let directory = try workspace([
            "t/a.apx": "use demo\ncall user\n", "t/b.apx": "use demo\ncall orders\n",
        ])
        defer { CommandRunner.remove(directory) }
        // `script` makes standard error a pseudo-terminal; standard output still goes to a file.
        // Colours come from the terminal's terminfo entry: name one that has them.
        let command =
            "TERM=xterm-256color '\(CommandRunner.executable.path)' run '\(directory.path)/t' --jobs 2 --no-history "
            + "--profiles-dir '\(directory.path)/profiles'" + (quiet ? " --quiet" : "") + " > /dev/null"
        let output = try await Subprocess.run(
            "script", ["-qec", command, "/dev/null"], removing: ["NO_COLOR", "APIEXPLORE_THEME"])
        #expect(output.status == 4, "\(output.stdout)")
        let stderr = output.stdout
        if quiet {
            #expect(!stderr.contains("verdict") && !stderr.contains("\u{1B}[J"), "\(stderr)")
            return
        }
        // Live lines were drawn and erased, then the table and the total, coloured.
        #expect(stderr.contains("t/a.apx") && stderr.contains("\u{1B}[J"), "\(stderr)")
        #expect(stderr.contains("cases  failed      time  verdict"), "\(stderr)")
        // xterm's setaf and sgr0, as its terminfo entry spells them.
        #expect(
            stderr.contains("\u{1B}[31mfailed\u{1B}(B\u{1B}[m") && stderr.contains("\u{1B}[32mpassed\u{1B}(B\u{1B}[m"),
            "\(stderr.debugDescription)")
        #expect(stderr.contains("1 passed, 1 failed, 0 skipped in "))
    }
}

/// Interrupting a suite, as a CI job's timeout (SIGTERM) or Ctrl-C does: what finished is printed
/// and reported, the rest is reported as interrupted, never as passed or skipped, and the exit
/// status says which signal ended it. `prove` and a JUnit reader must both count the run as failed.
@Suite struct SuiteInterruptTests {
    @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
    func anInterruptedRunReportsWhatItHasAndFails(signal: Int32, name: String) async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let scripts = [
            "i/a-fast.apx": "use demo\ncall user\n",
            "i/b-slow.apx": """
            use demo
            call start_job polls=1000000
            capture job = id
            repeat until probe status == "done" every 20ms for 10m {
              call job id=${job}
            }
            """,
            "i/c-later.apx": "use demo\ncall user\n",
        ]
        for (path, text) in scripts {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("profiles"), withIntermediateDirectories: true)
        // The first script's summary line means the slow one is next: interrupt then.
        let run = try await CommandRunner.runInterrupting(
            [
                "run", "i", "--no-history", "--report-junit", "r.xml", "--report-tap", "r.tap", "--report-json",
                "r.json", "--profiles-dir", directory.appendingPathComponent("profiles").path,
            ], in: directory, scratch: directory.appendingPathComponent("scratch"), signal: signal
        ) { $0.range(of: Data(#""file":"i/a-fast.apx","summary""#.utf8)) != nil }
        let lines = String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(run.status == 128 + signal, "\(lines)")
        #expect(
            run.stderr.contains("interrupted: interrupted by \(name); 1 of 3 script runs finished"), "\(run.stderr)")
        let total = try #require(Subprocess.jsonLines(lines.joined(separator: "\n")).last?["total"] as? [String: Any])
        #expect(total["passed"] as? Int == 1 && total["interrupted"] as? Int == 2 && total["skipped"] as? Int == 0)
        #expect(
            total["exit_status"] as? Int == Int(128 + signal) && total["stopped"] as? String == "interrupted by \(name)"
        )

        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("r.json")))
                as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["verdict"] as? String == "interrupted" && summary["exit_status"] as? Int == Int(128 + signal))
        let verdicts = (report["scripts"] as? [[String: Any]] ?? []).map {
            "\($0["name"] as? String ?? ""): \($0["verdict"] as? String ?? "")"
        }
        #expect(verdicts == ["i/a-fast.apx: passed", "i/b-slow.apx: interrupted", "i/c-later.apx: interrupted"])

        // JUnit: valid against the XSD, and a reader counting errors finds the interruption, signal named.
        let junit = directory.appendingPathComponent("r.xml").path
        let schema = Subprocess.repositoryRoot.appendingPathComponent("Tests/apiexploreTests/Fixtures/junit.xsd").path
        let validation = try await Subprocess.run("/usr/bin/env", ["xmllint", "--noout", "--schema", schema, junit])
        #expect(validation.status == 0, "\(validation.stderr)")
        let errors = try await Subprocess.run(
            "/usr/bin/env", ["xmllint", "--xpath", "string(/testsuites/@errors)", junit])
        #expect((Int(errors.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) >= 2, "\(errors.stdout)")
        let interrupted = try await Subprocess.run(
            "/usr/bin/env", ["xmllint", "--xpath", "count(//error[@type='interrupted'])", junit])
        #expect(interrupted.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "\(interrupted.stdout)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("not run: interrupted by \(name)"), "\(xml)")

        // TAP: the run bails out, and prove calls it a failure.
        let tapPath = directory.appendingPathComponent("r.tap").path
        let tap = try String(contentsOfFile: tapPath, encoding: .utf8)
        #expect(tap.contains("Bail out! interrupted by \(name): 1 of 3 script runs finished"), "\(tap)")
        let prove = try await Subprocess.run("/usr/bin/env", ["prove", "--exec", "cat", tapPath])
        #expect(prove.status != 0, "\(prove.stdout)")
        #expect(!prove.stdout.contains("All tests successful"), "\(prove.stdout)")
    }
}
