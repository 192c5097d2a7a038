import Foundation
import Testing

/// Schema drift through the binary: the demo's `/drift/user` changes shape at step k; `history drift`
/// flags exactly that exchange, and `history schema`'s JSON Schema, checked by PyPI's `jsonschema` as an
/// outside program, accepts every earlier model and rejects the one of step k.
@Suite struct HistoryDriftCommandTests {
    /// The step from which `/drift/user` changes shape.
    static let changeAt = 5

    struct Scratch {
        let directory: URL
        /// An empty profiles folder: the profiles used are the built-in ones, never the user's.
        let profiles: URL
        var environment: [String: String] {
            ["APIEXPLORE_HISTORY": directory.appendingPathComponent("history.sqlite").path]
        }

        init() throws {
            directory = try Subprocess.temporaryDirectory()
            profiles = directory.appendingPathComponent("profiles")
            try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        }
        func remove() { CommandRunner.remove(directory) }

        func run(_ arguments: [String], stdin: String? = nil) async throws -> CommandRunner.Output {
            try await CommandRunner.run(arguments, stdin: stdin, environment: environment)
        }

        /// Runs a script from stdin, with profiles from ``profiles`` first.
        func script(_ text: String) async throws -> CommandRunner.Output {
            try await run(["run", "-", "--profiles-dir", profiles.path], stdin: text)
        }

        /// Calls `drift_user` at each step, in one script run.
        func call(steps: ClosedRange<Int>) async throws {
            let lines = steps.map { "call drift_user step=\($0) at=\(HistoryDriftCommandTests.changeAt)" }
            let run = try await script((["use code-msg-data"] + lines).joined(separator: "\n") + "\n")
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        }

        /// The model (`data`) of a recorded exchange, as `history show` prints its body.
        func model(of id: Int) async throws -> Any {
            let shown = try await run(["history", "show", "\(id)"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
            return try #require((object["body"] as? [String: Any])?["data"])
        }
    }

    @Test func driftIsFlaggedExactlyAtTheChangingStepAndTheSchemaValidatesEarlierModels() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await scratch.call(steps: 1...(Self.changeAt - 1))
        let schema = try await scratch.run(["history", "schema", "drift_user", "--profile", "code-msg-data"])
        #expect(schema.status == 0, "\(schema.stderr)")
        try await scratch.call(steps: Self.changeAt...(Self.changeAt + 1))

        let listed = Subprocess.jsonLines(
            try await scratch.run(["history", "list", "--endpoint", "drift_user", "--json", "--limit", "50"]).stdout)
        // Oldest first: the step of each exchange is its position.
        let ids = listed.compactMap { $0["id"] as? Int }.reversed().map { $0 }
        #expect(ids.count == Self.changeAt + 1)
        let stepK = try #require(ids.dropFirst(Self.changeAt - 1).first)

        let drift = try await scratch.run(["history", "drift", "drift_user", "--profile", "code-msg-data", "--json"])
        #expect(drift.status == 0, "\(drift.stderr)")
        let flagged = Subprocess.jsonLines(drift.stdout)
        #expect(flagged.map { $0["id"] as? Int } == [stepK])
        #expect(flagged.map { $0["drift"] as? Bool } == [true])
        let changes = (flagged.first?["changes"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(changes == ["data>user>age: int → string", "data>items[]>price: new"])

        let text = try await scratch.run(["history", "drift"])
        #expect(
            text.stdout.contains("code-msg-data drift_user: 6 models, drift at 1 exchange\n  #\(stepK) "),
            "\(text.stdout)")
        #expect(text.stdout.contains("    data>user>age: int → string\n"), "\(text.stdout)")

        var earlier: [Any] = []
        for id in ids.prefix(Self.changeAt - 1) { earlier.append(try await scratch.model(of: id)) }
        let verdicts = try await Self.validate(schema: schema.stdout, models: earlier + [try scratch.model(of: stepK)])
        #expect(verdicts == Array(repeating: "valid", count: Self.changeAt - 1) + ["invalid"], "\(schema.stdout)")
    }

    @Test func tooFewModelsReportNothingAndAnUnknownEndpointHasNoSchema() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Steps 4 and 5 differ, but the second has only one earlier model to be checked against.
        let run = try await scratch.script("use code-msg-data\ncall drift_user step=4\ncall drift_user step=5\n")
        #expect(run.status == 0, "\(run.stderr)")
        let drift = try await scratch.run(["history", "drift", "--json"])
        #expect(drift.status == 0 && drift.stdout.isEmpty, "\(drift.stdout)\(drift.stderr)")
        let text = try await scratch.run(["history", "drift"])
        #expect(text.stdout == "code-msg-data drift_user: 2 models, too few to check (more than 3 needed)\n")
        let missing = try await scratch.run(["history", "schema", "nothing"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no successful exchange of nothing recorded"), "\(missing.stderr)")
    }

    @Test func theSchemaIsComparedWithAnOpenAPIComponent() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await scratch.call(steps: 1...4)
        let description = """
            openapi: 3.0.3
            info: {title: Drift, version: "1"}
            paths: {}
            components:
              schemas:
                Page:
                  type: object
                  required: [user]
                  properties:
                    user: {$ref: '#/components/schemas/User'}
                    items: {type: array, items: {$ref: '#/components/schemas/Item'}}
                User:
                  allOf:
                    - {$ref: '#/components/schemas/Named'}
                    - type: object
                      properties:
                        age: {type: string}
                        role: {type: string, enum: [admin, member]}
                        email: {type: string, nullable: true}
                Named:
                  type: object
                  properties:
                    id: {type: integer}
                    name: {type: string}
                Item:
                  type: object
                  properties:
                    sku: {type: string}
                    qty: {type: number}
            """
        let file = scratch.directory.appendingPathComponent("drift.yaml")
        try Data(description.utf8).write(to: file)
        let compared = try await scratch.run([
            "history", "schema", "drift_user", "--profile", "code-msg-data", "--compare",
            file.path + "#/components/schemas/Page",
        ])
        #expect(compared.status == 0, "\(compared.stderr)")
        #expect(
            compared.stdout.hasSuffix(
                """
                against \(file.path)#/components/schemas/Page: 2 differences
                  user>age: integer in history, string in the schema
                  user>email: in the schema, never seen

                """), "\(compared.stdout)")
        let missing = try await scratch.run([
            "history", "schema", "drift_user", "--compare", file.path + "#/components/schemas/Nope",
        ])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("not found"), "\(missing.stderr)")
    }

    /// Runs PyPI's `jsonschema` (Draft202012Validator) over each model; fails naming the missing tool when
    /// python3 or jsonschema is not installed.
    static func validate(schema: String, models: [Any]) async throws -> [String] {
        let folder = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(folder) }
        let schemaFile = folder.appendingPathComponent("schema.json")
        try Data(schema.utf8).write(to: schemaFile)
        var modelFiles: [String] = []
        for (index, model) in models.enumerated() {
            let file = folder.appendingPathComponent("model-\(index).json")
            try JSONSerialization.data(withJSONObject: model, options: [.fragmentsAllowed]).write(to: file)
            modelFiles.append(file.path)
        }
        let program = """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                print("missing: the Python package jsonschema (pip install jsonschema)", file=sys.stderr)
                sys.exit(3)
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for path in sys.argv[2:]:
                print("valid" if validator.is_valid(json.load(open(path))) else "invalid")
            """
        let result = try await Subprocess.run("python3", ["-c", program, schemaFile.path] + modelFiles)
        if result.status == 127 {
            Issue.record("missing: python3 is not on PATH (the JSON Schema check runs PyPI's jsonschema with it)")
        }
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }
}
