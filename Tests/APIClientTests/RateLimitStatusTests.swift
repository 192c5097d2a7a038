import Foundation
import Testing

@testable import APIClient

/// Rate-limit headers in their common forms, read into one status line.
@Suite struct RateLimitStatusTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let headers: [String: String]
        let names: RateLimitHeaders?
        let summary: String?
        var testDescription: String { name }
    }

    static let now = Date(timeIntervalSince1970: 1_763_800_000)

    static let cases = [
        Case(
            name: "GitHub's X-RateLimit with an epoch reset",
            headers: ["X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "59", "X-RateLimit-Reset": "1763802520"],
            names: nil, summary: "59/60 left, resets in 42m"),
        Case(
            name: "the draft's RateLimit-* fields",
            headers: ["RateLimit-Limit": "100", "RateLimit-Remaining": "0", "RateLimit-Reset": "30"], names: nil,
            summary: "0/100 left, resets in 30s"),
        Case(
            name: "the structured RateLimit and RateLimit-Policy",
            headers: ["RateLimit": #""default";r=50;t=30"#, "RateLimit-Policy": #""default";q=100;w=60"#], names: nil,
            summary: "50/100 left, resets in 30s"),
        Case(
            name: "the earlier dictionary form", headers: ["RateLimit": "limit=10, remaining=3, reset=90"], names: nil,
            summary: "3/10 left, resets in 1m 30s"),
        Case(
            name: "a profile's own names with seconds",
            headers: ["X-Quota": "500", "X-Quota-Left": "7", "X-Quota-Reset": "3600"],
            names: RateLimitHeaders(
                limit: "X-Quota", remaining: "X-Quota-Left", reset: "X-Quota-Reset", resetIsEpoch: false),
            summary: "7/500 left, resets in 1h"),
        Case(name: "Retry-After alone", headers: ["Retry-After": "120"], names: nil, summary: "retry after 2m"),
        Case(
            name: "nonsense is left out", headers: ["X-RateLimit-Limit": "-3", "RateLimit": "((("], names: nil,
            summary: nil),
        Case(
            name: "absurd values do not trap",
            headers: [
                "X-RateLimit-Remaining": "1", "X-RateLimit-Reset": "99999999999999999999", "Retry-After": "9e99",
            ],
            names: nil, summary: "1 left"),
    ]

    @Test(arguments: cases)
    func summary(_ testCase: Case) {
        let status = RateLimitStatus(
            headers: testCase.headers.map { (name: $0.key, value: $0.value) }, names: testCase.names, now: Self.now)
        #expect(status?.summary(now: Self.now) == testCase.summary)
    }
}
