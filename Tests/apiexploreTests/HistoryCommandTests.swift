import Foundation
import Testing

/// History through the binary: every call recorded, listed, searched, shown, exported, and
/// replayed without the network.
@Suite struct HistoryCommandTests {
    /// A folder with a history file path, removed afterwards.
    struct Scratch {
        let directory: URL
        var history: String { directory.appendingPathComponent("history.sqlite").path }
        var environment: [String: String] { ["APIEXPLORE_HISTORY": history] }

        init() throws { directory = try Subprocess.temporaryDirectory() }
        func remove() { CommandRunner.remove(directory) }
    }

    @Test func everyCallIsRecordedAndListedNewestFirst() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await CommandRunner.run(
            ["run", "-", "--keep-going"],
            stdin: "use demo\ncall user\ncall orders\npost /hazards/reset?token=s3cret {\"name\": \"张伟\"}\n",
            environment: scratch.environment)
        #expect(run.status == 3)
        let ids = Subprocess.jsonLines(run.stdout).compactMap { $0["history_id"] as? Int }
        #expect(ids == [1, 2, 3])
        let list = try await CommandRunner.run(["history", "list", "--json"], environment: scratch.environment)
        let rows = Subprocess.jsonLines(list.stdout)
        #expect(rows.map { $0["id"] as? Int } == [3, 2, 1])
        #expect(rows.map { $0["outcome"] as? String } == ["transport-failure", "business-failure", "success"])
        #expect(rows[1]["business_status"] as? String == "40013")
        let failures = try await CommandRunner.run(
            ["history", "list", "--outcome", "business-failure", "--json"], environment: scratch.environment)
        #expect(Subprocess.jsonLines(failures.stdout).map { $0["endpoint"] as? String } == ["orders"])
        // A call that got no response keeps what was sent: method, URL (secrets masked) and body.
        let failed = try await CommandRunner.run(["history", "show", "3"], environment: scratch.environment)
        let sent = try await Subprocess.run(
            "jq",
            [
                "-e",
                #".method == "POST" and (.url | endswith("/hazards/reset?token=••••")) and .request_body.name == "张伟""#,
            ], stdin: failed.stdout)
        #expect(sent.status == 0, "\(failed.stdout)")
        let readable = try await CommandRunner.run(["history", "list"], environment: scratch.environment)
        #expect(readable.stdout.contains("#2  "))
        #expect(readable.stdout.contains("demo/orders  200  business-failure  invalid_token  \"invalid token\""))
    }

    @Test func theHistoryCommandOfAScriptListsTheNewestOfItsProfile() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await CommandRunner.run(
            ["run", "-"],
            stdin: "use slack\ncall auth_test\nexpect business-failure\n"
                + "use demo\ncall user\ncall orders\nexpect business-failure\nhistory 2\n",
            environment: scratch.environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let last = try #require(Subprocess.jsonLines(run.stdout).last)
        #expect(last["command"] as? String == "history")
        let entries = try #require(last["entries"] as? [[String: Any]])
        // Newest first, only the profile in use, at most two.
        #expect(entries.map { $0["endpoint"] as? String } == ["orders", "user"])
        #expect(entries.map { $0["id"] as? Int } == [3, 2])
    }

    @Test func searchFindsTipsAndModelTextIncludingCJK() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await CommandRunner.run(
            ["run", "-"], stdin: "use demo\ncall user id=1002\ncall orders\nexpect business-failure\n",
            environment: scratch.environment)
        let byModel = try await CommandRunner.run(
            ["history", "search", "李娜", "--json"], environment: scratch.environment)
        #expect(Subprocess.jsonLines(byModel.stdout).map { $0["endpoint"] as? String } == ["user"])
        let byTip = try await CommandRunner.run(
            ["history", "search", "invalid token", "--json"], environment: scratch.environment)
        #expect(Subprocess.jsonLines(byTip.stdout).map { $0["endpoint"] as? String } == ["orders"])
    }

    @Test func replayUsesTheStoreAndTheProfilesCurrentEnvelope() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await CommandRunner.run(["request", "demo", "user"], environment: scratch.environment)
        // The same profile name, now pointing at a dead port and reading the tip from another key:
        // a replay needs no network, and evaluates the stored body with today's envelope.
        let profiles = scratch.directory.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try Data(
            """
            name: demo
            base_url: http://127.0.0.1:9
            envelope: {status: code, success: 0, tip: data>nickname, model: data}
            endpoints:
              user: {path: /cmd/users/1001}
            """.utf8
        ).write(to: profiles.appendingPathComponent("demo.yaml"))
        let replay = try await CommandRunner.run(
            ["run", "-", "--profiles-dir", profiles.path],
            stdin: "use demo\nreplay 1\nexpect success\nexpect tip \"小伟\"\nprobe name\n",
            environment: scratch.environment)
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        let lines = Subprocess.jsonLines(replay.stdout)
        #expect(lines[1]["recorded_outcome"] as? String == "success")
        #expect(lines[4]["value"] as? String == "张伟")
        let show = try await CommandRunner.run(
            ["history", "show", "1", "--reevaluate", "--profiles-dir", profiles.path], environment: scratch.environment)
        let jq = try await Subprocess.run(
            "jq",
            [
                "-e",
                #".tip == "成功" and .evaluation_now.tip == "小伟" and .evaluation_recorded.tip == "成功" and .body.data.id == 1001"#,
            ], stdin: show.stdout
        )
        #expect(jq.stdout == "true\n", "\(show.stdout)")
        let missing = try await CommandRunner.run(["run", "-"], stdin: "replay 99\n", environment: scratch.environment)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("<stdin>:1:8: no stored exchange #99"))
    }

    @Test func exportsJSONLinesAndHAR() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await CommandRunner.run(
            ["run", "-"], stdin: "use demo\ncall user\ncall rss\n", environment: scratch.environment)
        let jsonl = try await CommandRunner.run(
            ["history", "export", "--format", "jsonl"], environment: scratch.environment)
        #expect(Subprocess.jsonLines(jsonl.stdout).count == 2)
        let har = scratch.directory.appendingPathComponent("out.har").path
        let export = try await CommandRunner.run(
            ["history", "export", "--format", "har", "--output", har], environment: scratch.environment)
        #expect(export.status == 0)
        let jq = try await Subprocess.run(
            "jq", ["-e", #".log.version == "1.2" and (.log.entries | length) == 2"#, har])
        #expect(jq.stdout == "true\n", "\(jq.stderr)")
    }

    @Test func noHistoryRecordsNothingAndTokensNeverReachTheFile() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let off = try await CommandRunner.run(
            ["request", "demo", "user", "--no-history"], environment: scratch.environment)
        #expect(off.status == 0)
        #expect(!FileManager.default.fileExists(atPath: scratch.history))
        var environment = scratch.environment
        environment["SLACK_TOKEN"] = "xoxb-demo"
        let on = try await CommandRunner.run(["request", "slack", "auth_test"], environment: environment)
        #expect(on.status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.history)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: scratch.history + suffix) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.history + suffix))
            #expect(bytes.range(of: Data("xoxb-demo".utf8)) == nil, "token found in history\(suffix)")
        }
    }

    /// An unopenable store named with `--history`, or the default one (`$APIEXPLORE_HISTORY`): the same
    /// usage error, and nothing sent.
    @Test(arguments: [true, false])
    func anUnopenableHistoryIsAUsageError(named: Bool) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try Data("hello, not sqlite".utf8).write(to: URL(fileURLWithPath: scratch.history))
        let output =
            named
            ? try await CommandRunner.run(["request", "demo", "user", "--history", scratch.history])
            : try await CommandRunner.run(["request", "demo", "user"], environment: scratch.environment)
        #expect(output.status == 2)
        #expect(output.stderr.contains(scratch.history))
        #expect(output.stdout.isEmpty, "nothing is sent when the history does not open")
    }

    /// A store named on the command line is the one recorded in; the default one is never opened early.
    @Test func anExplicitHistoryIsUsedAndTheDefaultOneIsNotCreated() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let explicit = scratch.directory.appendingPathComponent("explicit.sqlite").path
        for arguments in [["--history", explicit], ["--history=\(explicit)"]] {
            let output = try await CommandRunner.run(
                ["request", "demo", "user"] + arguments, environment: scratch.environment)
            #expect(output.status == 0, "\(output.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.history))
        let list = try await CommandRunner.run(["history", "list", "--json", "--history", explicit])
        #expect(Subprocess.jsonLines(list.stdout).map { $0["id"] as? Int } == [2, 1])
    }
}

