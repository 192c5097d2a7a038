import APIClient
import APIClientTesting
import APIHTTP
import APIHistory
import APIMapping
import APIMock
import APITesting
import Testing

@Suite("Mock server: what a recorded exchange replays as, and what is passed over")
struct MockServerTests {
    static let base = "http://127.0.0.1:1"

    static func profile() throws -> Profile {
        try Profile(
            yaml: """
                name: shop
                base_url: \(base)
                envelope: {status: code, success: 0, tip: msg, model: data}
                endpoints:
                  user: {path: "/users/{id}"}
                """, file: "shop.yaml")
    }

    /// An exchange of `user` answered with `body` and a mix of safe and unsafe headers, without a network.
    static func exchange(_ profile: Profile, id: String, body: String) throws -> APIExchange {
        let request = try profile.resolveRequest(
            endpoint: "user", parameters: ["id": id], environment: [:], demoBaseURL: nil)
        let bytes = Array(body.utf8)
        let headers = [
            ("Content-Type", "application/json; charset=utf-8"), ("ETag", "\"v1\""), ("Set-Cookie", "session=abc"),
            ("Content-Encoding", "gzip"), ("WWW-Authenticate", "Bearer"), ("Link", "</users/8>; rel=\"next\""),
        ]
        let response = HTTPResponseRecord(
            status: 200, reason: "OK", headers: headers, body: bytes, httpVersion: "HTTP/1.1",
            timing: .init(headersReceived: .microseconds(200), bodyComplete: .microseconds(400)))
        let parsed = ResponseBody(bytes: bytes, contentType: "application/json", xmlArrays: [])
        return APIExchange(
            profileName: profile.name, endpointID: "user", request: request, response: response, body: parsed,
            evaluation: request.envelope.evaluate(httpStatus: 200, body: parsed.document?.root))
    }

    static func text(_ response: MockResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func replaysTheNewestWholeExchangeWithSafeHeadersOnly() async throws {
        var configuration = HistoryConfiguration()
        configuration.bodyLimit = 100
        try await withTemporaryStore(configuration) { store, _ in
            let profile = try Self.profile()
            let small = #"{"code":0,"msg":"ok","data":{"id":7}}"#
            let whole = try await store.record(Self.exchange(profile, id: "7", body: small), profile: profile)
            let long = #"{"code":0,"msg":"ok","data":{"id":7,"filler":"\#(String(repeating: "x", count: 200))"}}"#
            let cut = try await store.record(Self.exchange(profile, id: "7", body: long), profile: profile)
            #expect(try #require(try await store.exchange(id: cut)).isTruncated)

            let server = MockServer(profile: profile, store: store)
            let response = await server.respond(method: "GET", target: "/users/7")
            #expect(response.status == 200)
            #expect(Self.text(response) == small)
            #expect(
                response.headers.map { "\($0.name): \($0.value)" } == [
                    "Content-Type: application/json; charset=utf-8", "ETag: \"v1\"", "Link: </users/8>; rel=\"next\"",
                    "X-Apiexplore-Exchange: \(whole)",
                ])

            let success = await server.respond(method: "GET", target: "/users/7?_outcome=success")
            #expect(Self.text(success) == small)
            let none = await server.respond(method: "GET", target: "/users/9")
            #expect(none.status == 404)
            #expect(Self.text(none).contains(#""path_parameters":{"id":"9"}"#), "\(Self.text(none))")
            #expect(Self.text(none).contains(#""examined":2"#), "\(Self.text(none))")
            let failure = await server.respond(method: "GET", target: "/users/7?_outcome=business-failure")
            #expect(failure.status == 404)
            #expect(Self.text(failure).contains(#""outcome":"business-failure""#))
            let nowhere = await server.respond(method: "POST", target: "/users/7")
            #expect(nowhere.status == 404)
            #expect(Self.text(nowhere).contains(#""endpoints":["GET /users/{id}"]"#), "\(Self.text(nowhere))")
            let unknown = await server.respond(method: "GET", target: "/users/7?_outcome=maybe")
            #expect(unknown.status == 400)
        }
    }

