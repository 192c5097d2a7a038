import APIClient
import Testing

/// Reading an endpoint's parameter values back from a URL it sent, as the history pane shows them.
@Suite("Endpoint parameters from a URL")
struct EndpointURLParametersTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let endpoint: String
        let url: String
        let expected: [String: String]
        var testDescription: String { name }
    }

    static let profileYAML = """
        name: shop
        base_url: "http://shop.test/api"
        endpoints:
          user: {path: "/users/{id}", params: {id: {default: "1"}}}
          file: {path: "/files/{name}.json"}
          search: {path: /search, query: {q: "${term}", fixed: "yes"}, params: {term: {}, page: {default: "1"}}}
          nested: {path: "/orgs/{org}/repos/{repo}"}
          header: {path: /me, headers: {X-Token: "${token}"}, params: {token: {}}}
        """

    static let cases: [Case] = [
        Case(
            name: "path parameter", endpoint: "user", url: "http://shop.test/api/users/1002", expected: ["id": "1002"]),
        Case(
            name: "base URL with its own path and a query", endpoint: "user",
            url: "https://staging.shop.test/v2/api/users/7?lang=zh", expected: ["id": "7"]),
        Case(
            name: "percent-decoded", endpoint: "user", url: "http://shop.test/api/users/%E5%BC%A0%20w",
            expected: ["id": "张 w"]),
        Case(name: "literal suffix", endpoint: "file", url: "http://x/files/report.json", expected: ["name": "report"]),
        Case(name: "literal suffix missing", endpoint: "file", url: "http://x/files/report.xml", expected: [:]),
        Case(
            name: "query template and an untemplated declared parameter", endpoint: "search",
            url: "http://x/search?q=red+shoes&fixed=yes&page=3", expected: ["term": "red shoes", "page": "3"]),
        Case(
            name: "two path parameters", endpoint: "nested", url: "http://x/orgs/apple/repos/swift",
            expected: ["org": "apple", "repo": "swift"]),
        Case(
            name: "a literal that differs", endpoint: "nested", url: "http://x/orgs/apple/issues/swift", expected: [:]),
        Case(name: "too short", endpoint: "nested", url: "http://x/repos/swift", expected: [:]),
        Case(
            name: "a masked value stays masked", endpoint: "user", url: "http://x/users/••••", expected: ["id": "••••"]),
        Case(
            name: "header parameters are not in the URL", endpoint: "header", url: "http://x/me?token=t", expected: [:]),
        Case(name: "no URL", endpoint: "user", url: "", expected: [:]),
        Case(name: "a fragment is not a value", endpoint: "user", url: "http://x/users/5#top", expected: ["id": "5"]),
    ]

    @Test(arguments: cases)
    func parameters(_ testCase: Case) throws {
        let profile = try Profile(yaml: Self.profileYAML, file: "shop.yaml")
        let endpoint = try #require(profile.endpoint(testCase.endpoint))
        #expect(endpoint.parameters(inURL: testCase.url) == testCase.expected)
    }
}
