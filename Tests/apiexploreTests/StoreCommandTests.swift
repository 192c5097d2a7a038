import Foundation
import Testing

/// The model store through the binary: calls against the demo backend fill it, `store` reads it.
@Suite struct StoreCommandTests {
    /// A folder with a history file path, removed afterwards.
    struct Scratch {
        let directory: URL
        var history: String { directory.appendingPathComponent("history.sqlite").path }
        var environment: [String: String] { ["APIEXPLORE_HISTORY": history] }

        init() throws { directory = try Subprocess.temporaryDirectory() }
        func remove() { CommandRunner.remove(directory) }

        func run(_ arguments: [String], stdin: String? = nil) async throws -> CommandRunner.Output {
            try await CommandRunner.run(arguments, stdin: stdin, environment: environment)
        }
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func requestsFillTablesThatListShowQueryAndExportRead() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let user = try await scratch.run(["request", "code-msg-data", "user"])
        #expect(user.status == 0, "\(user.stderr)")
        let stored = try #require(try Self.json(user.stdout)["stored"] as? [String: Any])
        #expect(stored["summary"] as? String == "users: 1 inserted, 0 updated, 0 unchanged, 0 rejected")
        let pretty = try await scratch.run(["request", "code-msg-data", "user", "id=1002", "--output", "pretty"])
        #expect(
            pretty.stdout.contains("stored users: 1 inserted, 0 updated, 0 unchanged, 0 rejected"), "\(pretty.stdout)")
        let repos = try await scratch.run(["request", "github-demo", "user_repos", "per_page=2"])
        #expect(repos.status == 0, "\(repos.stderr)")
        let reposStored = try #require(try Self.json(repos.stdout)["stored"] as? [String: Any])
        #expect(
            reposStored["summary"] as? String
                == "repositories: 2 inserted, 0 updated, 0 unchanged, 0 rejected; "
                + "users: 1 inserted, 0 updated, 1 unchanged, 0 rejected")

        let tables = Subprocess.jsonLines(try await scratch.run(["store", "list", "--json"]).stdout)
        #expect(tables.map { $0["table"] as? String } == ["repositories", "users"])
        #expect(tables.map { $0["rows"] as? Int } == [2, 3])
        let rows = try await scratch.run(["store", "list", "users", "--limit", "2"])
        #expect(rows.stdout.split(separator: "\n").count == 2)
        #expect(rows.stdout.hasPrefix("[583231]  "), "\(rows.stdout)")

        let shown = try await scratch.run(["store", "show", "users", "1001.0"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let document = try #require(try Self.json(shown.stdout)["document"] as? [String: Any])
        #expect(document["name"] as? String == "张伟")
        let repo = try Self.json(try await scratch.run(["store", "show", "repositories", "[1296269]"]).stdout)
        let owner = try #require((repo["document"] as? [String: Any])?["owner"] as? [String: Any])
        let reference = try #require(owner["$ref"] as? [String: Any])
        #expect(reference["table"] as? String == "users")
        #expect(reference["identity"] as? [Int] == [583231])

        let query = try await scratch.run(["store", "query", "users", "$[?@.vip == true].name"])
        #expect(query.status == 0, "\(query.stderr)")
        // Oldest write first: 1001, then 1002; octocat has no `vip`.
        #expect(query.stdout == "\"张伟\"\n\"李娜\"\n")
        let none = try await scratch.run(["store", "query", "users", "$[?@.id == 1]"])
        #expect((none.status, none.stdout) == (1, ""))

        let csv = try await scratch.run(["store", "export", "users", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let parsed = try await Subprocess.run(
            "python3",
            [
                "-c",
                "import csv, json, sys; print(json.dumps(list(csv.DictReader(sys.stdin, strict=True)), ensure_ascii=False))",
            ], stdin: csv.stdout)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [[String: String]])
        #expect(records.count == 3)
        let zhang = try #require(records.first { $0["id"] == "1001" })
        #expect(zhang["vip"] == "true")
        #expect(zhang["tags"] == #"["摄影","徒步"]"#)
        #expect(records.first { $0["id"] == "583231" }?["login"] == "octocat")

        let lines = try await scratch.run(["store", "export"])
        #expect(Subprocess.jsonLines(lines.stdout).map { $0["table"] as? String }.count == 5)
    }

    @Test func aScriptsTranscriptShowsWhatWasStored() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await scratch.run(["run", "-", "--pretty"], stdin: "use code-msg-data\ncall user\ncall user\n")
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("stored users: 1 inserted, 0 updated, 0 unchanged, 0 rejected"), "\(run.stdout)")
        #expect(run.stdout.contains("stored users: 0 inserted, 0 updated, 1 unchanged, 0 rejected"), "\(run.stdout)")
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Failure(
            arguments: ["store", "list", "nope"], status: 2,
            message: #"unknown table "nope"; the model store has: users"#),
        Failure(
            arguments: ["store", "export", "nope"], status: 2,
            message: #"unknown table "nope"; the model store has: users"#),
        Failure(
            arguments: ["store", "show", "users", "octocat"], status: 2,
            message: #"identity "octocat" is not JSON"#),
        Failure(
            arguments: ["store", "show", "users", #"[1,{"a":1}]"#], status: 2,
            message: "has object at [1]; identity values are strings, numbers and bools"),
        Failure(
            arguments: ["store", "show", "users", "9999"], status: 1,
            message: #"no object with identity [9999] in table "users""#),
        Failure(
            arguments: ["store", "query", "users", "$[?@.vip =="], status: 2,
            message: "invalid JSONPath at column 12"),
        Failure(
            arguments: ["store", "export", "--format", "csv"], status: 2,
            message: "--format csv exports one table; name one of: users"),
    ])
    func errorsSayWhatIsWrong(_ failure: Failure) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await scratch.run(["request", "code-msg-data", "user"])
        let output = try await scratch.run(failure.arguments)
        #expect(output.status == failure.status, "\(output.stderr)")
        #expect(output.stderr.contains(failure.message), "\(output.stderr)")
    }

    @Test func anEmptyStoreSaysHowItFills() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let output = try await scratch.run(["store", "show", "users", "1"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("the model store is empty (an endpoint's store: fills it)"), "\(output.stderr)")
    }
}
