import APIClient
import APIDemoBackend
import APIHTTP
import APITesting
import Synchronization
import Testing

/// A profile's connect and read timeouts and `tls_verify` reach the transport through `ProfileClient`, for that
/// profile's requests only. The transport's own limits are set far from the profiles' so that each outcome
/// tells by its kind which setting stopped the request (no timing assertions).
@Suite struct ProfileTransportSettingsTests {
    /// Read 60 s, connect 60 s, total 10 s: a profile's short read or connect timeout must fire first.
    static func generousConfiguration() -> TransportConfiguration {
        loopbackConfiguration {
            $0.readTimeout = .seconds(60)
            $0.connectTimeout = .seconds(60)
            $0.totalTimeout = .seconds(10)
        }
    }

    /// Reads inline YAML as `profiles/NAME.yaml`, the file name a profile's name must match.
    static func profile(_ name: String, _ yaml: String) throws -> Profile {
        try Profile(yaml: yaml, file: "profiles/\(name).yaml")
    }

    static let readTimeoutYAML = """
        name: impatient
        base_url: "${demo:base_url}"
        timeouts: {read: 200ms}
        endpoints:
          slow: {path: /hazards/slow, query: {delay_ms: "30000"}}
          drip: {path: /hazards/drip, query: {chunks: "5", interval_ms: "30000"}}
        """

    static let patientYAML = """
        name: patient
        base_url: "${demo:base_url}"
        timeouts: {total: 1s}
        endpoints:
          slow: {path: /hazards/slow, query: {delay_ms: "30000"}}
        """

    @Test(arguments: ["slow", "drip"])
    func profileReadTimeoutStopsAStalledResponse(endpoint: String) async throws {
        let profile = try Self.profile("impatient", Self.readTimeoutYAML)
        try await withDemo(Self.generousConfiguration()) { backend, transport in
            let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
            let error = await clientError { try await client.call(profile: profile, endpoint: endpoint) }
            #expect(error?.transportError?.kind == .timeout(.read), "\(String(describing: error))")
        }
    }

    @Test func profileReadTimeoutDoesNotLeakIntoOtherProfiles() async throws {
        let impatient = try Self.profile("impatient", Self.readTimeoutYAML)
        let patient = try Self.profile("patient", Self.patientYAML)
        try await withDemo(Self.generousConfiguration()) { backend, transport in
            let client = ProfileClient(transport: transport, environment: [:], demoBaseURL: backend.baseURL)
            // The impatient profile's client exists first, so a leak would show as a read timeout below.
            let impatientError = await clientError { try await client.call(profile: impatient, endpoint: "slow") }
            #expect(impatientError?.transportError?.kind == .timeout(.read), "\(String(describing: impatientError))")
            let error = await clientError { try await client.call(profile: patient, endpoint: "slow") }
            #expect(error?.transportError?.kind == .timeout(.total), "\(String(describing: error))")
        }
    }

    @Test func profileConnectTimeoutStopsAHandshakeThatNeverCompletes() async throws {
        let listener = try StalledListener()
        defer { listener.stop() }
        let profile = try Self.profile(
            "stalled",
            """
            name: stalled
            base_url: "http://127.0.0.1:\(listener.port)"
            timeouts: {connect: 300ms}
            endpoints:
              root: {path: /}
            """)
        let transport = HTTPTransport(configuration: Self.generousConfiguration())
        let client = ProfileClient(transport: transport, environment: [:])
        let error = await clientError { try await client.call(profile: profile, endpoint: "root") }
        try await transport.shutdown()
        #expect(error?.transportError?.kind == .timeout(.connect), "\(String(describing: error))")
    }

    @Test func refusedConnectionWithAProfileConnectTimeoutIsRefused() async throws {
        let stopped = try ClosedPort()
        let url = stopped.baseURL
        let profile = try Self.profile(
            "gone",
            """
            name: gone
            base_url: "\(url)"
            timeouts: {connect: 5s}
            endpoints:
              root: {path: /}
            """)
        let transport = HTTPTransport(configuration: Self.generousConfiguration())
        let client = ProfileClient(transport: transport, environment: [:])
        let error = await clientError { try await client.call(profile: profile, endpoint: "root") }
        try await transport.shutdown()
        #expect(error?.transportError?.kind == .refused, "\(String(describing: error))")
    }

