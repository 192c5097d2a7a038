import APIClient
import APIHTTP
import APITesting
import Foundation
import RawHTTPTesting
import Testing

/// Redirects are followed hop by hop under a policy that keeps credentials with their origin: raw
/// loopback servers (written from RFC 9110 §15.4, not from our client) redirect to another port,
/// from HTTPS to HTTP with the test certificate, and with 307/308 after a body.
@Suite("Redirect policy", .serialized)
struct RedirectPolicyTests {
    /// Headers a profile's request carries: a marked credential, two named like credentials, one not.
    static let headers: [(name: String, value: String)] = [
        ("Authorization", "Bearer tok-AAAA"), ("X-Customer", "cust-BBBB"), ("X-Api-Key", "key-CCCC"),
        ("X-Upstream-Session", "sess-DDDD"), ("X-Trace", "trace-1"),
    ]

    static func request(_ url: String, method: String = "GET", body: String? = nil) -> HTTPRequestSpec {
        var spec = HTTPRequestSpec(method: method, url: url, headers: headers, body: body.map { Array($0.utf8) })
        // What ProfileClient marks: the profile's auth header and a header that reads a secret.
        spec.redactedHeaderNames = ["authorization", "x-customer"]
        return spec
    }

    static func withTransport<T>(
        redirects: RedirectPolicy = RedirectPolicy(), _ body: (HTTPTransport) async throws -> T
    ) async throws -> T {
        let transport = HTTPTransport(
            configuration: loopbackConfiguration {
                $0.verifiesTLS = false
                $0.redirects = redirects
                // In a full run, tests that wait for child processes on the cooperative pool can hold
                // its two threads for minutes (CONTRIBUTING.md, "Known debt"), and each hop's
                // continuation waits behind them: 110 s measured. A limit that only bounds a real hang.
                $0.totalTimeout = .seconds(600)
            })
        do {
            let result = try await body(transport)
            try await transport.shutdown()
            return result
        } catch {
            try await transport.shutdown()
            throw error
        }
    }