extension HistoryCommandTests {
    @Test func historyKeepPrunesTheOldestWhenTheCommandEnds() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await CommandRunner.run(
            ["run", "-", "--history-keep", "2"], stdin: "use demo\ncall user\ncall users\ncall gank\n",
            environment: scratch.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let list = try await CommandRunner.run(["history", "list", "--json"], environment: scratch.environment)
        #expect(Subprocess.jsonLines(list.stdout).map { $0["endpoint"] as? String } == ["gank", "users"])
    }

    @Test func historyMaxSizePrunesByStoredBytes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let script = "use demo\ncall user\ncall users\n"
        let roomy = try await CommandRunner.run(
            ["run", "-", "--history-max-size", "1 GB"], stdin: script, environment: scratch.environment)
        #expect(roomy.status == 0, "\(roomy.stderr)")
        let kept = try await CommandRunner.run(["history", "list", "--json"], environment: scratch.environment)
        #expect(Subprocess.jsonLines(kept.stdout).count == 2)
        // No exchange fits in one byte: the command's own exchanges are pruned too, once it has ended.
        let tight = try await CommandRunner.run(
            ["run", "-", "--history-max-size", "1B"], stdin: script, environment: scratch.environment)
        #expect(tight.status == 0, "\(tight.stderr)")
        let none = try await CommandRunner.run(["history", "list", "--json"], environment: scratch.environment)
        #expect(Subprocess.jsonLines(none.stdout).isEmpty, "\(none.stdout)")
        let invalid = try await CommandRunner.run(["run", "-", "--history-max-size", "lots"], stdin: script)
        #expect(invalid.status == 2)
        #expect(invalid.stderr.contains("'lots' is not a size"))
    }
}
