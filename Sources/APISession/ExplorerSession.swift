package import APIClient
package import APIHTTP
package import APIHistory
package import Foundation
import Synchronization

/// What scripts, the `request` command and the TUI share while they run: where profiles come
/// from, the HTTP transport, the environment, and the demo backend, started the first time a
/// profile needs it.
///
/// ```swift
/// let session = ExplorerSession(
///     library: ProfileLibrary(searchPath: searchPath), environment: ProcessInfo.processInfo.environment,
///     transport: HTTPTransport(), startDemo: { try await DemoBackend.start().baseURL })
/// let demo = try session.profile(named: "demo")
/// let call = try await session.send(.endpoint("user", parameters: [:]), profile: demo)
/// try call.result.get().evaluation.outcome  // .success
/// ```
package actor ExplorerSession {
    /// Where profiles are looked up.
    package nonisolated let library: ProfileLibrary
    /// Environment variables for `${env:NAME}`.
    package nonisolated let environment: [String: String]
    /// The transport every request goes through.
    package nonisolated let transport: HTTPTransport
    /// Where exchanges are recorded; `nil` records nothing.
    package nonisolated let history: HistoryStore?
    /// The exchanges history did not take, and why the first did not (warned about once, through
    /// ``notify``).
    package nonisolated let historyTally = HistoryTally()
    /// Where tokens, cookies and cached responses persist (`$XDG_STATE_HOME/apiexplore`); `nil`
    /// keeps them in memory for the session only.
    package nonisolated let stateDirectory: URL?
    /// Hears what the user must do or know outside the request: the URL to sign in at, a device
    /// code to type, a cache or cookie file that did not save, the first exchange history did not
    /// record (`warning: …`).
    package nonisolated let notify: @Sendable (String) -> Void
    private let startDemo: @Sendable () async throws -> String
    private var demo: Task<String, any Error>?
    /// Each profile's stateful middleware (validator store, cookie jar), made on its first call.
    var behaviours: [String: ProfileBehaviour] = [:]
    /// Each profile's tokens, once signed in.
    var tokens: [String: TokenSet] = [:]
    /// Sign-ins under way, so concurrent calls share one.
    var signIns: [String: Task<TokenSet, any Error>] = [:]
    /// Each profile's secrets that are no longer in use (replaced or refused tokens, the client
    /// secret): still masked wherever they appear, since an error or an echo can quote them.
    var retiredSecrets: [String: Set<String>] = [:]
    /// Sign-ins the server refused (a wrong password, an unknown client), by profile and sign-in
    /// fingerprint: later calls fail at once instead of trying again, which could lock an account.
    var refusedSignIns: [String: ClientError] = [:]
    /// The environment chosen for the session's profiles (`--env`, `APIEXPLORE_ENV`); `nil` uses
    /// each profile's default.
    package nonisolated let environmentName: String?
    /// Environments chosen later, by profile name (the terminal UI's `E`); they win over ``environmentName``.
    private nonisolated let chosenEnvironments = Mutex<[String: String]>([:])
    /// Whether `${cmd:…}` commands may run without asking (`--allow-commands`).
    package nonisolated let allowsCommands: Bool
    /// Whether `${file:…}` files outside the profile's folder are read without asking (`--allow-secret-files`).
    package nonisolated let allowsSecretFiles: Bool
    /// Time limits on every request the session sends (`--max-time`, `--connect-timeout`), over
    /// the profiles' own: the tighter of each applies.
    package nonisolated let requestLimits: RequestLimits
    /// `--no-follow` and `--max-redirects`: applied over every request's redirect policy.
    package nonisolated let redirectOverride: RedirectPolicy.Override?
    /// The log files the user chose (`--log-file`, the configuration's `logs:`).
    package nonisolated let logDestinations: LogDestinations
    /// Asks for consent and prompted secrets; `nil` in headless runs.
    var prompter: (any SecretPrompter)?
    /// The secret sources read so far, by profile (name and content digest): each is read once a session.
    var secretValues: [String: [SecretSource: String]] = [:]
    /// Every secret value the session has read, minted or seen, masked in everything it shows,
    /// prints or stores (``APIClient/SecretGate``); front ends mask their sinks with it.
    package nonisolated let secretGate: SecretGate

    /// Creates a session.
    ///
    /// - Parameters:
    ///   - library: Where profiles are looked up.
    ///   - environment: Environment variables for templates.
    ///   - transport: The HTTP transport.
    ///   - history: Where exchanges are recorded; `nil` records nothing.
    ///   - stateDirectory: Where tokens, cookies and cached responses persist; `nil` keeps them in memory.
    ///   - notify: Hears sign-in prompts and persistence problems.
    ///   - environmentName: The environment profiles are loaded in; `nil` for their defaults.
    ///   - allowsCommands: Whether `${cmd:…}` commands run without consent (`--allow-commands`).
    ///   - allowsSecretFiles: Whether `${file:…}` files outside the profile's folder are read without
    ///     consent (`--allow-secret-files`).
    ///   - requestLimits: Time limits on every request, over the profiles' own.
    ///   - secretGate: Where the session's secret values gather; share one with the sinks that
    ///     print outside the session (the command line's standard output).
    ///   - redirectOverride: `--no-follow` and `--max-redirects`, over every request's redirect policy.
    ///   - logDestinations: The log files the user chose, over the profiles' own `log:` names.
    ///   - startDemo: Starts the demo backend and returns its base URL; called at most once, and
    ///     only when a profile's base URL is `${demo:base_url}`.
    package init(
        library: ProfileLibrary, environment: [String: String], transport: HTTPTransport,
        history: HistoryStore? = nil, stateDirectory: URL? = nil,
        notify: @escaping @Sendable (String) -> Void = { _ in }, environmentName: String? = nil,
        allowsCommands: Bool = false, allowsSecretFiles: Bool = false, requestLimits: RequestLimits = RequestLimits(),
        redirectOverride: RedirectPolicy.Override? = nil, logDestinations: LogDestinations = LogDestinations(),
        secretGate: SecretGate = SecretGate(), startDemo: @escaping @Sendable () async throws -> String
    ) {
        self.requestLimits = requestLimits
        self.redirectOverride = redirectOverride
        self.logDestinations = logDestinations
        self.secretGate = secretGate
        self.allowsSecretFiles = allowsSecretFiles
        self.environmentName = environmentName
        self.allowsCommands = allowsCommands
        self.stateDirectory = stateDirectory
        self.notify = notify
        self.library = library
        self.environment = environment
        self.transport = transport
        self.history = history
        self.startDemo = startDemo
    }

    /// Loads a profile by name, in the environment chosen for it (``choose(environment:forProfile:)``),
    /// else the session's (``environmentName``).
    ///
    /// - Throws: ``ProfileError`` when no profile has that name, its file does not read, or it
    ///   does not declare the session's environment.
    package nonisolated func profile(named name: String) throws(ProfileError) -> Profile {
        let chosen = chosenEnvironments.withLock { $0[name] }
        return try library.load(named: name).applyingEnvironmentChoice(chosen ?? environmentName)
    }

    /// Makes `environment` the one ``profile(named:)`` loads profile `name` in from now on (the
    /// terminal UI's `E`), so a script line that loads it again (`:use`) stays there.
    ///
    /// - Parameters:
    ///   - environment: One of the profile's environments.
    ///   - name: The profile's name.
    package nonisolated func choose(environment: String, forProfile name: String) {
        chosenEnvironments.withLock { $0[name] = environment }
    }

    /// The base URL `profile`'s requests go to, with `${demo:base_url}` filled in (starting the demo
    /// backend if it is not running yet); other placeholders are left as written.
    ///
    /// - Parameter profile: The profile.
    /// - Throws: The demo backend's start error.
    package func displayedBaseURL(of profile: Profile) async throws -> String {
        guard profile.baseURL.usesDemoBaseURL, let demoBaseURL = try await demoBaseURL(for: profile) else {
            return profile.baseURL.text
        }
        return profile.baseURL.text.replacingOccurrences(of: "${demo:base_url}", with: demoBaseURL)
    }

    /// The demo backend's URL when `profile` (or its sign-in) needs it, starting it the first time.
    func demoBaseURL(for profile: Profile) async throws -> String? {
        var templates = [profile.baseURL]
        if case .oauth2(let oauth)? = profile.auth {
            templates += [oauth.tokenURL, oauth.authorizeURL, oauth.deviceURL].compactMap { $0 }
        }
        guard templates.contains(where: \.usesDemoBaseURL) else { return nil }
        let task = demo ?? Task { try await startDemo() }
        demo = task
        return try await task.value
    }
}