    @Test func answers502WhenOnlyUnreplayableExchangesMatch() async throws {
        var configuration = HistoryConfiguration()
        configuration.bodyLimit = 40
        try await withTemporaryStore(configuration) { store, _ in
            let profile = try Self.profile()
            let long = #"{"code":0,"msg":"ok","data":{"id":8,"filler":"\#(String(repeating: "x", count: 100))"}}"#
            let cut = try await store.record(Self.exchange(profile, id: "8", body: long), profile: profile)
            // A call to a closed port: recorded with no response.
            let transport = HTTPTransport(configuration: loopbackConfiguration())
            let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: nil)
            var refused: ClientError?
            do throws(ClientError) {
                _ = try await client.call(profile: profile, endpoint: "user", parameters: ["id": "8"])
            } catch {
                refused = error
            }
            try await transport.shutdown()
            let error = try #require(refused)
            let failed = try await store.recordFailure(
                profile: profile, endpointID: "user", request: error.request, error: error)

            let response = await MockServer(profile: profile, store: store).respond(method: "GET", target: "/users/8")
            #expect(response.status == 502)
            let text = Self.text(response)
            #expect(
                text.contains(#"{"exchange":\#(failed),"reason":"no response was recorded (connection refused)"}"#),
                "\(text)")
            #expect(text.contains(#"{"exchange":\#(cut),"reason":"history kept 40 of its"#), "\(text)")
        }
    }

    @Test func findsAnOldRecordingPastTheCapByItsURL() async throws {
        try await withTemporaryStore { store, _ in
            let profile = try Self.profile()
            let old = try await store.record(
                Self.exchange(profile, id: "7", body: #"{"code":0,"msg":"ok","data":{"id":7}}"#), profile: profile)
            for _ in 0..<5 {
                _ = try await store.record(
                    Self.exchange(profile, id: "8", body: #"{"code":0,"msg":"ok","data":{"id":8}}"#), profile: profile)
            }
            // The three newest (all id 8) fill the cap: only the search over URLs reaches id 7.
            var server = MockServer(profile: profile, store: store, maximumExamined: 3)
            let response = await server.respond(method: "GET", target: "/users/7")
            #expect(response.status == 200)
            #expect(response.headers.contains { $0.name == MockResponse.exchangeHeader && $0.value == String(old) })
            // A path never recorded is still a 404 once the search finds nothing either.
            server.maximumExamined = 1
            let missing = await server.respond(method: "GET", target: "/users/9")
            #expect(missing.status == 404)
            #expect(Self.text(missing).contains(#""examined":1"#), "\(Self.text(missing))")
        }
    }

    @Test func corsOnlyForTheAllowedOrigin() async throws {
        try await withTemporaryStore { store, _ in
            let profile = try Self.profile()
            _ = try await store.record(
                Self.exchange(profile, id: "7", body: #"{"code":0,"msg":"ok","data":{"id":7}}"#), profile: profile)
            let preflight = [
                HTTPHeader(name: "Origin", value: "http://localhost:3000"),
                HTTPHeader(name: "Access-Control-Request-Method", value: "GET"),
                HTTPHeader(name: "Access-Control-Request-Headers", value: "x-trace"),
            ]
            var server = MockServer(profile: profile, store: store)
            // Off by default: no CORS header, and a preflight is a request like any other (no OPTIONS endpoint).
            let closed = await server.respond(method: "GET", target: "/users/7", headers: preflight)
            #expect(!closed.headers.contains { $0.name.lowercased().hasPrefix("access-control") })
            #expect(await server.respond(method: "OPTIONS", target: "/users/7", headers: preflight).status == 404)

            server.allowedOrigin = "http://localhost:3000"
            let allowed = await server.respond(method: "OPTIONS", target: "/users/7", headers: preflight)
            #expect(allowed.status == 204)
            #expect(
                allowed.headers.map { "\($0.name): \($0.value)" } == [
                    "Access-Control-Allow-Origin: http://localhost:3000", "Vary: Origin",
                    "Access-Control-Allow-Methods: GET", "Access-Control-Max-Age: 600",
                    "Access-Control-Allow-Headers: x-trace",
                ])
            let answer = await server.respond(method: "GET", target: "/users/7", headers: preflight)
            #expect(answer.status == 200)
            #expect(answer.headers.filter { $0.name == "Vary" }.map(\.value) == ["Origin"])
            #expect(
                answer.headers.contains {
                    $0.name == "Access-Control-Allow-Origin" && $0.value == "http://localhost:3000"
                })
        }
    }
}
