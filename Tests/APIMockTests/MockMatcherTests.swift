import APIClient
import APIMapping
import APIMock
import Testing

@Suite("Mock matcher: which endpoint and which recorded exchange answer a request")
struct MockMatcherTests {
    static func profile() throws -> Profile {
        try Profile(
            yaml: """
                name: shop
                base_url: http://127.0.0.1:1
                envelope: {status: code, success: 0, tip: msg, model: data}
                endpoints:
                  users: {path: /users}
                  user: {path: "/users/{id}"}
                  me: {path: /users/me}
                  file: {path: "/files/{name}.json"}
                  search:
                    path: /search
                    query: {q: "${q}", page: "${page}"}
                    params: {page: {default: "1"}}
                  create: {path: /users, method: POST}
                """, file: "shop.yaml")
    }

    struct RouteCase: CustomTestStringConvertible, Sendable {
        let method: String
        let target: String
        /// `endpoint k=v`, most specific first.
        let expected: [String]
        var testDescription: String { "\(method) \(target)" }
    }

    static let routeCases: [RouteCase] = [
        RouteCase(method: "GET", target: "/users", expected: ["users"]),
        RouteCase(method: "get", target: "/users/1002", expected: ["user id=1002"]),
        RouteCase(method: "GET", target: "/users/me", expected: ["me", "user id=me"]),
        RouteCase(method: "GET", target: "/users/a%2Fb?x=1", expected: ["user id=a/b"]),
        RouteCase(method: "GET", target: "/files/report.json", expected: ["file name=report"]),
        RouteCase(method: "GET", target: "/files/report.xml", expected: []),
        RouteCase(method: "POST", target: "/users", expected: ["create"]),
        RouteCase(method: "DELETE", target: "/users", expected: []),
        RouteCase(method: "GET", target: "/users/", expected: []),
        RouteCase(method: "GET", target: "/users/1/extra", expected: []),
        RouteCase(method: "GET", target: "/v3/users/7", expected: ["user id=7"]),
        RouteCase(method: "GET", target: "/search?q=swift&_outcome=success", expected: ["search"]),
        RouteCase(method: "GET", target: "/", expected: []),
        RouteCase(method: "GET", target: "http://127.0.0.1:8765/users/7?x=1", expected: ["user id=7"]),
    ]

    @Test(arguments: routeCases)
    func findsTheEndpoints(_ testCase: RouteCase) throws {
        let request = try MockRequest(method: testCase.method, target: testCase.target)
        let routes = MockMatcher(profile: try Self.profile()).routes(for: request)
        let described = routes.map { route in
            ([route.endpoint.id] + route.pathParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                .joined(separator: " ")
        }
        #expect(described == testCase.expected)
    }

    struct MatchCase: CustomTestStringConvertible, Sendable {
        let name: String
        let target: String
        let endpoint: String
        let url: String
        var method = "GET"
        var outcome = ExchangeOutcome.success
        let expected: Bool
        var testDescription: String { name }
    }

    static let matchCases: [MatchCase] = [
        MatchCase(
            name: "same path parameter", target: "/users/7", endpoint: "user", url: "http://h:1/users/7", expected: true
        ),
        MatchCase(
            name: "other path parameter", target: "/users/7", endpoint: "user", url: "http://h:1/users/8",
            expected: false),
        MatchCase(
            name: "recorded under a base URL path", target: "/users/7", endpoint: "user",
            url: "https://api.example.com/v3/users/7", expected: true),
        MatchCase(
            name: "percent-encoded alike", target: "/users/%E5%BC%A0", endpoint: "user",
            url: "http://h/users/%E5%BC%A0", expected: true),
        MatchCase(
            name: "masked path value matches any", target: "/users/7", endpoint: "user", url: "http://h/users/••••",
            expected: true),
        MatchCase(
            name: "another endpoint's exchange", target: "/users/7", endpoint: "me", url: "http://h/users/7",
            expected: false),
        MatchCase(
            name: "another method", target: "/users/7", endpoint: "user", url: "http://h/users/7", method: "POST",
            expected: false),
        MatchCase(
            name: "query item both carry, same value", target: "/search?q=swift&page=2", endpoint: "search",
            url: "http://h/search?q=swift&page=2", expected: true),
        MatchCase(
            name: "query item both carry, other value", target: "/search?q=swift&page=2", endpoint: "search",
            url: "http://h/search?q=swift&page=1", expected: false),
        MatchCase(
            name: "query item only the request carries", target: "/search?q=swift&page=2", endpoint: "search",
            url: "http://h/search?q=swift", expected: true),
        MatchCase(
            name: "query item only the recording carries", target: "/search", endpoint: "search",
            url: "http://h/search?q=swift&page=1", expected: true),
        MatchCase(
            name: "query decoded alike (+ and %20)", target: "/search?q=two+words", endpoint: "search",
            url: "http://h/search?q=two%20words", expected: true),
        MatchCase(
            name: "masked query value matches any", target: "/search?q=secret", endpoint: "search",
            url: "http://h/search?q=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2", expected: true),
        MatchCase(
            name: "_outcome is never a parameter", target: "/search?q=a&_outcome=success", endpoint: "search",
            url: "http://h/search?q=a&_outcome=business-failure", expected: true),
        MatchCase(
            name: "_outcome picks the outcome", target: "/users/7?_outcome=business-failure", endpoint: "user",
            url: "http://h/users/7", expected: false),
        MatchCase(
            name: "_outcome met", target: "/users/7?_outcome=business-failure", endpoint: "user",
            url: "http://h/users/7", outcome: .businessFailure, expected: true),
        MatchCase(
            name: "repeated items compare in order", target: "/search?q=a&q=b", endpoint: "search",
            url: "http://h/search?q=b&q=a", expected: false),
    ]

    @Test(arguments: matchCases)
    func matchesRecordedExchanges(_ testCase: MatchCase) throws {
        let matcher = MockMatcher(profile: try Self.profile())
        let request = try MockRequest(method: "GET", target: testCase.target)
        let route = try #require(matcher.routes(for: request).first { $0.endpoint.id != "me" })
        let candidate = MockCandidate(
            id: 1, endpoint: testCase.endpoint, method: testCase.method, url: testCase.url, outcome: testCase.outcome,
            httpStatus: 200)
        #expect(matcher.matches(candidate, route: route, request: request) == testCase.expected)
    }

    @Test(arguments: [
        ("/x?_outcome=business-failure", ExchangeOutcome.businessFailure), ("/x?_outcome=http-failure", .httpFailure),
        ("/x?_outcome=transport-failure", .transportFailure), ("/x", nil),
    ])
    func readsTheOutcome(_ target: String, _ expected: ExchangeOutcome?) throws {
        let request = try MockRequest(method: "GET", target: target)
        #expect(request.outcome == expected)
        #expect(request.query.isEmpty)
    }

    @Test func refusesAnUnknownOutcomeNamingTheKnownOnes() {
        #expect {
            _ = try MockRequest(method: "GET", target: "/x?_outcome=sucess")
        } throws: { error in
            "\(error)".contains("'sucess'") && "\(error)".contains("business-failure")
        }
    }
}
