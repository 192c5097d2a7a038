import Foundation
import Testing

/// `apiexplore run`, as a subprocess against the embedded demo backend: JSON lines, the transcript,
/// exit codes and script errors.
@Suite struct RunCommandTests {
    @Test func theShippedExampleScriptPassesOffline() async throws {
        let example = Subprocess.repositoryRoot.appendingPathComponent("examples/demo.apx").path
        let output = try await CommandRunner.run(["run", example])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = Subprocess.jsonLines(output.stdout)
        #expect(lines.count > 15)
        #expect(lines.allSatisfy { $0["passed"] as? Bool == true })
        // The chain: the id captured from the list is the id the next call used.
        let capture = try #require(lines.first { $0["command"] as? String == "capture" })
        let captured = try #require(capture["value"] as? Int)
        let chained = try #require(lines.first { ($0["source"] as? String)?.hasPrefix("call user ") == true })
        #expect((chained["url"] as? String)?.hasSuffix("/cmd/users/\(captured)") == true)
        // The zip block's calls all came back.
        let zip = try #require(lines.first { $0["command"] as? String == "zip" })
        #expect((zip["calls"] as? [[String: Any]])?.map { $0["endpoint"] as? String } == ["gank", "indodax", "jsend"])
    }

    struct ExitCase: Sendable, CustomTestStringConvertible {
        let name: String
        let script: String
        let status: Int32
        /// Text standard error must contain.
        var stderr: String = ""
        var testDescription: String { name }
    }

    @Test(arguments: [
        ExitCase(name: "0 all passed", script: "use demo\ncall user\nexpect probe id == 1001", status: 0),
        ExitCase(name: "1 expectation failed", script: "use demo\ncall user\nexpect probe id == 7", status: 1),
        ExitCase(
            name: "2 syntax error", script: "use demo\ncall user\nexpect probe id = 7", status: 2,
            stderr: "script.apx:3:17: expected a comparison"),
        ExitCase(
            name: "2 unknown profile", script: "use nowhere", status: 2,
            stderr: "script.apx:1:5: no profile named 'nowhere'"),
        ExitCase(
            name: "2 unknown endpoint", script: "use demo\ncall nope", status: 2,
            stderr: "script.apx:2:6: unknown endpoint 'nope'"),
        ExitCase(
            name: "2 undefined variable", script: "use demo\ncall user id=${who}", status: 2,
            stderr: "script.apx:2:14: undefined variable 'who'"),
        ExitCase(name: "3 transport failure", script: "use demo\nget /hazards/reset", status: 3),
        ExitCase(name: "4 business failure by profile default", script: "use demo\ncall orders", status: 4),
        ExitCase(name: "4 business failure by expect", script: "use demo\ncall orders\nexpect success", status: 4),
        ExitCase(name: "1 http failure where success expected", script: "use demo\nget /hazards/html503", status: 1),
    ])
    func exitCodes(_ exit: ExitCase) async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        try Data(exit.script.utf8).write(to: directory.appendingPathComponent("script.apx"))
        let output = try await CommandRunner.run(["run", "script.apx"], in: directory)
        #expect(output.status == exit.status, "\(output.stdout)\n\(output.stderr)")
        #expect(exit.stderr.isEmpty || output.stderr.contains(exit.stderr), "\(output.stderr)")
        // Whatever happened, standard output is JSON lines.
        _ = Subprocess.jsonLines(output.stdout)
    }

    @Test func everySyntaxErrorIsReportedBeforeAnythingRuns() async throws {
        let output = try await CommandRunner.run(
            ["run", "-"], stdin: "use demo\ncal users\nexpect sucess\nzip {\n  probe x\n}\nset 1x = 2\n")
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        let errors = output.stderr.split(separator: "\n").map { $0.prefix { $0 != " " } }
        #expect(errors == ["<stdin>:2:1:", "<stdin>:3:8:", "<stdin>:5:3:", "<stdin>:7:5:"])
    }

    @Test func keepGoingRunsPastAFailure() async throws {
        let script = "use demo\ncall orders\ncall user\nexpect probe id == 1001\n"
        let stopped = try await CommandRunner.run(["run", "-"], stdin: script)
        #expect(Subprocess.jsonLines(stopped.stdout).count == 2)
        let all = try await CommandRunner.run(["run", "-", "--keep-going"], stdin: script)
        #expect(all.status == 4)
        #expect(Subprocess.jsonLines(all.stdout).map { $0["passed"] as? Bool } == [true, false, true, true])
    }

    @Test func theProfileOptionSkipsTheUseLine() async throws {
        let output = try await CommandRunner.run(
            ["run", "-", "--profile", "gank"], stdin: "call today\nexpect count 0>_id == 1\n")
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let unknown = try await CommandRunner.run(["run", "-", "--profile", "nowhere"], stdin: "call x\n")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no profile named 'nowhere'"))
    }

    @Test func prettyPrintsAReadableTranscriptWithoutColourWhenPiped() async throws {
        let output = try await CommandRunner.run(["run", "-", "--pretty"], stdin: "use demo\ncall user\ncall orders\n")
        #expect(output.status == 4)
        #expect(output.stdout.contains("✓   2  call user"))
        #expect(output.stdout.contains("200 OK · success · status 0 · tip \"成功\""))
        #expect(output.stdout.contains("✗   3  call orders"))
        #expect(
            output.stdout.contains("expected success, got business-failure (HTTP 200, status 40013, \"invalid token\")")
        )
        #expect(output.stdout.contains("3 commands, 1 failed: business failure (exit 4)"))
        #expect(!output.stdout.contains("\u{1B}"))
    }

    @Test(arguments: [false, true])
    func colourOnATerminalUnlessNoColorIsSet(noColor: Bool) async throws {
        // `script` gives the command a pseudo-terminal as standard output.
        let command = "printf 'use demo\\ncall user\\n' | '\(CommandRunner.executable.path)' run - --pretty"
        let output = try await Subprocess.run(
            "script", ["-qec", command, "/dev/null"], environment: noColor ? ["NO_COLOR": "1"] : [:],
            removing: noColor ? [] : ["NO_COLOR"])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("call user"))
        #expect(output.stdout.contains("\u{1B}[32m") == !noColor)
    }

    @Test(arguments: [true, false])
    func progressGoesToStandardErrorOnlyWhenItIsATerminal(terminal: Bool) async throws {
        let script = "use demo\nget /hazards/large?size=3000000\nexpect undetermined\n"
        let stderr: String
        if terminal {
            // `script` makes standard error a pseudo-terminal; standard output still goes to a file.
            let command = "printf '\(script)' | '\(CommandRunner.executable.path)' run - > /dev/null"
            stderr = try await Subprocess.run("script", ["-qec", command, "/dev/null"]).stdout
        } else {
            let output = try await CommandRunner.run(["run", "-"], stdin: script)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            stderr = output.stderr
        }
        // A drawn progress line: bytes so far of the announced total, and the rate.
        let drawn = stderr.contains("↓ ") && stderr.contains(" / 2.8 MiB") && stderr.contains("/s")
        #expect(drawn == terminal, "\(stderr)")
    }

    @Test func controlBytesFromAResponseNeverReachTheTranscript() async throws {
        let output = try await CommandRunner.run(
            ["run", "-", "--pretty"],
            stdin: "use slack\nget /hazards/escapes\nexpect undetermined\nprobe title\nprobe osc\n")
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("\\u001b[2J"))
        #expect(!output.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        let json = try await CommandRunner.run(
            ["run", "-"], stdin: "use slack\nget /hazards/escapes\nexpect undetermined\nprobe title\n")
        #expect(!json.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }
}

