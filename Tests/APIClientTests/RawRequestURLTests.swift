import APIClient
import APIHTTP
import APITesting
import Foundation
import Testing

/// A raw request (`get PATH`) to a full URL goes to that URL, not under the base URL, and carries
/// the profile's secrets only to the base URL's origin.
@Suite struct RawRequestURLTests {
    @Test func aRawRequestToAFullURLGoesThereWithoutTheProfilesSecrets() async throws {
        let transport = StubTransport { _ in .json("{}") }
        let client = ProfileClient(transport: transport, environment: RequestEditTests.environment)
        let profile = try RequestEditTests.profile()
        _ = try await client.send(profile: profile, method: "get", path: "http://other.test:8080/ping?x=1")
        _ = try await client.send(profile: profile, method: "get", path: "https://API.example.test/v2/ping")
        _ = try await client.send(profile: profile, method: "get", path: "/ping")
        let sent = transport.requests
        #expect(
            sent.map(\.url) == [
                "http://other.test:8080/ping?x=1", "https://API.example.test/v2/ping",
                "https://api.example.test/v1/ping",
            ])
        #expect(sent[0].headers.map(\.0) == ["Accept"])
        #expect(sent[1].headers.map(\.0) == ["Accept", "X-Api-Key"])
        #expect(sent[2].headers.map(\.0) == ["Accept", "X-Api-Key"])
    }
}
