import APIClient
import APIHTTP
import APIMapping
import Foundation
import Testing

@Suite struct ProfileRequestTests {
    static let profile = """
        name: t
        base_url: "https://api.example.com/v1/"
        headers:
          Accept: application/json
          X-Client: "apiexplore ${env:CLIENT_VERSION}"
        envelope:
          status: code
          success: [0, "0000"]
          tip: [msg, message]
          model: data
        redact:
          headers: [X-Api-Key]
          query: [session]
          body: [credentials>password]
        endpoints:
          user:
            path: /users/{name}/files/{file}
            query: {page: "${page}", q: "${name} & co", price: "$$5"}
            params:
              page: {default: "1", description: Page number}
          create:
            method: post
            path: /items
            headers: {accept: text/plain, X-Trace: "${trace}"}
            body:
              name: "${name}"
              count: 3
              ratio: 0.5
              tags: [a, "${tag}"]
              ok: true
              none: null
            params: {trace: {default: t-1}, tag: {default: b}}
            envelope:
              success: present
              model: result>items
              coerce_status: true
          bare:
            path: ""
            envelope: {status: null, tip: [], require_http_success: false}
        """

    static let environment = ["CLIENT_VERSION": "1.0"]

    @Test func pathParametersArePercentEncodedAndQueryIsBuilt() throws {
        let profile = try parseProfile(Self.profile)
        let request = try profile.resolveRequest(
            endpoint: "user", parameters: ["name": "a b/c?", "file": "ü.txt"], environment: Self.environment)
        #expect(request.method == "GET")
        #expect(
            request.url
                == "https://api.example.com/v1/users/a%20b%2Fc%3F/files/%C3%BC.txt?page=1&q=a%20b%2Fc%3F%20%26%20co&price=%245"
        )
        #expect(request.body == nil)
        #expect(
            request.headers == [
                HTTPHeader(name: "Accept", value: "application/json"),
                HTTPHeader(name: "X-Client", value: "apiexplore 1.0"),
            ])
        #expect(request.envelope.status == (try ProfilePath("code")))
        #expect(request.envelope.success == .values([.number(JSONNumber(0)), .string("0000")]))
        #expect(request.envelope.tip == [try ProfilePath("msg"), try ProfilePath("message")])
    }

    @Test func givenParametersBeatDefaults() throws {
        let profile = try parseProfile(Self.profile)
        let request = try profile.resolveRequest(
            endpoint: "user", parameters: ["name": "n", "file": "f", "page": "7"], environment: Self.environment)
        #expect(request.url == "https://api.example.com/v1/users/n/files/f?page=7&q=n%20%26%20co&price=%245")
    }

    @Test func bodyHeadersAndEnvelopeOverride() throws {
        let profile = try parseProfile(Self.profile)
        let request = try profile.resolveRequest(
            endpoint: "create", parameters: ["name": "Zoë \"Z\""], environment: Self.environment)
        #expect(request.method == "POST")
        #expect(request.url == "https://api.example.com/v1/items")
        #expect(
            String(decoding: try #require(request.body), as: UTF8.self)
                == #"{"name":"Zoë \"Z\"","count":3,"ratio":0.5,"tags":["a","b"],"ok":true,"none":null}"#)
        #expect(
            request.headers == [
                HTTPHeader(name: "X-Client", value: "apiexplore 1.0"),
                HTTPHeader(name: "accept", value: "text/plain"),
                HTTPHeader(name: "X-Trace", value: "t-1"),
                HTTPHeader(name: "Content-Type", value: "application/json"),
            ])
        // Overridden: success, model, coerce_status. Kept: status, tip, require_http_success.
        #expect(
            request.envelope
                == Envelope(
                    status: try ProfilePath("code"), success: .present,
                    tip: [try ProfilePath("msg"), try ProfilePath("message")], model: try ProfilePath("result>items"),
                    requireHTTPSuccess: true, coerceStatus: true))
    }

    @Test func overrideCanRemoveStatusAndTip() throws {
        let profile = try parseProfile(Self.profile)
        let request = try profile.resolveRequest(endpoint: "bare", parameters: [:], environment: Self.environment)
        #expect(request.url == "https://api.example.com/v1")
        #expect(
            request.envelope
                == Envelope(
                    status: nil, success: .values([.number(JSONNumber(0)), .string("0000")]), tip: [],
                    model: try ProfilePath("data"), requireHTTPSuccess: false))
    }

    @Test func redactionComesFromTheProfilePlusDefaults() throws {
        let profile = try parseProfile(Self.profile)
        let request = try profile.resolveRequest(endpoint: "bare", parameters: [:], environment: Self.environment)
        #expect(request.redaction.masksHeader("x-api-key"))
        #expect(request.redaction.masksHeader("AUTHORIZATION"))
        #expect(request.redaction.masksQueryItem("Session"))
        #expect(request.redaction.masksQueryItem("access_token"))
        #expect(!request.redaction.masksQueryItem("page"))
        #expect(request.redaction.body == [try ProfilePath("credentials>password")])
    }

    struct AuthCase: Sendable, CustomTestStringConvertible {
        let name: String
        let auth: String
        let environment: [String: String]
        let expected: HTTPHeader?
        var testDescription: String { name }
    }

    static let authCases: [AuthCase] = [
        AuthCase(
            name: "bearer", auth: #"bearer: {token: "${env:TOKEN}"}"#, environment: ["TOKEN": "abc"],
            expected: HTTPHeader(name: "Authorization", value: "Bearer abc")),
        AuthCase(
            name: "optional bearer, set", auth: #"bearer: {token: "${env:TOKEN}", optional: true}"#,
            environment: ["TOKEN": "abc"], expected: HTTPHeader(name: "Authorization", value: "Bearer abc")),
        AuthCase(
            name: "optional bearer, unset", auth: #"bearer: {token: "${env:TOKEN}", optional: true}"#,
            environment: [:], expected: nil),
        AuthCase(
            name: "basic", auth: #"basic: {username: "${env:USER}", password: "${env:PASS}"}"#,
            environment: ["USER": "Aladdin", "PASS": "open sesame"],
            expected: HTTPHeader(name: "Authorization", value: "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")),
        AuthCase(
            name: "header", auth: #"header: {name: X-API-Key, value: "k-${env:KEY}"}"#, environment: ["KEY": "1"],
            expected: HTTPHeader(name: "X-API-Key", value: "k-1")),
    ]

    @Test(arguments: authCases)
    func authAddsItsHeader(_ authCase: AuthCase) throws {
        let profile = try parseProfile(
            "name: t\nbase_url: http://x\nauth:\n  \(authCase.auth)\nendpoints: {a: {path: /a}}\n")
        let request = try profile.resolveRequest(endpoint: "a", parameters: [:], environment: authCase.environment)
        #expect(request.headers == (authCase.expected.map { [$0] } ?? []))
    }

    @Test func requiredBearerFailsWithoutItsVariable() throws {
        let profile = try parseProfile(
            "name: t\nbase_url: http://x\nauth:\n  bearer: {token: \"${env:TOKEN}\"}\nendpoints: {a: {path: /a}}\n")
        let error = profileError { _ = try profile.resolveRequest(endpoint: "a", parameters: [:], environment: [:]) }
        #expect(
            error?.description
                == "profiles/t.yaml:4:20: environment variable 'TOKEN' is not set; profile 't' needs it for "
                + "'auth.bearer.token'")
    }

    @Test func profileLevelParametersAreAcceptedByEveryEndpoint() throws {
        let profile = try parseProfile(
            "name: t\nbase_url: \"https://${region}.example.com\"\nendpoints: {a: {path: \"/a/{id}\"}}\n")
        let request = try profile.resolveRequest(
            endpoint: "a", parameters: ["region": "eu", "id": "1"], environment: [:])
        #expect(request.url == "https://eu.example.com/a/1")
        let error = profileError {
            _ = try profile.resolveRequest(endpoint: "a", parameters: ["zone": "x"], environment: [:])
        }
        #expect(
            error?.description
                == "profiles/t.yaml:3:13: unknown parameter 'zone' for endpoint 'a'; declared: id, region")
        let missing = profileError {
            _ = try profile.resolveRequest(endpoint: "a", parameters: ["id": "1"], environment: [:])
        }
        #expect(
            missing?.description
                == "profiles/t.yaml:2:12: missing parameter 'region' for endpoint 'a' (used in 'https://${region}.example.com')"
        )
    }

    @Test func dollarDollarIsALiteralDollar() throws {
        let profile = try parseProfile(
            "name: t\nbase_url: http://x\nheaders: {X-A: \"$${env:NOT}$$\"}\nendpoints: {a: {path: /a}}\n")
        let request = try profile.resolveRequest(endpoint: "a", parameters: [:], environment: [:])
        #expect(request.headers == [HTTPHeader(name: "X-A", value: "${env:NOT}$")])
    }

    @Test func templatesReportWhatTheyUse() throws {
        let profile = try parseProfile(Self.profile)
        let user = try #require(profile.endpoint("user"))
        #expect(user.path.parameterNames == ["name", "file"])
        #expect(user.parameterNames == ["page", "name", "file"])
        #expect(profile.headers[1].value.environmentNames == ["CLIENT_VERSION"])
        #expect(!profile.baseURL.usesDemoBaseURL)
    }

    @Test func optionalFieldsHaveSafeDefaults() throws {
        let profile = try parseProfile("name: t\nbase_url: http://x\n")
        #expect(profile.description == "")
        #expect(profile.tlsVerify)
        #expect(profile.maxBodySize == nil)
        #expect(profile.timeouts == Timeouts())
        #expect(profile.envelope == Envelope())
        #expect(profile.endpoints.isEmpty)
        #expect(profile.redaction == Redaction())
        #expect(profile.defaultExpectations.isEmpty)
    }

    @Test func everyFieldIsRead() throws {
        let profile = try parseProfile(
            """
            name: t
            description: Everything
            base_url: http://x
            tls_verify: false
            max_body_size: 512KB
            timeouts: {connect: 500ms, read: 1.5s, total: 2m}
            xml_arrays: [rss>channel>item]
            defaults: {expect: [success, "model:data"]}
            envelope: {status: ok, success: "true", coerce_status: true, require_http_success: false}
            endpoints:
              e:
                description: An endpoint
                path: /e
                params: {id: ~, n: {description: Count}}
                store: {table: things, identity: [id, "meta>v"], model: data>list}
            """)
        #expect(profile.description == "Everything")
        #expect(!profile.tlsVerify)
        #expect(profile.maxBodySize == 512_000)
        #expect(
            profile.timeouts == Timeouts(connect: .milliseconds(500), read: .milliseconds(1500), total: .seconds(120)))
        #expect(profile.xmlArrays == [try ProfilePath("rss>channel>item")])
        #expect(profile.defaultExpectations == ["success", "model:data"])
        #expect(profile.envelope.success == .values([.string("true")]))
        #expect(profile.envelope.coerceStatus)
        #expect(!profile.envelope.requireHTTPSuccess)
        let endpoint = try #require(profile.endpoint("e"))
        #expect(endpoint.description == "An endpoint")
        #expect(endpoint.params.map(\.name) == ["id", "n"])
        #expect(endpoint.params[1].description == "Count")
        #expect(endpoint.params[0].defaultValue == nil)
        let store = try #require(endpoint.store)
        #expect(store.table == "things")
        #expect(store.identity == [try ProfilePath("id"), try ProfilePath("meta>v")])
        #expect(store.model == (try ProfilePath("data>list")))
    }
}
