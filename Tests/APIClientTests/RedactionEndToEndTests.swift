import APIClient
import APIDemoBackend
import APIHTTP
import APIMapping
import APITesting
import Foundation
import Logging
import Synchronization
import Testing

/// A secret sent in a header, a query parameter and a body path reaches the server, and appears in
/// no log line (metadata included), no exchange description and no transport error.
@Suite struct RedactionEndToEndTests {
    static let secret = "s3cr3t-token-4242"

    /// A swift-log handler that keeps every line with its metadata.
    final class LineStore: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    struct CapturingHandler: LogHandler {
        let store: LineStore
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { $1 }
            store.lines.withLock { $0.append("\(event.level) \(event.message) \(merged)") }
        }
    }

    static let profileYAML = """
        name: secrets
        base_url: "${demo:base_url}"
        auth:
          bearer: {token: "${env:TOKEN}"}
        redact:
          query: [session]
          body: [credentials>password]
        endpoints:
          login:
            method: POST
            path: /hazards/echo
            query: {access_token: "${env:TOKEN}", session: "${env:TOKEN}", page: "1"}
            body: {user: ada, credentials: {password: "${env:TOKEN}"}}
        """

    @Test func secretIsSentButNeverLoggedOrDescribed() async throws {
        let profile = try Profile(yaml: Self.profileYAML, file: "profiles/secrets.yaml")
        let store = LineStore()
        let logger = Logger(label: "test") { _ in CapturingHandler(store: store) }
        try await withDemo { backend, transport in
            let client = ProfileClient(
                transport: transport, environment: ["TOKEN": Self.secret], demoBaseURL: backend.baseURL,
                logger: logger)
            let exchange = try await client.call(profile: profile, endpoint: "login")
            // The server really got it in all three places.
            let echo = String(decoding: exchange.response.body, as: UTF8.self)
            #expect(echo.contains("Bearer \(Self.secret)"))
            #expect(echo.contains(#"["access_token","\#(Self.secret)"]"#))
            #expect(echo.contains(#"\"password\":\"\#(Self.secret)\""#))

            let logged = store.all
            #expect(logged.count == 2, "\(logged)")
            #expect(logged.allSatisfy { !$0.contains(Self.secret) }, "\(logged)")
            #expect(logged.contains { $0.contains("access_token=••••") && $0.contains("session=••••") })
            #expect(logged.contains { $0.contains("Authorization: ••••") })
            #expect(!exchange.description.contains(Self.secret))
            #expect(!exchange.request.description.contains(Self.secret))
            #expect(!String(reflecting: exchange.request).contains(Self.secret))
            #expect(exchange.description.contains("page=1"))
        }
    }

    @Test func transportErrorsNameTheRequestRedacted() async throws {
        let profile = try Profile(yaml: Self.profileYAML, file: "profiles/secrets.yaml")
        let store = LineStore()
        let logger = Logger(label: "test") { _ in CapturingHandler(store: store) }
        let transport = HTTPTransport(configuration: loopbackConfiguration())
        let client = ProfileClient(
            transport: transport, environment: ["TOKEN": Self.secret], demoBaseURL: "http://127.0.0.1:1",
            logger: logger)
        do throws(ClientError) {
            _ = try await client.call(profile: profile, endpoint: "login")
            Issue.record("port 1 answered")
        } catch {
            #expect(error.transportError != nil)
            #expect(!error.description.contains(Self.secret), "\(error)")
        }
        #expect(store.all.allSatisfy { !$0.contains(Self.secret) })
        try await transport.shutdown()
    }
}

extension RedactionEndToEndTests {
    @Test func aCustomAuthHeaderIsMaskedInLogsWhateverItsName() async throws {
        let store = LineStore()
        let logger = Logger(label: "test") { _ in CapturingHandler(store: store) }
        try await withDemo { backend, transport in
            let chain = MiddlewareChain(
                [
                    AuthMiddleware(header: "X-Team-Key", hosts: ["127.0.0.1"]) { Self.secret },
                    LoggingMiddleware(logger: logger),
                ], transport: transport)
            let echoed = try await chain.send(HTTPRequestSpec(url: backend.baseURL + "/hazards/echo"))
            #expect(String(decoding: echoed.body, as: UTF8.self).contains(Self.secret))
        }
        #expect(store.all.contains { $0.contains("X-Team-Key: ••••") }, "\(store.all)")
        #expect(store.all.allSatisfy { !$0.contains(Self.secret) })
    }
}
