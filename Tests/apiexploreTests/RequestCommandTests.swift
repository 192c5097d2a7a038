import Foundation
import Testing

/// `apiexplore request`, as a subprocess against the embedded demo backend.
@Suite struct RequestCommandTests {
    struct JSONCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        /// A jq filter that must print `true` for the output.
        let check: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        JSONCase(
            arguments: ["demo", "user"], status: 0,
            check: #".evaluation.outcome == "success" and .evaluation.model.id == 1001 and .response.status == 200"#),
        JSONCase(arguments: ["demo", "user", "id=1002"], status: 0, check: #".evaluation.model.name == "李娜""#),
        JSONCase(
            arguments: ["demo", "orders"], status: 4,
            check:
                #".evaluation.business == "failure" and .evaluation.status.value == 40013 and (.failures | length) == 1"#
        ),
        JSONCase(
            arguments: ["demo", "rss"], status: 0, check: #".body_kind == "xml" and (.evaluation.model | length) == 2"#),
        JSONCase(
            arguments: ["jsend", "error"], status: 1,
            check: #".response.status == 500 and .evaluation.outcome == "http-failure""#),
        JSONCase(
            arguments: ["demo", "user", "--probe", "profile>address>city"], status: 0,
            check: #".probe.found and .probe.value == "杭州市""#),
        JSONCase(
            arguments: ["demo", "user", "--probe", "$.tags[*]"], status: 0, check: #".probe.value == ["摄影", "徒步"]"#),
        JSONCase(arguments: ["demo", "user", "--probe", "nothing"], status: 1, check: #".probe.found == false"#),
        JSONCase(arguments: ["slack", "auth_test"], status: 4, check: #".evaluation.tip == "invalid_auth""#),
    ])
    func jsonOutputIsValidForJq(_ json: JSONCase) async throws {
        let output = try await CommandRunner.run(["request"] + json.arguments)
        #expect(output.status == json.status, "\(output.stderr)")
        let jq = try await Subprocess.run("jq", ["-e", json.check], stdin: output.stdout)
        #expect(jq.status == 0, "jq: \(jq.stderr) on \(output.stdout)")
        #expect(jq.stdout == "true\n")
    }

    @Test func aTransportFailureExitsThreeWithTheErrorInTheJSON() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        try Data(
            """
            name: dead
            base_url: http://127.0.0.1:9
            timeouts: {connect: 2s}
            endpoints:
              ping: {path: /ping}
            """.utf8
        ).write(to: directory.appendingPathComponent("dead.yaml"))
        let output = try await CommandRunner.run(["request", "dead", "ping", "--profiles-dir", directory.path])
        #expect(output.status == 3)
        #expect(output.stderr.contains("refused"))
        let jq = try await Subprocess.run(
            "jq", ["-e", #".error.kind == "connection refused" and .profile == "dead" and .endpoint == "ping""#],
            stdin: output.stdout)
        #expect(jq.stdout == "true\n", "\(output.stdout)")
    }

    @Test func modelOutputPrintsTheModelOrTheProbedValue() async throws {
        let model = try await CommandRunner.run(["request", "demo", "users", "--output", "model"])
        #expect(model.status == 0)
        #expect(model.stdout.hasPrefix(#"{"total":2,"page":1,"list":[{"id":1001"#))
        let probed = try await CommandRunner.run([
            "request", "demo", "users", "--output", "model", "--probe", "list>1>city",
        ])
        #expect(probed.stdout == "\"成都\"\n")
    }

    @Test func rawOutputPrintsTheBodyAsReceived() async throws {
        let output = try await CommandRunner.run(["request", "demo", "orders", "--output", "raw"])
        #expect(output.stdout == #"{"code":40013,"msg":"invalid token","data":null}"#)
        #expect(output.status == 4)
    }

    @Test func prettyOutputSummarisesTheExchange() async throws {
        let output = try await CommandRunner.run(["request", "demo", "user", "--output", "pretty"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("200 OK · success · status 0 · tip \"成功\""))
        #expect(output.stdout.contains(#"model {"id":1001"#))
    }

    @Test(arguments: [
        (["request", "demo"], "Missing expected argument '<endpoint>'"),
        (["request", "demo", "user", "id"], "Parameter 'id' is not name=value."),
        (["request", "demo", "user", "--output", "xml"], "The value 'xml' is invalid for '--output <output>'"),
        (["request", "nowhere", "x"], "no profile named 'nowhere'"),
        (["request", "demo", "nope"], "unknown endpoint 'nope'"),
        (["request", "demo", "user", "--probe", "a>>b"], "empty segment"),
    ])
    func usageAndProfileErrorsExitTwo(arguments: [String], message: String) async throws {
        let output = try await CommandRunner.run(arguments)
        #expect(output.status == 2)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}

extension RequestCommandTests {
    @Test func aTokenFromTheEnvironmentAuthenticatesAndIsNeverPrinted() async throws {
        let token = "xoxb-demo"
        for output in ["json", "pretty"] {
            let result = try await CommandRunner.run(
                ["request", "slack", "auth_test", "--output", output], environment: ["SLACK_TOKEN": token])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(result.stdout.contains("demo-bot"))
            #expect(!result.stdout.contains(token) && !result.stderr.contains(token))
        }
        let json = try await CommandRunner.run(["request", "slack", "auth_test"], environment: ["SLACK_TOKEN": token])
        let jq = try await Subprocess.run(
            "jq", ["-e", #".request.headers.authorization == "••••""#], stdin: json.stdout)
        #expect(jq.stdout == "true\n")
    }
}
