import APIDemoBackend
import APIHTTP
import Foundation
import Testing

@testable import APIClient

/// A profile's `retry:` over real HTTP to the demo backend's flaky route; waits are recorded, never slept.
@Suite struct RetryPolicyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let policy: RetryPolicy
        let path: String
        let status: Int
        let attempts: Int
        let delays: [Duration]
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "502 retried until it succeeds", policy: RetryPolicy(attempts: 4, statuses: [502]),
            path: "/flaky/a?fail=2&status=502", status: 200, attempts: 3,
            delays: [.milliseconds(200), .milliseconds(400)]),
        Case(
            name: "Retry-After sets the wait", policy: RetryPolicy(attempts: 2, statuses: [503]),
            path: "/flaky/b?fail=1&retry_after=7", status: 200, attempts: 2, delays: [.seconds(7)]),
        Case(
            name: "Retry-After ignored when asked",
            policy: RetryPolicy(attempts: 2, statuses: [503], backoff: .milliseconds(50), respectsRetryAfter: false),
            path: "/flaky/c?fail=1&retry_after=7", status: 200, attempts: 2, delays: [.milliseconds(50)]),
        Case(
            name: "a status not listed is returned at once", policy: RetryPolicy(attempts: 3, statuses: [503]),
            path: "/flaky/d?fail=1&status=504", status: 504, attempts: 1, delays: []),
        Case(
            name: "gives up after the attempts", policy: RetryPolicy(attempts: 3, statuses: [503]),
            path: "/flaky/e?fail=9", status: 503, attempts: 3, delays: [.milliseconds(200), .milliseconds(400)]),
    ]

    @Test(arguments: cases)
    func policy(_ testCase: Case) async throws {
        try await withDemo { backend, transport in
            let sleeps = MiddlewareTests.SleepLog()
            let retry = RetryMiddleware(policy: testCase.policy, sleep: sleeps.sleep)
            let response = try await MiddlewareChain([retry], transport: transport)
                .send(HTTPRequestSpec(url: backend.baseURL + testCase.path))
            #expect(response.status == testCase.status)
            #expect(response.attempts == testCase.attempts)
            #expect(sleeps.delays == testCase.delays)
        }
    }

    /// A fresh folder for a validator store; nothing is created until the cache writes.
    static func validatorDirectory() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "validators-\(UUID().uuidString)")
    }

    /// Removes a test folder; a failure is recorded, not hidden.
    static func remove(_ directory: URL) {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            Issue.record("could not remove \(directory.path): \(error)")
        }
    }

    @Test func a304BringsItsOwnCookiesAndRateLimitAndCredentialsStayApart() async throws {
        let directory = Self.validatorDirectory()
        defer { Self.remove(directory) }
        try await withDemo { backend, transport in
            let url = backend.baseURL + "/cache/item"
            // No jar in front: a Cookie header is a credential, and this route changes its cookie every time.
            let chain = MiddlewareChain([ConditionalGETCache(directory: directory)], transport: transport)
            let first = try await chain.send(HTTPRequestSpec(url: url))
            let second = try await chain.send(HTTPRequestSpec(url: url))
            #expect(!first.servedFromCache)
            #expect(second.servedFromCache)
            #expect(second.body == first.body)
            // The 304's fields, not the stored 200's: a jar in front sees the new cookie.
            #expect(second.header("Set-Cookie") == "visit=2; Path=/")
            #expect(second.header("X-RateLimit-Remaining") == "98")
            // The stored copy keeps no cookie.
            let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            #expect(files.count == 1)
            let stored = String(decoding: try Data(contentsOf: try #require(files.first)), as: UTF8.self)
            #expect(!stored.lowercased().contains("set-cookie"))
            // Another credential does not revalidate with the stored validator: it gets its own 200.
            let other = try await chain.send(
                HTTPRequestSpec(url: url, headers: [(name: "Authorization", value: "Bearer someone-else")]))
            #expect(!other.servedFromCache)
            #expect(other.status == 200)
            #expect(
                try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).count == 1)
        }
    }

    @Test func theValidatorStoreOutlivesTheCache() async throws {
        let directory = Self.validatorDirectory()
        defer { Self.remove(directory) }
        try await withDemo { backend, transport in
            let url = backend.baseURL + "/github/users/octocat"
            let first = try await MiddlewareChain([ConditionalGETCache(directory: directory)], transport: transport)
                .send(HTTPRequestSpec(url: url))
            // A new cache, as in the next process: only the file carries the validator.
            let second = try await MiddlewareChain([ConditionalGETCache(directory: directory)], transport: transport)
                .send(HTTPRequestSpec(url: url))
            #expect(!first.servedFromCache)
            #expect(second.servedFromCache)
            #expect(second.status == 200)
            #expect(second.body == first.body)
        }
    }
}
