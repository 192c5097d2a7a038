import APIClient
import APIClientTesting
import APIHTTP
import APIHistory
import APIMapping
import APIMock
import Testing

/// What history masked stays masked when the mock replays it, and a URI header history did not
/// mask (a row recorded before it did) is masked on the way out.
@Suite("Mock server: redacted values stay redacted in a reply")
struct MockReplayRedactionTests {
    static func profile(redact: String = "") throws -> Profile {
        try Profile(
            yaml: """
                name: shop
                base_url: http://127.0.0.1:1
                envelope: {status: code, success: 0, tip: msg, model: data}
                \(redact)
                endpoints:
                  user: {path: "/users/{id}", headers: {Authorization: "Bearer s3cr3t-bearer-token"}}
                """, file: "shop.yaml")
    }

    /// An exchange of `user 7` answered with `body` and `headers`, without a network.
    static func exchange(_ profile: Profile, body: String, headers: [(String, String)]) throws -> APIExchange {
        let request = try profile.resolveRequest(
            endpoint: "user", parameters: ["id": "7"], environment: [:], demoBaseURL: nil)
        let bytes = Array(body.utf8)
        let response = HTTPResponseRecord(
            status: 200, reason: "OK", headers: [("Content-Type", "application/json")] + headers, body: bytes,
            httpVersion: "HTTP/1.1",
            timing: .init(headersReceived: .microseconds(200), bodyComplete: .microseconds(400)))
        let parsed = ResponseBody(bytes: bytes, contentType: "application/json", xmlArrays: [])
        return APIExchange(
            profileName: profile.name, endpointID: "user", request: request, response: response, body: parsed,
            evaluation: request.envelope.evaluate(httpStatus: 200, body: parsed.document?.root))
    }

    static func replayed(_ profile: Profile, _ store: HistoryStore) async -> (text: String, headers: [String]) {
        let response = await MockServer(profile: profile, store: store).respond(method: "GET", target: "/users/7")
        #expect(response.status == 200)
        return (
            String(decoding: response.body, as: UTF8.self), response.headers.map { "\($0.name): \($0.value)" }
        )
    }

    @Test func aServerIssuedCredentialInAURIHeaderIsMaskedWhenRecorded() async throws {
        try await withTemporaryStore { store, _ in
            let profile = try Self.profile()
            let headers = [
                ("Link", #"</users/7?page=2&access_token=XYZ-issued-1>; rel="next", </users/7?page=9>; rel="last""#),
                ("Location", "https://cdn.test/u/7?X=1&signature=XYZ-issued-2"),
                ("Content-Location", "/users/7?token=XYZ-issued-3"),
            ]
            let id = try await store.record(
                Self.exchange(profile, body: #"{"code":0,"msg":"ok","data":{"id":7}}"#, headers: headers),
                profile: profile)
            let stored = try #require(try await store.exchange(id: id))
            let kept = stored.responseHeaders.map { "\($0.name): \($0.value)" }
            #expect(!kept.joined().contains("XYZ"), "\(kept)")
            #expect(
                kept.contains(#"Link: </users/7?page=2&access_token=••••>; rel="next", </users/7?page=9>; rel="last""#))
            let reply = await Self.replayed(profile, store)
            #expect(!reply.headers.joined().contains("XYZ"), "\(reply.headers)")
            #expect(reply.headers.contains("Location: https://cdn.test/u/7?X=1&signature=••••"), "\(reply.headers)")
        }
    }

    @Test func aURIHeaderRecordedUnmaskedIsMaskedOnReplay() async throws {
        try await withTemporaryStore { store, _ in
            // Recorded under rules that did not name `session_key`, as a row from before history masked
            // URI headers holds its credentials; replayed under rules that do.
            let recording = try Self.profile()
            let link = #"</users/7?page=2&session_key=XYZ-old-row>; rel="next""#
            _ = try await store.record(
                Self.exchange(recording, body: #"{"code":0,"msg":"ok","data":{"id":7}}"#, headers: [("Link", link)]),
                profile: recording)
            let serving = try Self.profile(redact: "redact: {query: [session_key]}")
            let reply = await Self.replayed(serving, store)
            #expect(
                reply.headers.contains(#"Link: </users/7?page=2&session_key=••••>; rel="next""#), "\(reply.headers)")
        }
    }

    @Test func aSecretMaskedInHistoryStaysMaskedInTheReply() async throws {
        try await withTemporaryStore { store, _ in
            let profile = try Self.profile(redact: "redact: {body: [data>password]}")
            // The body masked by path; the request's bearer token echoed in the body and in an ETag.
            let body = #"{"code":0,"msg":"ok","data":{"id":7,"password":"hunter22","seen":"s3cr3t-bearer-token"}}"#
            _ = try await store.record(
                Self.exchange(profile, body: body, headers: [("ETag", "\"s3cr3t-bearer-token\"")]), profile: profile)
            let reply = await Self.replayed(profile, store)
            #expect(!reply.text.contains("hunter22") && !reply.text.contains("s3cr3t"), "\(reply.text)")
            #expect(reply.text.contains(#""password":"••••""#), "\(reply.text)")
            #expect(reply.text.contains(#""seen":"••••""#), "\(reply.text)")
            #expect(reply.headers.contains("ETag: \"••••\""), "\(reply.headers)")
            #expect(!reply.headers.joined().contains("s3cr3t"), "\(reply.headers)")
        }
    }
}
