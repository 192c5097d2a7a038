import APIClient
import APIClientTesting
import APIDemoBackend
import APIHTTP
import APIHistory
import APIMapping
import APITesting
import Foundation
import Testing

@testable import APISession

/// The session's secret gate learns what its calls read, mint and see, and history masks it.
@Suite struct SessionSecretGateTests {
    static func profile(_ baseURL: String) throws -> Profile {
        try Profile(
            yaml: """
                name: shop
                base_url: \(baseURL)
                envelope: {status: code, success: 0, tip: msg, model: data}
                auth: {login: {endpoint: login, token: data>token}}
                headers: {X-Shop-Key: "${env:SHOP_KEY}"}
                endpoints:
                  login: {method: POST, path: /session/login, body: {user: ada, password: "${env:SHOP_PASSWORD}"}}
                  me: {path: /session/profile}
                  echo: {path: /hazards/echo}
                """, file: "shop.yaml")
    }

    static func session(_ transport: HTTPTransport, history: HistoryStore) -> ExplorerSession {
        let library = ProfileLibrary(
            searchPath: ProfileSearchPath(explicitDirectory: nil, workingDirectory: "/nonexistent", environment: [:]))
        return ExplorerSession(
            library: library, environment: ["SHOP_KEY": "shop-key-1234567\r\n", "SHOP_PASSWORD": "demo-password"],
            transport: transport, history: history, startDemo: { "" })
    }

    /// `request shop login` called by hand: its token is learned and masked in history, as the
    /// sign-in's own call of it is.
    @Test func aLoginEndpointCalledDirectlyIsMaskedAsItsAutomaticUse() async throws {
        try await withDemoBackend { backend, transport in
            try await withTemporaryDirectory { folder in
                let history = try HistoryStore(location: HistoryLocation(path: folder.path + "/history.sqlite"))
                let session = Self.session(transport, history: history)
                let profile = try Self.profile(backend.baseURL)
                let call = try await session.send(.endpoint("login", parameters: [:]), profile: profile)
                let exchange = try call.result.get()
                let token = try #require(exchange.evaluation.model?.node["token"]?.stringValue)
                #expect(session.secretGate.values.contains(token))
                // The environment value lost its CR LF before it was sent and learned.
                #expect(exchange.request.headers.contains { $0.value == "shop-key-1234567" })
                #expect(session.secretGate.values.contains("shop-key-1234567"))
                let id = try #require(call.historyID)
                let stored = try #require(try await history.exchange(id: id))
                let body = String(decoding: stored.responseBody, as: UTF8.self)
                #expect(!body.contains(token), "\(body)")
                #expect(body.contains("••••"))
                try await history.close()
            }
        }
    }

    /// A token the sign-in minted is masked in an answer that echoes it, on screen and in history.
    @Test func aMintedTokenEchoedBackIsMaskedForDisplay() async throws {
        try await withDemoBackend { backend, transport in
            try await withTemporaryDirectory { folder in
                let history = try HistoryStore(location: HistoryLocation(path: folder.path + "/history.sqlite"))
                let session = Self.session(transport, history: history)
                let profile = try Self.profile(backend.baseURL)
                let call = try await session.send(.endpoint("echo", parameters: [:]), profile: profile)
                let exchange = try call.result.get()
                let tokens = session.secretGate.values.filter { $0.hasPrefix("st-") }
                #expect(tokens.count == 1, "\(session.secretGate.values.count) values")
                let received = String(decoding: exchange.response.body, as: UTF8.self)
                #expect(tokens.allSatisfy { received.contains($0) }, "the server echoed the token")
                let shown = session.secretGate.masking(exchange)
                let text = String(decoding: shown.response.body, as: UTF8.self)
                for token in tokens { #expect(!text.contains(token)) }
                #expect(shown.body.document != nil, "the masked body is still JSON")
                let id = try #require(call.historyID)
                let stored = try #require(try await history.exchange(id: id))
                for token in tokens { #expect(!String(decoding: stored.responseBody, as: UTF8.self).contains(token)) }
                try await history.close()
            }
        }
    }
}
