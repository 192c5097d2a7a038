import Foundation
import Testing

/// `apiexplore diff` and `expect unchanged` through the binary, against the embedded demo
/// backend's `/cmd/inventory` (the `code-msg-data` profile declares its volatile paths and identity).
@Suite struct DiffCommandTests {
    typealias Scratch = HistoryCommandTests.Scratch

    static func json(_ output: CommandRunner.Output) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any], "\(output)")
    }

    static func paths(_ object: [String: Any]) -> [String] {
        (object["changes"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }

    @Test func filesCompareAsTreesWithTheExitStatusOfDiff() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let profiles = try scratch.profilesDirectory().path
        let a = try scratch.write("a.json", #"{"b": [1, 2], "a": 1, "n": 12345678901234567890}"#)
        let same = try scratch.write("same.json", #"{"a": 1.0, "n": 12345678901234567890.0, "b": [1, 2e0]}"#)
        let other = try scratch.write("other.json", #"{"a": "1", "b": [1], "c": null, "n": 12345678901234567891}"#)
        let equal = try await CommandRunner.run(["diff", a, same, "--profiles-dir", profiles])
        #expect(equal.status == 0, "\(equal)")
        #expect(equal.stdout.hasSuffix("no changes\n"), "\(equal.stdout)")
        let text = try await CommandRunner.run(["diff", a, other, "--profiles-dir", profiles])
        #expect(text.status == 1, "\(text)")
        #expect(text.stdout.contains("~ a: 1 → \"1\"\n"), "\(text.stdout)")
        #expect(text.stdout.contains("- b>1: 2\n"), "\(text.stdout)")
        #expect(text.stdout.contains("+ c: null\n"), "\(text.stdout)")
        #expect(text.stdout.contains("4 changes"), "\(text.stdout)")
        let json = try await CommandRunner.run(["diff", a, other, "--json", "--profiles-dir", profiles])
        #expect(json.status == 1)
        let object = try Self.json(json)
        #expect(object["equal"] as? Bool == false)
        #expect(Self.paths(object) == ["b>1", "a", "n", "c"])
        let first = try #require((object["changes"] as? [[String: Any]])?.first)
        #expect(first["json_path"] as? String == "$['b'][1]")
        #expect(first["kind"] as? String == "removed")
    }

    @Test func aFileWithAnAtInItsNameIsAFile() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.write("v@1.json", #"{"a": 1}"#)
        _ = try scratch.write("v@2.json", #"{"a": 2}"#)
        let output = try await CommandRunner.run(
            ["diff", "v@1.json", "v@2.json", "--profiles-dir", try scratch.profilesDirectory().path],
            in: scratch.directory)
        #expect(output.status == 1, "\(output)")
        #expect(output.stdout.contains("~ a: 1 → 2"), "\(output.stdout)")
    }

    @Test(arguments: [
        (["diff", "nope.json", "nope.json"], "nope.json: cannot read"),
        (["diff", "inventory@-1", "inventory@0"], "needs --profile"),
        (["diff", "inventory@-x", "1"], "is not ENDPOINT@-N"),
        (["diff", "inventory@1", "inventory@0", "--profile", "code-msg-data"], "write inventory@-1 to count back"),
        (["diff", "7", "8"], "no recorded exchange #7"),
        (["diff", "1", "2", "--identity", "items"], "is not ARRAY=KEY"),
        (["diff", "1", "2", "--volatile", "$..["], "invalid JSONPath"),
        (["diff", "1", "2", "--detect", "2"], "--detect must be 0 or between 3 and 50"),
    ])
    func unreadableOperandsExitTwo(arguments: [String], message: String) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let output = try await CommandRunner.run(
            arguments + ["--profiles-dir", try scratch.profilesDirectory().path], environment: scratch.environment)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func historyExchangesOfAnEndpointIgnoreDeclaredVolatilePaths() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await scratch.record(
            "use code-msg-data\ncall inventory v=1\ncall inventory v=1\ncall inventory v=2\n")
        #expect(run.status == 0, "\(run)")
        // Same version: only served_at and request_id changed, both declared volatile.
        let profiles = try scratch.profilesDirectory().path
        let same = try await CommandRunner.run(
            ["diff", "1", "2", "--profiles-dir", profiles], environment: scratch.environment)
        #expect(same.status == 0, "\(same)")
        #expect(same.stdout.contains("no changes; 2 volatile ignored"), "\(same.stdout)")
        let listed = try await CommandRunner.run(
            ["diff", "1", "2", "--include-volatile", "--json", "--profiles-dir", profiles],
            environment: scratch.environment)
        #expect(listed.status == 0)
        let listedObject = try Self.json(listed)
        #expect(Self.paths(listedObject) == ["served_at", "request_id"])
        #expect(listedObject["declared_volatile"] as? [String] == ["$..request_id", "served_at"])

        let changed = try await CommandRunner.run(
            [
                "diff", "inventory@-1", "inventory@0", "--profile", "code-msg-data", "--json", "--profiles-dir",
                profiles,
            ],
            environment: scratch.environment)
        #expect(changed.status == 1, "\(changed)")
        let object = try Self.json(changed)
        #expect(Self.paths(object) == ["version", "items>0", "items>2>price"])
        #expect(object["old"] as? String == "inventory@-1 (#2) code-msg-data inventory, model")
        let added = try #require((object["changes"] as? [[String: Any]])?[1])
        #expect(added["identity"] as? String == "id=3")
        #expect((added["new"] as? [String: Any])?["name"] as? String == "pad")
        #expect(object["volatile"] as? Int == 2)
    }

    @Test func pathsChangedOnEveryExchangeAreDetected() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let profiles = scratch.directory.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try """
        name: plain
        base_url: "${demo:base_url}"
        envelope: {status: code, success: 0, tip: msg, model: data}
        endpoints:
          inventory: {path: /cmd/inventory}
        """.write(to: profiles.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
        let run = try await CommandRunner.run(
            ["run", "-", "--profiles-dir", profiles.path],
            stdin: "use plain\ncall inventory\ncall inventory\ncall inventory\n",
            environment: scratch.environment)
        #expect(run.status == 0, "\(run)")
        let arguments = ["diff", "1", "3", "--profiles-dir", profiles.path, "--json"]
        let detected = try await CommandRunner.run(arguments, environment: scratch.environment)
        #expect(detected.status == 0, "\(detected)")
        #expect(try Self.json(detected)["detected_volatile"] as? [String] == ["served_at", "request_id"])
        let strict = try await CommandRunner.run(arguments + ["--detect", "0"], environment: scratch.environment)
        #expect(strict.status == 1, "\(strict)")
        #expect(Self.paths(try Self.json(strict)) == ["served_at", "request_id"])
    }

    /// Exchanges that sent different requests (`v=4` and `v=3`) are not compared for volatile paths:
    /// the diff says so and lists every change (the version too, which changed on every call).
    @Test func exchangesOfDifferentRequestsDetectNothingAndSaySo() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let profiles = scratch.directory.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try """
        name: plain
        base_url: "${demo:base_url}"
        envelope: {status: code, success: 0, tip: msg, model: data}
        endpoints:
          inventory: {path: /cmd/inventory, query: {v: "${v}"}, params: {v: {default: "1"}}}
        """.write(to: profiles.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
        let calls = ["2", "3", "4", "4", "4", "4"].map { "call inventory v=\($0)\n" }.joined()
        let run = try await CommandRunner.run(
            ["run", "-", "--profiles-dir", profiles.path], stdin: "use plain\n" + calls,
            environment: scratch.environment)
        #expect(run.status == 0, "\(run)")
        let output = try await CommandRunner.run(
            ["diff", "2", "3", "--profiles-dir", profiles.path, "--json"], environment: scratch.environment)
        #expect(output.status == 1, "\(output)")
        let object = try Self.json(output)
        #expect(object["detected_volatile"] as? [String] == [])
        #expect(object["same_request"] as? Bool == false)
        #expect((object["note"] as? String)?.contains("#2 and #3 sent different requests") == true, "\(object)")
        #expect(Self.paths(object) == ["version", "served_at", "request_id", "items>2>price"])
        // The same request (v=4, #4 to #6): what changes on every call is detected.
        let same = try await CommandRunner.run(
            ["diff", "5", "6", "--profiles-dir", profiles.path, "--json"], environment: scratch.environment)
        #expect(same.status == 0, "\(same)")
        #expect(try Self.json(same)["detected_volatile"] as? [String] == ["served_at", "request_id"])
    }

    /// The issue's case: `user id=1001` and `id=1002` alternately. Every field differs between the
    /// two users, which a diff across all of the endpoint's exchanges took for volatile ("no changes;
    /// 5 volatile ignored"); now the diff reports every change, and so does `expect unchanged`.
    @Test func alternatingParametersReportEveryChange() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let profiles = try scratch.profilesDirectory().path
        let calls = (0..<6).map { "call user id=\($0.isMultiple(of: 2) ? 1001 : 1002)\n" }.joined()
        let run = try await CommandRunner.run(
            ["run", "-", "--profiles-dir", profiles],
            stdin: "use demo\n" + calls + "expect unchanged except volatile\n", environment: scratch.environment)
        #expect(run.status == 1, "\(run)")
        let expectation = try #require(
            Subprocess.jsonLines(run.stdout).first { ($0["command"] as? String) == "expect" })
        #expect(expectation["detected_volatile"] as? [String] == [])
        let message = try #require((expectation["failures"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(message.hasPrefix("the model changed since #5: "), "\(message)")
        #expect(message.contains("id (changed)") && message.contains("name (changed)"), "\(message)")
        #expect(message.contains("sent different requests"), "\(message)")

        let text = try await CommandRunner.run(
            ["diff", "user@-1", "user@0", "--profile", "demo", "--profiles-dir", profiles],
            environment: scratch.environment)
        #expect(text.status == 1, "\(text)")
        #expect(
            text.stdout.contains("~ id: 1002 → 1001") || text.stdout.contains("~ id: 1001 → 1002"), "\(text.stdout)")
        #expect(text.stdout.contains("note: #5 and #6 sent different requests"), "\(text.stdout)")
        #expect(!text.stdout.contains("volatile ignored"), "\(text.stdout)")
        let json = try await CommandRunner.run(
            ["diff", "user@-1", "user@0", "--profile", "demo", "--json", "--profiles-dir", profiles],
            environment: scratch.environment)
        let object = try Self.json(json)
        let changed = Set(Self.paths(object))
        #expect(changed.isSuperset(of: ["id", "name", "nickname"]), "\(changed)")
        #expect(object["volatile"] as? Int == 0)
    }

    /// An endpoint that neither the profile declares nor history knows is an error, not silence.
    @Test func unknownEndpointsAreErrors() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let profiles = try scratch.profilesDirectory().path
        _ = try await CommandRunner.run(
            ["request", "demo", "user", "--profiles-dir", profiles], environment: scratch.environment)
        let diff = try await CommandRunner.run(
            ["diff", "nosuch@-1", "nosuch@0", "--profile", "demo", "--profiles-dir", profiles],
            environment: scratch.environment)
        #expect(diff.status == 2, "\(diff)")
        #expect(diff.stderr.contains("unknown endpoint 'nosuch'"), "\(diff.stderr)")
        let drift = try await CommandRunner.run(["history", "drift", "nosuch"], environment: scratch.environment)
        #expect(drift.status == 2, "\(drift)")
        #expect(drift.stderr.contains("unknown endpoint 'nosuch'"), "\(drift.stderr)")
        #expect(drift.stdout.isEmpty)
        // A known endpoint without enough exchanges is not an error.
        let known = try await CommandRunner.run(["history", "drift", "user"], environment: scratch.environment)
        #expect(known.status == 0, "\(known)")
    }

    @Test func expectUnchangedExceptVolatileComparesWithThePreviousExchange() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await scratch.record(
            """
            use code-msg-data
            call inventory v=1
            expect unchanged except volatile
            call inventory v=1
            expect unchanged except volatile
            expect unchanged
            call inventory v=2
            expect unchanged except volatile
            """)
        #expect(run.status == 1, "\(run)")
        let expects = Subprocess.jsonLines(run.stdout).filter { ($0["command"] as? String) == "expect" }
        #expect(expects.map { $0["passed"] as? Bool } == [true, true, false, false])
        #expect(expects.map { $0["compared_with"] as? Int } == [nil, 1, 1, 2])
        let strict = try #require((expects[2]["failures"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(strict == "the model changed since #1: served_at (changed), request_id (changed)")
        let changed = try #require((expects[3]["failures"] as? [[String: Any]])?.first?["message"] as? String)
        #expect(
            changed.hasPrefix(
                "the model changed since #2: version (changed), items>0 (added), items>2>price (changed) (#2 and #3 sent different requests"
            ), "\(changed)")
    }

    @Test func expectUnchangedIsRejectedWhereItCannotReadHistory() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let output = try await CommandRunner.run(
            ["run", "-", "--profiles-dir", try scratch.profilesDirectory().path],
            stdin: "use code-msg-data\nexpect unchanged except nothing\n", environment: scratch.environment)
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("expected 'volatile' after 'unchanged except'"), "\(output.stderr)")
    }
}

extension HistoryCommandTests.Scratch {
    /// Writes `text` into the scratch folder and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs a script from standard input into the scratch history, going on after failures.
    func record(_ script: String) async throws -> CommandRunner.Output {
        try await CommandRunner.run(
            ["run", "-", "--keep-going", "--profiles-dir", try profilesDirectory().path], stdin: script,
            environment: environment)
    }

    /// An empty profiles folder in the scratch folder, for `--profiles-dir`: the built-in profiles
    /// are found, and nothing from the user's own folders.
    func profilesDirectory() throws -> URL {
        let url = directory.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
