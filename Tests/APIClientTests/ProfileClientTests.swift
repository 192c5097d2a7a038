import APIClient
import APIDemoBackend
import APIHTTP
import APIMapping
import APITesting
import Foundation
import Testing

/// Every shipped demo-family profile, sent for real over loopback to the demo backend: one success
/// and one failure each, checking outcome, tip and a value inside the model.
@Suite struct ProfileClientTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let profile: String
        let endpoint: String
        var parameters: [String: String] = [:]
        var environment: [String: String] = [:]
        let outcome: EnvelopeEvaluation.Outcome
        let status: Int
        let tip: String?
        /// A profile path inside the model and the value there; `nil` when the model is missing.
        let probe: String?
        let value: JSONValue?
        var testDescription: String { "\(profile).\(endpoint)" }
    }

    static let cases: [Case] = [
        Case(
            profile: "code-msg-data", endpoint: "user", parameters: ["id": "1002"], outcome: .success, status: 200,
            tip: "成功", probe: "name", value: "李娜"),
        Case(
            profile: "code-msg-data", endpoint: "user", parameters: ["id": "7"], outcome: .businessFailure,
            status: 200, tip: "用户不存在", probe: "", value: nil),
        Case(
            profile: "code-msg-data", endpoint: "orders", outcome: .businessFailure, status: 200,
            tip: "invalid token", probe: "", value: nil),
        Case(
            profile: "gank", endpoint: "today", outcome: .success, status: 200, tip: nil, probe: "1>desc",
            value: "Kotlin 协程实战"),
        Case(
            profile: "gank", endpoint: "failure", outcome: .businessFailure, status: 200, tip: nil, probe: "",
            value: []),
        Case(
            profile: "gank", endpoint: "moya_failure", outcome: .businessFailure, status: 200,
            tip: "请求过于频繁，请稍后再试", probe: "", value: nil),
        Case(
            profile: "indodax", endpoint: "info", outcome: .success, status: 200, tip: nil, probe: "name",
            value: "Budi Santoso"),
        Case(
            profile: "indodax", endpoint: "failure", outcome: .businessFailure, status: 200,
            tip: "Invalid credentials", probe: nil, value: nil),
        Case(
            profile: "pages", endpoint: "numbered", parameters: ["page": "2"], outcome: .success, status: 200,
            tip: "ok", probe: "list>0>id", value: 11),
        Case(
            profile: "pages", endpoint: "fail", parameters: ["page": "3"], outcome: .businessFailure, status: 200,
            tip: "invalid token", probe: nil, value: nil),
        Case(
            profile: "jsend", endpoint: "post", parameters: ["id": "9"], outcome: .success, status: 200, tip: nil,
            probe: "post>id", value: 9),
        Case(
            profile: "jsend", endpoint: "fail", outcome: .httpFailure, status: 400, tip: nil, probe: "title",
            value: "A title is required"),
        Case(
            profile: "jsend", endpoint: "error", outcome: .httpFailure, status: 500,
            tip: "Unable to communicate with database", probe: nil, value: nil),
        Case(
            profile: "github-demo", endpoint: "user", outcome: .success, status: 200, tip: nil, probe: "login",
            value: "octocat"),
        Case(
            profile: "github-demo", endpoint: "search_repositories", parameters: ["q": ""], outcome: .httpFailure,
            status: 422, tip: "Validation Failed", probe: nil, value: nil),
        Case(
            profile: "slack", endpoint: "auth_test", environment: ["SLACK_TOKEN": "xoxb-demo"], outcome: .success,
            status: 200, tip: nil, probe: "ok", value: true),
        Case(
            profile: "slack", endpoint: "auth_test", outcome: .businessFailure, status: 200, tip: "invalid_auth",
            probe: "ok", value: false),
        Case(
            profile: "feeds", endpoint: "rss", outcome: .success, status: 200, tip: nil, probe: "0>title",
            value: nil),
        Case(
            profile: "feeds", endpoint: "atom", outcome: .success, status: 200, tip: nil, probe: "0>title",
            value: nil),
        Case(
            profile: "feeds", endpoint: "missing", outcome: .httpFailure, status: 404, tip: nil, probe: nil, value: nil),
        Case(profile: "demo", endpoint: "user", outcome: .success, status: 200, tip: "成功", probe: "id", value: nil),
        Case(
            profile: "demo", endpoint: "orders", outcome: .businessFailure, status: 200, tip: "invalid token",
            probe: "", value: nil),
    ]

    static func load(_ name: String) throws -> Profile {
        let file = try #require(shippedProfileFiles().first { $0.deletingPathExtension().lastPathComponent == name })
        return try Profile(
            yaml: String(decoding: try Data(contentsOf: file), as: UTF8.self), file: "profiles/\(name).yaml")
    }

    @Test(arguments: cases)
    func familyProfileAgainstTheDemoBackend(_ testCase: Case) async throws {
        let profile = try Self.load(testCase.profile)
        try await withDemo { backend, transport in
            let client = ProfileClient(
                transport: transport, environment: testCase.environment, demoBaseURL: backend.baseURL)
            let exchange = try await client.call(
                profile: profile, endpoint: testCase.endpoint, parameters: testCase.parameters)
            #expect(exchange.response.status == testCase.status)
            #expect(exchange.evaluation.outcome == testCase.outcome, "\(exchange.evaluation.issues)")
            #expect(exchange.evaluation.tip == testCase.tip)
            if let probe = testCase.probe {
                let model = try #require(exchange.evaluation.model, "\(exchange.evaluation.issues)")
                let found = try ProfilePath(probe).select(in: model.node)
                #expect(found != nil, "nothing at \(probe) in \(model.node.jsonText())")
                if let value = testCase.value { #expect(found?.value == value) }
            }
        }
    }

    @Test func everyDemoFamilyProfileHasASuccessAndAFailureCase() throws {
        let families = shippedProfileFiles().map { $0.deletingPathExtension().lastPathComponent }
            .filter { $0 != "github" }
        for family in families {
            let outcomes = Set(Self.cases.filter { $0.profile == family }.map(\.outcome))
            #expect(outcomes.contains(.success), "\(family) has no success case")
            #expect(outcomes.count > 1, "\(family) has no failure case")
        }
    }

    @Test func xmlBodiesAreReadAsTheirTreeAndJSONErrorsAreKept() async throws {
        try await withDemo { backend, transport in
            let rss = try await transport.send(HTTPRequestSpec(url: backend.baseURL + "/feeds/rss"))
            let body = ResponseBody(
                bytes: rss.body, contentType: rss.header("Content-Type"),
                xmlArrays: [try ProfilePath("rss>channel>item")])
            #expect(body.kind == .xml)
            #expect(body.document?.root["rss"]?["channel"]?["item"]?.kind == .array)
            let html = try await transport.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/html503"))
            let text = ResponseBody(bytes: html.body, contentType: html.header("Content-Type"), xmlArrays: [])
            #expect(text.kind == .text)
            #expect(text.document == nil)
            #expect(text.problem == nil, "an HTML page is text, not broken XML")
        }
        let broken = ResponseBody(bytes: Array(#"{"a": 1,}"#.utf8), contentType: "application/json", xmlArrays: [])
        #expect(broken.kind == .text)
        #expect(
            broken.problem == "not valid JSON: line 1, column 8 (byte 7): trailing comma\n  {\"a\": 1,}\n         ^")
    }

    @Test(arguments: [
        ("application/json", #"{"a":1}"#, ResponseBody.Kind.json),
        ("Application/JSON; charset=UTF-8", #"{"a":1}"#, .json),
        (" application/problem+json ", #"{"a":1}"#, .json),
        ("APPLICATION/VND.GITHUB+JSON", "[]", .json),
        ("text/XML;charset=gb2312", "<a/>", .xml),
        ("application/atom+xml", "<feed/>", .xml),
        ("text/html; charset=utf-8", "<html></html>", .text),
        ("TEXT/PLAIN", #"{"sniffed":true}"#, .json),
        ("application/octet-stream", "<a/>", .xml),
        ("", "plain words", .text),
    ])
    func contentTypeDecidesHowTheBodyIsRead(contentType: String, body: String, kind: ResponseBody.Kind) {
        let read = ResponseBody(bytes: Array(body.utf8), contentType: contentType, xmlArrays: [])
        #expect(read.kind == kind)
    }

    @Test func missingParameterAndDeadServerAreClientErrors() async throws {
        let profile = try Self.load("code-msg-data")
        try await withDemo { backend, transport in
            let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
            do throws(ClientError) {
                _ = try await client.call(profile: profile, endpoint: "nope")
                Issue.record("an unknown endpoint was sent")
            } catch {
                #expect(error.profileError?.message.hasPrefix("unknown endpoint 'nope'") == true)
            }
        }
        let stopped = try ClosedPort()
        let deadURL = stopped.baseURL
        let transport = HTTPTransport(configuration: loopbackConfiguration())
        let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: deadURL)
        do throws(ClientError) {
            _ = try await client.call(profile: profile, endpoint: "orders")
            Issue.record("a stopped server answered")
        } catch {
            #expect(error.transportError?.kind == .refused)
        }
        try await transport.shutdown()
    }
}

extension ProfileClientTests {
    static let sizeLimitYAML = """
        name: size
        base_url: "${demo:base_url}"
        max_body_size: 4KiB
        endpoints:
          large: {path: /hazards/large, query: {size: "200000"}}
          small: {path: /cmd/orders}
        """

    static let timeLimitYAML = """
        name: time
        base_url: "${demo:base_url}"
        timeouts: {total: 500ms}
        endpoints:
          slow: {path: /hazards/slow, query: {delay_ms: "10000"}}
        """

    @Test func profileBodyLimitAppliesPerRequest() async throws {
        let profile = try Profile(yaml: Self.sizeLimitYAML, file: "profiles/size.yaml")
        try await withDemo { backend, transport in
            let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
            do throws(ClientError) {
                _ = try await client.call(profile: profile, endpoint: "large")
                Issue.record("the profile's body limit did not stop a 200 kB body")
            } catch {
                #expect(error.transportError?.kind == .tooLarge(limit: 4096), "\(error)")
            }
            // The same transport without the profile's limit reads the large body whole.
            let whole = try await transport.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/large?size=200000"))
            #expect(whole.body.count > 4096)
            #expect(try await client.call(profile: profile, endpoint: "small").response.status == 200)
        }
    }

    @Test func profileTotalTimeoutAppliesPerRequest() async throws {
        let profile = try Profile(yaml: Self.timeLimitYAML, file: "profiles/time.yaml")
        try await withDemo { backend, transport in
            let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
            do throws(ClientError) {
                _ = try await client.call(profile: profile, endpoint: "slow")
                Issue.record("the profile's total timeout did not stop a 10 s response")
            } catch {
                #expect(error.transportError?.kind == .timeout(.total), "\(error)")
            }
        }
    }
}