    @Test func anotherOriginGetsNoCredentialHeader() async throws {
        let target = try await RawHTTPServer(routes: ["/land": .answer("200 OK", body: "landed")])
        defer { target.stop() }
        let start = try await RawHTTPServer(routes: ["/start": .redirect(302, to: target.origin + "/land?x=1")])
        defer { start.stop() }
        let record = try await Self.withTransport { transport in
            try await transport.send(Self.request(start.origin + "/start"))
        }
        #expect(record.status == 200)
        #expect(record.body == Array("landed".utf8))
        #expect(
            record.redirects == [
                RedirectHop(
                    method: "GET", url: start.origin + "/start", status: 302, location: target.origin + "/land?x=1")
            ])
        let first = try #require(try start.received().first)
        #expect(first.header("X-Api-Key") == "key-CCCC")
        let landed = try #require(try target.received().first)
        #expect(landed.target == "/land?x=1")
        for name in ["Authorization", "X-Customer", "X-Api-Key", "X-Upstream-Session"] {
            #expect(landed.header(name) == nil, "\(name) went to another origin")
        }
        #expect(landed.header("X-Trace") == "trace-1")
    }

    @Test func theSameOriginKeepsEveryHeader() async throws {
        let server = try await RawHTTPServer(routes: [
            "/start": .redirect(301, to: "/land"), "/land": .answer("200 OK", body: "landed"),
        ])
        defer { server.stop() }
        let record = try await Self.withTransport { transport in
            try await transport.send(Self.request(server.origin + "/start"))
        }
        #expect(record.status == 200)
        #expect(record.redirects.map(\.location) == [server.origin + "/land"])
        let landed = try server.received()[1]
        for (name, value) in Self.headers { #expect(landed.header(name) == value) }
    }

    @Test func httpsToHTTPIsRefusedUnlessAllowed() async throws {
        let plain = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "plain")])
        defer { plain.stop() }
        let secure = try await RawHTTPServer(routes: ["*": .redirect(302, to: plain.origin + "/x")], tls: true)
        defer { secure.stop() }
        let error = try await Self.withTransport { transport in
            await transportError(transport, Self.request(secure.origin + "/start"))
        }
        #expect(error?.kind == .redirectRefused)
        #expect(error?.message.contains("would leave HTTPS for plain HTTP") == true, "\(String(describing: error))")
        #expect(try plain.received().isEmpty)

        var request = Self.request(secure.origin + "/start")
        request.redirects = RedirectPolicy(allowsDowngrade: true)
        let allowed = try await Self.withTransport { transport in try await transport.send(request) }
        #expect(allowed.body == Array("plain".utf8))
        // Allowed, and still another origin: no credential went along.
        #expect(try plain.received().first?.header("Authorization") == nil)
    }

    @Test(arguments: [307, 308])
    func aBodyIsNotSentToAnotherOriginAgain(status: Int) async throws {
        let target = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "took it")])
        defer { target.stop() }
        let start = try await RawHTTPServer(routes: ["*": .redirect(status, to: target.origin + "/login")])
        defer { start.stop() }
        let login = #"{"user":"ada","password":"pw-EEEE"}"#
        let error = try await Self.withTransport { transport in
            await transportError(transport, Self.request(start.origin + "/login", method: "POST", body: login))
        }
        #expect(error?.kind == .redirectRefused)
        #expect(error?.message.contains("would send the request body there again") == true)
        #expect(try start.received().first?.body == login)
        #expect(try target.received().isEmpty)

        var request = Self.request(start.origin + "/login", method: "POST", body: login)
        request.redirects = RedirectPolicy(resendsBodyAcrossOrigins: true)
        let record = try await Self.withTransport { transport in try await transport.send(request) }
        #expect(record.status == 200)
        let received = try #require(try target.received().first)
        #expect(received.method == "POST")
        #expect(received.body == login)
        #expect(received.header("Authorization") == nil)
    }

    @Test func a307OnTheSameOriginSendsTheBodyAgain() async throws {
        let server = try await RawHTTPServer(routes: [
            "/old": .redirect(307, to: "/new"), "/new": .answer("201 Created", body: "made"),
        ])
        defer { server.stop() }
        let record = try await Self.withTransport { transport in
            try await transport.send(Self.request(server.origin + "/old", method: "PUT", body: "{\"a\":1}"))
        }
        #expect(record.status == 201)
        let second = try server.received()[1]
        #expect(second.method == "PUT")
        #expect(second.body == "{\"a\":1}")
    }

    @Test(arguments: [301, 302, 303])
    func aPostRedirectedByThisStatusBecomesAGetWithoutBody(status: Int) async throws {
        let target = try await RawHTTPServer(routes: ["*": .answer("200 OK", body: "done")])
        defer { target.stop() }
        let start = try await RawHTTPServer(routes: ["*": .redirect(status, to: target.origin + "/done")])
        defer { start.stop() }
        var request = Self.request(start.origin + "/submit", method: "POST", body: "secret=pw-FFFF")
        request.headers.append(("Content-Type", "application/x-www-form-urlencoded"))
        let record = try await Self.withTransport { transport in try await transport.send(request) }
        #expect(record.status == 200)
        let received = try #require(try target.received().first)
        #expect(received.method == "GET")
        #expect(received.body.isEmpty)
        #expect(received.header("Content-Type") == nil)
    }

    @Test func sameOriginModeReturnsAForeignRedirectAsTheAnswer() async throws {
        let target = try await RawHTTPServer(routes: ["*": .answer("200 OK")])
        defer { target.stop() }
        let start = try await RawHTTPServer(routes: [
            "/a": .redirect(302, to: "/b"), "/b": .redirect(302, to: target.origin + "/c"),
        ])
        defer { start.stop() }
        var request = Self.request(start.origin + "/a")
        request.redirects = RedirectPolicy(mode: .sameOrigin)
        let record = try await Self.withTransport { transport in try await transport.send(request) }
        #expect(record.status == 302)
        #expect(record.redirects.count == 1)
        #expect(record.unfollowedRedirect == "it leads to another origin, and redirects: same-origin")
        #expect(try target.received().isEmpty)
    }

    @Test func noneModeAndTheLimit() async throws {
        let server = try await RawHTTPServer(routes: [
            "/1": .redirect(302, to: "/2"), "/2": .redirect(302, to: "/3"), "/3": .redirect(302, to: "/4"),
            "/4": .answer("200 OK", body: "end"), "/loop": .redirect(302, to: "/loop"),
        ])
        defer { server.stop() }
        try await Self.withTransport(redirects: RedirectPolicy(mode: .none)) { transport in
            let record = try await transport.send(Self.request(server.origin + "/1"))
            #expect(record.status == 302)
            #expect(record.redirects.isEmpty)
        }
        try await Self.withTransport(redirects: RedirectPolicy(limit: 2)) { transport in
            let error = await transportError(transport, Self.request(server.origin + "/1"))
            #expect(error?.kind == .redirectLimit)
            #expect(error?.message.contains("more than 2 redirects") == true)
            let followed = try await transport.send(Self.request(server.origin + "/2"))
            #expect(followed.body == Array("end".utf8))
            #expect(followed.redirects.count == 2)
            let loop = await transportError(transport, Self.request(server.origin + "/loop"))
            #expect(loop?.kind == .redirectLimit)
            #expect(loop?.message.contains("a redirect loop") == true)
        }
    }

    @Test func theCookieJarFilesEachSetCookieUnderTheURLThatSentIt() async throws {
        // Two hosts: 127.0.0.1 and localhost (cookies ignore ports, RFC 6265 §8.5).
        let target = try await RawHTTPServer(routes: [
            "*": .answer("200 OK", headers: [("Set-Cookie", "landed=2; Path=/")], body: "ok")
        ])
        defer { target.stop() }
        let start = try await RawHTTPServer(routes: [
            "*": .answer(
                "302 Found",
                headers: [("Set-Cookie", "started=1; Path=/"), ("Location", "http://localhost:\(target.port)/in")])
        ])
        defer { start.stop() }
        let cookies = try CookieMiddleware(file: nil)
        try await Self.withTransport { transport in
            let chain = MiddlewareChain([RedirectMiddleware(), cookies], transport: transport)
            let record = try await chain.send(HTTPRequestSpec(url: start.origin + "/go"))
            #expect(record.status == 200)
            #expect(record.redirects.count == 1)
        }
        let names = Dictionary(uniqueKeysWithValues: cookies.cookies().map { ($0.name, $0.domain) })
        #expect(names == ["started": "127.0.0.1", "landed": "localhost"])
        // The second host never saw the first host's cookie.
        #expect(try target.received().first?.header("Cookie") == nil)
    }
}