    struct SettingsCase: Sendable, CustomTestStringConvertible {
        var name: String
        var yaml: String
        var connect: Duration?
        var read: Duration?
        var verifiesTLS: Bool?
        var testDescription: String { name }
    }

    static let settingsCases: [SettingsCase] = [
        SettingsCase(name: "defaults leave the transport's", yaml: "", connect: nil, read: nil, verifiesTLS: nil),
        SettingsCase(
            // Far from the transport's defaults (10 s, 30 s) and long enough for a busy machine.
            name: "timeouts", yaml: "timeouts: {connect: 20s, read: 45s}", connect: .seconds(20),
            read: .seconds(45), verifiesTLS: nil),
        SettingsCase(name: "tls_verify: false", yaml: "tls_verify: false", connect: nil, read: nil, verifiesTLS: false),
        SettingsCase(name: "tls_verify: true", yaml: "tls_verify: true", connect: nil, read: nil, verifiesTLS: nil),
    ]

    @Test(arguments: settingsCases)
    func profileSettingsReachTheRequest(_ settingsCase: SettingsCase) async throws {
        let profile = try Self.profile(
            "settings",
            """
            name: settings
            base_url: "${demo:base_url}"
            \(settingsCase.yaml)
            endpoints:
              user: {path: "/cmd/users/1001"}
            """)
        let recorder = RequestRecorder()
        try await withDemo { backend, transport in
            let client = ProfileClient(
                transport: transport, environment: [:], demoBaseURL: backend.baseURL, middlewares: [recorder])
            let exchange = try await client.call(profile: profile, endpoint: "user")
            #expect(exchange.response.status == 200)
        }
        let sent = try #require(recorder.requests.first)
        #expect(sent.connectTimeout == settingsCase.connect)
        #expect(sent.readTimeout == settingsCase.read)
        #expect(sent.verifiesTLS == settingsCase.verifiesTLS)
    }
}

/// The client error `body` throws, or `nil` after recording an issue when it succeeds.
func clientError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> APIExchange
) async -> ClientError? {
    do {
        let exchange = try await body()
        Issue.record("expected a client error, got HTTP \(exchange.response.status)", sourceLocation: sourceLocation)
        return nil
    } catch let error as ClientError {
        return error
    } catch {
        Issue.record("expected a client error, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Remembers every request that passes through it, then sends it on.
final class RequestRecorder: Middleware {
    private let storage = Mutex<[HTTPRequestSpec]>([])

    var requests: [HTTPRequestSpec] { storage.withLock { $0 } }

    func handle(_ request: HTTPRequestSpec, next: MiddlewareNext) async throws(TransportError) -> HTTPResponseRecord {
        storage.withLock { $0.append(request) }
        return try await next(request)
    }
}

extension ProfileTransportSettingsTests {
    /// A real TLS handshake over loopback with a certificate no one trusts: refused by default, accepted by a
    /// profile with `tls_verify: false`, on the same transport.
    @Test func tlsVerifyFalseAcceptsAnUntrustedCertificate() async throws {
        let server = try await LoopbackTLSServer.start()
        let checked = try Self.profile(
            "checked",
            """
            name: checked
            base_url: "https://127.0.0.1:\(server.port)"
            endpoints:
              root: {path: /}
            """)
        let trusting = try Self.profile(
            "trusting",
            """
            name: trusting
            base_url: "https://127.0.0.1:\(server.port)"
            tls_verify: false
            endpoints:
              root: {path: /}
            """)
        let transport = HTTPTransport(configuration: loopbackConfiguration())
        let client = ProfileClient(transport: transport, environment: [:])
        let refused = await clientError { try await client.call(profile: checked, endpoint: "root") }
        let accepted: Result<APIExchange, ClientError>
        do throws(ClientError) {
            accepted = .success(try await client.call(profile: trusting, endpoint: "root"))
        } catch {
            accepted = .failure(error)
        }
        try await transport.shutdown()
        try await server.stop()
        #expect(refused?.transportError?.kind == .tls, "\(String(describing: refused))")
        let exchange = try accepted.get()
        #expect(exchange.response.status == 200)
        #expect(exchange.response.body == Array("ok".utf8))
    }
}
