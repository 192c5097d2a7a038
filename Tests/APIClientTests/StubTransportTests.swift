import APIClient
import APIHTTP
import APIMapping
import APITesting
import Synchronization
import Testing

/// `APIClientTesting.StubTransport` stands in for the network: profiles, envelopes and middleware
/// work over it as over HTTP, and it keeps what was sent.
@Suite struct StubTransportTests {
    static let profile = """
        name: stubbed
        base_url: https://api.example.test/v1
        headers: {Accept: application/json}
        envelope: {status: code, success: 0, tip: msg, model: data}
        endpoints:
          user:
            path: /users/{id}
            query: {fields: "${fields}"}
            params: {fields: {default: "name"}}
        """

    @Test func aProfileCallIsBuiltSentAndEvaluatedOverTheStub() async throws {
        let transport = StubTransport { request in
            request.url.hasPrefix("https://api.example.test/v1/users/7")
                ? .json(#"{"code":40013,"msg":"token expired","data":null}"#)
                : .text("not found", status: 404)
        }
        let client = ProfileClient(transport: transport, environment: [:])
        let exchange = try await client.call(
            profile: try Profile(yaml: Self.profile, file: "stubbed.yaml"), endpoint: "user", parameters: ["id": "7"])
        #expect(exchange.evaluation.outcome == .businessFailure)
        #expect(exchange.evaluation.tip == "token expired")
        #expect(transport.requests.map(\.url) == ["https://api.example.test/v1/users/7?fields=name"])
        #expect(
            transport.requests.first?.headers.contains { $0.name == "Accept" && $0.value == "application/json" } == true
        )
    }

    @Test func retryMiddlewareRetriesOverTheStubUntilItAnswers() async throws {
        let answers = Mutex([503, 429, 200])
        let transport = StubTransport { _ in
            let status = answers.withLock { $0.removeFirst() }
            return status == 200 ? .json(#"{"code":0,"msg":"ok","data":{"id":7}}"#) : .text("busy", status: status)
        }
        let retry = RetryMiddleware(maximumAttempts: 3, sleep: { _ in })
        let client = ProfileClient(transport: transport, environment: [:], middlewares: [retry])
        let exchange = try await client.call(
            profile: try Profile(yaml: Self.profile, file: "stubbed.yaml"), endpoint: "user", parameters: ["id": "7"])
        #expect(exchange.response.status == 200)
        #expect(transport.requests.count == 3)
    }
}