extension RunCommandTests {
    @Test func screenPrintsTheTerminalUIAfterEachCommand() async throws {
        let output = try await CommandRunner.run(
            ["run", "-", "--screen", "100x30"], stdin: "use demo\ncall user\nprobe profile>address>city\ncall orders\n")
        #expect(output.status == 4)
        let screens = output.stdout.components(separatedBy: "── ").dropFirst()
        #expect(screens.count == 4)
        let call = try #require(screens.first { $0.hasPrefix("2: call user") })
        #expect(call.contains(" apiexplore · demo · http://127.0.0.1:"))
        #expect(call.contains("HTTP 200 OK"))
        #expect(call.contains("[HTTP ✓] [BIZ ✓]"))
        #expect(call.contains("name: \"张伟\""))
        #expect(call.contains("History (1)"))
        let probe = try #require(screens.first { $0.hasPrefix("3: probe") })
        #expect(probe.contains("✓ probe profile>address>city: \"杭州市\""))
        let orders = try #require(screens.last)
        #expect(orders.contains("invalid token"))
        #expect(orders.contains("History (2)"))
        // Every screen line fits the requested width.
        for line in output.stdout.split(separator: "\n") where !line.hasPrefix("──") {
            #expect(line.count <= 100, "\(line)")
        }
    }

    @Test(arguments: [("60x20", 0), ("120", 2), ("0x40", 2)])
    func screenSizes(size: String, status: Int32) async throws {
        let output = try await CommandRunner.run(["run", "-", "--screen", size], stdin: "use demo\n")
        #expect(output.status == status, "\(output.stderr)")
        if status == 0 {
            #expect(output.stdout.contains("too small"))
        } else {
            #expect(output.stderr.contains("--screen must be COLUMNSxROWS"))
        }
    }

    @Test func profileHeadlessRunsStandardInput() async throws {
        let output = try await CommandRunner.run(
            ["--profile", "demo", "--headless"], stdin: "call user\nexpect tip \"成功\"\n")
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Subprocess.jsonLines(output.stdout).map { $0["command"] as? String } == ["call", "expect"])
        let failing = try await CommandRunner.run(["--profile", "demo", "--headless"], stdin: "call orders\n")
        #expect(failing.status == 4)
        let pretty = try await CommandRunner.run(["--profile", "demo", "--headless", "--pretty"], stdin: "call user\n")
        #expect(pretty.stdout.contains("✓   1  call user"))
    }

    @Test func theTerminalUIWithoutATerminalSaysHowToRunHeadless() async throws {
        let output = try await CommandRunner.run(["--profile", "demo"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("no terminal"))
        #expect(output.stderr.contains("apiexplore --profile demo --headless"))
    }
}
