import APIDemoBackend
import APIMapping
import APITesting
import Foundation
import Synchronization
import Testing

@testable import APIClient
@testable import APIHTTP

/// The built-in middleware over real HTTP to the demo backend; waits are recorded, never slept.
@Suite struct MiddlewareTests {
    /// Records the delays a retry asked for instead of sleeping.
    final class SleepLog: Sendable {
        private let storage = Mutex<[Duration]>([])
        var delays: [Duration] { storage.withLock { $0 } }
        var sleep: @Sendable (Duration) async throws(TransportError) -> Void {
            { (delay) async throws(TransportError) in self.storage.withLock { $0.append(delay) } }
        }
    }

    /// Counts what reaches the transport.
    final class Counting: Middleware {
        let count = Mutex(0)
        func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError) -> HTTPResponseRecord
        {
            count.withLock { $0 += 1 }
            return try await next(request)
        }
    }

    @Test func authInjectionAddsTheCredentialUnlessOneIsThere() async throws {
        try await withDemo { backend, transport in
            let auth = AuthMiddleware(header: "X-API-Key", hosts: ["127.0.0.1"]) { "k-123" }
            let chain = MiddlewareChain([auth], transport: transport)
            let echoed = try await chain.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/echo"))
            let headers = try JSONDocument(parsing: echoed.body).root["headers"]
            #expect(
                headers?.elements.contains { $0[0]?.stringValue == "X-API-Key" && $0[1]?.stringValue == "k-123" }
                    == true)
            let explicit = try await chain.send(
                HTTPRequestSpec(url: backend.baseURL + "/hazards/echo", headers: [(name: "x-api-key", value: "mine")]))
            let sent = try JSONDocument(parsing: explicit.body).root["headers"]?.elements
                .filter { $0[0]?.stringValue?.lowercased() == "x-api-key" }.map { $0[1]?.stringValue }
            #expect(sent == ["mine"])
        }
    }

    @Test func authInjectionNeverSendsTheCredentialToAnotherHost() async throws {
        let auth = AuthMiddleware(header: "X-API-Key", hosts: ["api.example.com"]) { "k-123" }
        let seen = Mutex<[HTTPRequestSpec]>([])
        let next: MiddlewareNext = { (request) async throws(TransportError) -> HTTPResponseRecord in
            seen.withLock { $0.append(request) }
            return HTTPResponseRecord(
                status: 204, reason: "No Content", headers: [], body: [], httpVersion: "HTTP/1.1",
                timing: .init(headersReceived: .zero, bodyComplete: .zero))
        }
        _ = try await auth.handle(HTTPRequestSpec(url: "https://evil.example.net/x"), next: next)
        _ = try await auth.handle(HTTPRequestSpec(url: "https://API.example.com/x"), next: next)
        let requests = seen.withLock { $0 }
        #expect(requests[0].headers.isEmpty)
        #expect(requests[1].headers.map(\.value) == ["k-123"])
        #expect(requests.allSatisfy { $0.redactedHeaderNames.contains("x-api-key") })
    }

    @Test func conditionalGETReusesTheStoredBodyOn304() async throws {
        try await withDemo { backend, transport in
            let counting = Counting()
            let chain = MiddlewareChain([ConditionalGETCache(), counting], transport: transport)
            let url = backend.baseURL + "/github/users/octocat"
            let first = try await chain.send(HTTPRequestSpec(url: url))
            #expect(first.status == 200)
            #expect(first.header(ConditionalGETCache.revalidatedHeader.name) == nil)
            let second = try await chain.send(HTTPRequestSpec(url: url))
            #expect(second.status == 200)
            #expect(second.header(ConditionalGETCache.revalidatedHeader.name) == "revalidated")
            #expect(second.body == first.body)
            #expect(counting.count.withLock { $0 } == 2, "both requests went to the server")
            // What the server said to the second request, without the cache in front:
            let direct = try await transport.send(
                HTTPRequestSpec(url: url, headers: [(name: "If-None-Match", value: try #require(first.header("ETag")))])
            )
            #expect(direct.status == 304)
        }
    }

    @Test func retryHonoursRetryAfterCappedAndReturnsTheLastResponse() async throws {
        try await withDemo { backend, transport in
            let sleeps = SleepLog()
            let counting = Counting()
            let retry = RetryMiddleware(maximumAttempts: 3, maximumDelay: .seconds(5), sleep: sleeps.sleep)
            let chain = MiddlewareChain([retry, counting], transport: transport)
            let response = try await chain.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/html503"))
            #expect(response.status == 503)
            #expect(response.header("Retry-After") == "120")
            #expect(counting.count.withLock { $0 } == 3)
            #expect(sleeps.delays == [.seconds(5), .seconds(5)])
        }
    }

    @Test func retryBacksOffOnRefusedConnectionsThenGivesUp() async throws {
        let stopped = try ClosedPort()
        let url = stopped.baseURL + "/cmd/orders"
        let transport = HTTPTransport(configuration: loopbackConfiguration())
        let sleeps = SleepLog()
        let counting = Counting()
        let retry = RetryMiddleware(maximumAttempts: 3, baseDelay: .milliseconds(200), sleep: sleeps.sleep)
        let chain = MiddlewareChain([retry, counting], transport: transport)
        do throws(TransportError) {
            _ = try await chain.send(HTTPRequestSpec(url: url))
            Issue.record("a stopped server answered")
        } catch {
            #expect(error.kind == .refused)
        }
        #expect(counting.count.withLock { $0 } == 3)
        #expect(sleeps.delays == [.milliseconds(200), .milliseconds(400)])
        try await transport.shutdown()
    }

    @Test func nonIdempotentRequestsAreNeverRetried() async throws {
        try await withDemo { backend, transport in
            let sleeps = SleepLog()
            let counting = Counting()
            let chain = MiddlewareChain([RetryMiddleware(sleep: sleeps.sleep), counting], transport: transport)
            let response = try await chain.send(
                HTTPRequestSpec(method: "POST", url: backend.baseURL + "/jsend/posts", body: Array("{}".utf8)))
            #expect(response.status == 400)
            #expect(counting.count.withLock { $0 } == 1)
            #expect(sleeps.delays.isEmpty)
        }
    }

    @Test(arguments: [
        ("3", Duration.seconds(3)),
        ("Sun, 22 Nov 2026 06:00:10 GMT", .seconds(10)),
        ("Sun, 22 Nov 2026 05:59:00 GMT", .zero),
        ("soon", .milliseconds(800)),
    ])
    func retryAfterForms(_ header: String, _ expected: Duration) throws {
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-22T06:00:00Z"))
        let retry = RetryMiddleware(baseDelay: .milliseconds(200), maximumDelay: .seconds(60))
        #expect(retry.wait(after: 3, retryAfter: header, now: now) == expected)
    }
}

extension MiddlewareTests {
    @Test func conditionalGETKeepsCredentialsApartAndForgetsWhatStopsBeingCacheable() async throws {
        try await withDemo { backend, transport in
            let counting = Counting()
            let chain = MiddlewareChain([ConditionalGETCache(), counting], transport: transport)
            let url = backend.baseURL + "/github/users/octocat"
            _ = try await chain.send(HTTPRequestSpec(url: url, headers: [(name: "Authorization", value: "Bearer a")]))
            // Another credential gets its own full answer, not the body stored for the first.
            let other = try await chain.send(
                HTTPRequestSpec(url: url, headers: [(name: "Authorization", value: "Bearer b")]))
            #expect(other.header(ConditionalGETCache.revalidatedHeader.name) == nil)
            let again = try await chain.send(
                HTTPRequestSpec(url: url, headers: [(name: "Authorization", value: "Bearer b")]))
            #expect(again.header(ConditionalGETCache.revalidatedHeader.name) == "revalidated")
            // One entry per URL: the newest credential's answer replaced the first's (a rotated token
            // never leaves the old one's body behind), so the first credential gets a full answer.
            let first = try await chain.send(
                HTTPRequestSpec(url: url, headers: [(name: "Authorization", value: "Bearer a")]))
            #expect(first.header(ConditionalGETCache.revalidatedHeader.name) == nil)
            #expect(counting.count.withLock { $0 } == 4)
        }
    }
}

extension MiddlewareTests {
    @Test func aCancelledRetryWaitStillNamesTheRequestRedacted() async throws {
        try await withDemo { backend, transport in
            let retry = RetryMiddleware { (_) async throws(TransportError) in
                throw TransportError(kind: .cancelled, request: "", message: "cancelled while waiting to retry")
            }
            let chain = MiddlewareChain([retry], transport: transport)
            do throws(TransportError) {
                _ = try await chain.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/html503?token=t0p"))
                Issue.record("the cancelled wait did not end the request")
            } catch {
                #expect(error.kind == .cancelled)
                #expect(error.request == "GET \(backend.baseURL)/hazards/html503?token=••••")
            }
        }
    }
}
