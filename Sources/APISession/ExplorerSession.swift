public import APIClient
public import APIHistory
import Foundation

/// What scripts, the `request` command and the TUI share while they run: where profiles come
/// from, the HTTP transport, the environment, and the demo backend, started the first time a
/// profile needs it.
///
/// ```swift
/// let session = ExplorerSession(
///     library: ProfileLibrary(searchPath: searchPath), environment: ProcessInfo.processInfo.environment,
///     transport: HTTPTransport(), startDemo: { try await DemoBackend.start().baseURL })
/// let demo = try session.profile(named: "demo")
/// let exchange = try await session.client(for: demo).call(profile: demo, endpoint: "user")
/// ```
public actor ExplorerSession {
    /// Where profiles are looked up.
    public nonisolated let library: ProfileLibrary
    /// Environment variables for `${env:NAME}`.
    public nonisolated let environment: [String: String]
    /// The transport every request goes through.
    public nonisolated let transport: HTTPTransport
    /// Where exchanges are recorded; `nil` records nothing.
    public nonisolated let history: HistoryStore?
    private let startDemo: @Sendable () async throws -> String
    private var demo: Task<String, any Error>?

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - library: Where profiles are looked up.
    ///   - environment: Environment variables for templates.
    ///   - transport: The HTTP transport.
    ///   - history: Where exchanges are recorded; `nil` records nothing.
    ///   - startDemo: Starts the demo backend and returns its base URL; called at most once, and
    ///     only when a profile's base URL is `${demo:base_url}`.
    public init(
        library: ProfileLibrary, environment: [String: String], transport: HTTPTransport,
        history: HistoryStore? = nil, startDemo: @escaping @Sendable () async throws -> String
    ) {
        self.library = library
        self.environment = environment
        self.transport = transport
        self.history = history
        self.startDemo = startDemo
    }

    /// Loads a profile by name.
    ///
    /// - Throws: ``ProfileError`` when no profile has that name or its file does not read.
    public nonisolated func profile(named name: String) throws(ProfileError) -> Profile {
        try library.load(named: name)
    }

    /// The base URL `profile`'s requests go to, with `${demo:base_url}` filled in (starting the demo
    /// backend if it is not running yet); other placeholders are left as written.
    ///
    /// - Parameter profile: The profile.
    /// - Throws: The demo backend's start error.
    public func displayedBaseURL(of profile: Profile) async throws -> String {
        guard profile.baseURL.usesDemoBaseURL else { return profile.baseURL.text }
        let task = demo ?? Task { try await startDemo() }
        demo = task
        return profile.baseURL.text.replacingOccurrences(of: "${demo:base_url}", with: try await task.value)
    }

    /// A client for `profile`, with the demo backend running when the profile needs it.
    ///
    /// - Throws: The demo backend's start error.
    public func client(for profile: Profile) async throws -> ProfileClient {
        var demoBaseURL: String?
        if profile.baseURL.usesDemoBaseURL {
            let task = demo ?? Task { try await startDemo() }
            demo = task
            demoBaseURL = try await task.value
        }
        return ProfileClient(transport: transport, environment: environment, demoBaseURL: demoBaseURL)
    }
}
