import Foundation
import Testing

/// `apiexplore probe`, run as a subprocess: output, exit codes and error locations.
@Suite struct ProbeCommandTests {
    static let body = """
        {"code": 0, "msg": "ok", "data": {"list": [{"id": 12345678901234567890, "name": "甲"}, {"id": 2, "name": null}],
         "a.b": {"0": "zero"}}}
        """

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let status: Int32
        let stdout: String
        var stderr: String = ""
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "profile path", arguments: ["data>list>0>id"], status: 0, stdout: "12345678901234567890\n"),
        Case(name: "string value", arguments: ["data>list>0>name"], status: 0, stdout: "\"甲\"\n"),
        Case(name: "null is a value", arguments: ["data>list>1>name"], status: 0, stdout: "null\n"),
        Case(name: "digits name a key on objects", arguments: ["data>a.b>0"], status: 0, stdout: "\"zero\"\n"),
        Case(name: "negative index", arguments: ["data>list>-1>id"], status: 0, stdout: "2\n"),
        Case(
            name: "root", arguments: ["", "--pretty"], status: 0,
            stdout: "{\n  \"code\": 0,\n  \"msg\": \"ok\",\n  \"data\": {\n    \"list\": [\n      {\n"
                + "        \"id\": 12345678901234567890,\n        \"name\": \"甲\"\n      },\n      {\n"
                + "        \"id\": 2,\n        \"name\": null\n      }\n    ],\n    \"a.b\": {\n      \"0\": \"zero\"\n"
                + "    }\n  }\n}\n"),
        Case(name: "pointer", arguments: ["--pointer", "/data/list/1/id"], status: 0, stdout: "2\n"),
        Case(name: "pointer fragment", arguments: ["--pointer", "#/data/a.b/0"], status: 0, stdout: "\"zero\"\n"),
        Case(
            name: "jsonpath", arguments: ["--jsonpath", "$.data.list[*].id"], status: 0,
            stdout: "[12345678901234567890,2]\n"),
        Case(name: "jsonpath filter", arguments: ["--jsonpath", "$..list[?@.id < 10].id"], status: 0, stdout: "[2]\n"),
        Case(name: "jsonpath no match", arguments: ["--jsonpath", "$.nothing"], status: 0, stdout: "[]\n"),
        Case(
            name: "selects nothing", arguments: ["data>list>5>id"], status: 1, stdout: "",
            stderr: "apiexplore: profile path 'data>list>5>id' selects nothing in <stdin>\n"),
        Case(
            name: "pointer selects nothing", arguments: ["--pointer", "/data/list/-"], status: 1, stdout: "",
            stderr: "apiexplore: JSON Pointer '/data/list/-' selects nothing in <stdin>\n"),
        Case(
            name: "malformed profile path", arguments: ["data>>id"], status: 2, stdout: "",
            stderr: "apiexplore: invalid profile path at column 6: empty segment\n  data>>id\n       ^\n"),
        Case(
            name: "malformed pointer", arguments: ["--pointer", "data"], status: 2, stdout: "",
            stderr: "apiexplore: invalid JSON Pointer at column 1: a JSON Pointer is empty or starts with '/'\n"
                + "  data\n  ^\n"),
    ])
    func probeStandardInput(_ testCase: Case) async throws {
        let output = try await CommandRunner.run(["probe"] + testCase.arguments + ["-"], stdin: Self.body)
        #expect(output.status == testCase.status)
        #expect(output.stdout == testCase.stdout)
        #expect(output.stderr == testCase.stderr)
    }

    @Test func malformedJSONQueryIsExit2WithColumn() async throws {
        let output = try await CommandRunner.run(["probe", "--jsonpath", "$.data[", "-"], stdin: Self.body)
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("apiexplore: invalid JSONPath at column 8: "))
        #expect(output.stdout.isEmpty)
    }

    @Test func parseErrorNamesFileLineAndColumn() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { CommandRunner.remove(directory) }
        try Data("{\n  \"code\": 0,\n  \"msg\": \"ok\"\n  \"data\": {}\n}\n".utf8)
            .write(to: directory.appendingPathComponent("broken.json"))
        let output = try await CommandRunner.run(["probe", "code", "broken.json"], in: directory)
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr == """
                broken.json:4:3: unexpected '"', expected ',' or '}' after object member
                    "data": {}
                    ^

                """)
    }

    @Test func readsAFileArgument() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).json")
        try Data(Self.body.utf8).write(to: file)
        defer { CommandRunner.remove(file) }
        let output = try await CommandRunner.run(["probe", "msg", file.path])
        #expect(output.status == 0)
        #expect(output.stdout == "\"ok\"\n")
    }

    @Test func missingFileIsExit2() async throws {
        let output = try await CommandRunner.run(["probe", "msg", "/nonexistent/file.json"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("apiexplore: /nonexistent/file.json: cannot read"))
    }

    @Test func controlBytesInValuesAreEscapedOnOutput() async throws {
        let output = try await CommandRunner.run(["probe", "t", "-"], stdin: #"{"t": "\u001b[2Jgone\u0007"}"#)
        #expect(output.stdout == "\"\\u001B[2Jgone\\u0007\"\n")
        #expect(!output.stdout.contains("\u{1B}"))
    }

    @Test func versionAndHelp() async throws {
        let version = try await CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        let help = try await CommandRunner.run(["probe", "--help"])
        #expect(help.status == 0)
        #expect(
            help.stdout.contains(
                "USAGE: apiexplore probe [<path>] [<file>] [--pointer] [--jsonpath] [--xml] [--xml-array <xml-array> ...] "
                    + "[--envelope <envelope>] [--http-status <http-status>] [--pretty]"))
    }
}
