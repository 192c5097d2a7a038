import APIClient
import APIHTTP
import APIMapping
import Testing

@Suite struct ProfileRedactionTests {
    @Test(arguments: ["Authorization", "cookie", "SET-COOKIE", "Proxy-Authorization"])
    func defaultHeadersAreMasked(_ name: String) {
        let redaction = Redaction()
        #expect(
            redaction.redact(headers: [HTTPHeader(name: name, value: "secret"), HTTPHeader(name: "Accept", value: "a")])
                == [HTTPHeader(name: name, value: "••••"), HTTPHeader(name: "Accept", value: "a")])
    }

    @Test func profileHeadersAddToTheDefaults() {
        let redaction = Redaction(headers: ["X-API-Key"])
        #expect(
            redaction.redact(headers: [
                HTTPHeader(name: "x-api-key", value: "k"), HTTPHeader(name: "Cookie", value: "c"),
            ])
                == [HTTPHeader(name: "x-api-key", value: "••••"), HTTPHeader(name: "Cookie", value: "••••")])
    }

    struct URLCase: Sendable, CustomTestStringConvertible {
        let url: String
        let expected: String
        var testDescription: String { url }
    }

    @Test(arguments: [
        URLCase(url: "https://x.test/a?token=abc&q=swift", expected: "https://x.test/a?token=••••&q=swift"),
        URLCase(
            url: "https://x.test/a?ACCESS_TOKEN=1&Api_Key=2",
            expected: "https://x.test/a?ACCESS_TOKEN=••••&Api_Key=••••"),
        URLCase(url: "https://x.test/a?client%5Fsecret=s#frag", expected: "https://x.test/a?client%5Fsecret=••••#frag"),
        URLCase(
            url: "https://x.test/a?sig&page=2&session=z", expected: "https://x.test/a?sig&page=2&session=••••"),
        URLCase(url: "https://x.test/token/key", expected: "https://x.test/token/key"),
        URLCase(url: "https://ada:pa55@x.test/a?page=1", expected: "https://••••@x.test/a?page=1"),
        URLCase(url: "https://x.test/a?keys=1&tokenize=2", expected: "https://x.test/a?keys=1&tokenize=2"),
    ])
    func queryValuesAreMasked(_ urlCase: URLCase) {
        #expect(Redaction(query: ["session"]).redact(url: urlCase.url) == urlCase.expected)
    }

    @Test func bodyPathsAreMasked() throws {
        let redaction = Redaction(body: [
            try ProfilePath("auth>password"), try ProfilePath("items>secret"), try ProfilePath("list>-1"),
            try ProfilePath("missing>path"),
        ])
        let body: JSONValue = [
            "auth": ["user": "u", "password": "hunter2"],
            "items": [["secret": "a", "id": 1], ["id": 2], ["secret": ["nested": true]]],
            "list": [1, 2, 3],
            "password": "top-level is not a configured path",
        ]
        let expected: JSONValue = [
            "auth": ["user": "u", "password": "••••"],
            "items": [["secret": "••••", "id": 1], ["id": 2], ["secret": "••••"]],
            "list": [1, 2, "••••"],
            "password": "top-level is not a configured path",
        ]
        #expect(redaction.redact(body: body) == expected)
    }

    @Test func mergingUnitesBothSets() throws {
        let merged = Redaction(headers: ["A"], body: [try ProfilePath("x")])
            .merging(Redaction(query: ["q"], body: [try ProfilePath("x"), try ProfilePath("y")]))
        #expect(merged.masksHeader("a"))
        #expect(merged.masksQueryItem("Q"))
        #expect(merged.masksHeader("cookie"))
        #expect(merged.body == [try ProfilePath("x"), try ProfilePath("y")])
    }
}

@Suite struct ProfileRedactedDescriptionTests {
    @Test func printedRequestsHideSecrets() throws {
        let profile = try parseProfile(
            """
            name: t
            base_url: http://x
            auth: {bearer: {token: "${env:TOKEN}"}}
            endpoints:
              a: {path: /a, query: {token: "${env:TOKEN}", q: s}, body: {k: v}}
            """)
        let request = try profile.resolveRequest(endpoint: "a", parameters: [:], environment: ["TOKEN": "s3cret"])
        #expect(request.headers.contains(HTTPHeader(name: "Authorization", value: "Bearer s3cret")))
        let printed = "\(request)"
        #expect(
            printed
                == "GET http://x/a?token=••••&q=s\nAuthorization: ••••\nContent-Type: application/json\n(9 bytes of JSON)"
        )
        #expect(!String(reflecting: request).contains("s3cret"))
        #expect("\(HTTPHeader(name: "cookie", value: "a=1"))" == "cookie: ••••")
        #expect("\(HTTPHeader(name: "Accept", value: "a/b"))" == "Accept: a/b")
    }

    /// A redaction keeps its sets in one shared box: equal sets compare and hash equal however they
    /// were built, and changing a copy leaves the original as it was.
    @Test func copiesShareTheirSetsAndCompareByContent() throws {
        let built = Redaction(headers: ["X-Key"], query: ["sid"], body: [try ProfilePath("auth>pin")])
            .adding(secrets: ["s3cr3t-value"])
        let again = Redaction(headers: ["x-key"], query: ["SID"], body: [try ProfilePath("auth>pin")])
            .adding(secrets: ["s3cr3t-value"])
        #expect(built == again)
        #expect(Set([built, again]).count == 1)
        let revealing = built.revealingCookies()
        #expect(revealing != built)
        #expect(built.masksHeader("Cookie"))
        #expect(!revealing.masksHeader("Cookie"))
        #expect(revealing.masksHeader("X-Key") && revealing.secretValues == ["s3cr3t-value"])
        #expect(built.merging(Redaction(headers: ["X-Other"])).masksHeader("x-other"))
        #expect(!built.masksHeader("X-Other"))
        #expect(built != Redaction())
    }
}
