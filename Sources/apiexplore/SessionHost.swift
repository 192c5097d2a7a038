import APIClient
import APIDemoBackend
import APIHistory
import APIScript
import APISession
import ArgumentParser
import Foundation

/// The running parts behind a command: the session, and the demo backend if one was started;
/// ``close()`` stops both.
final class SessionHost: Sendable {
    let session: ExplorerSession
    /// The profile the command named, read while the history store opened; `nil` when it named none.
    let profile: Result<Profile, ProfileError>?
    private let transport: HTTPTransport
    private let demo: DemoHost

    /// Builds the session: opens the history store the options choose, reads the command's profile
    /// and makes the HTTP client.
    ///
    /// - Parameters:
    ///   - options: The shared options.
    ///   - profileName: The profile the command names, if any; read into ``profile``.
    ///   - notify: Hears sign-in prompts and persistence problems; standard error by default.
    /// - Throws: `ExitCode(2)` after printing why the history store does not open.
    init(
        options: SessionOptions, loading profileName: String? = nil,
        notify: @escaping @Sendable (String) -> Void = { Terminal.error($0) }
    ) async throws {
        let environment: [String: String]
        do {
            environment = try options.environment()
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        let environmentName = options.environmentChoice(environment)
        let logDestinations: LogDestinations
        do {
            logDestinations = try options.logDestinations(environment: environment)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        let choice: HistoryChoice?
        do {
            choice = try options.history(environment: environment)
        } catch {
            throw Self.refuse(error)
        }
        if let warning = choice?.location.securityWarning { Terminal.error("warning: " + warning) }
        let history: HistoryStore?
        do {
            history = try choice.map { choice throws(HistoryError) in
                try HistoryStore(location: choice.location, configuration: choice.configuration)
            }
            // Migrates a new file, and reaches a PostgreSQL server, now: a refused connection stops the
            // command before it sends anything, rather than at its first record.
            try await history?.prepare()
        } catch {
            throw Self.refuse(error)
        }
        let library = options.library(environment: environment)
        profile = profileName.map { name in
            Result { () throws(ProfileError) in
                try library.load(named: name).applyingEnvironmentChoice(environmentName)
            }
        }
        var configuration = TransportConfiguration()
        configuration.redirects = configuration.redirects.applying(options.redirectOverride)
        let transport = HTTPTransport(configuration: configuration)
        self.transport = transport
        let demo = DemoHost()
        self.demo = demo
        session = ExplorerSession(
            library: library, environment: environment, transport: transport, history: history,
            stateDirectory: Self.stateDirectory(environment), notify: notify, environmentName: environmentName,
            allowsCommands: options.allowCommands, allowsSecretFiles: options.allowSecretFiles,
            requestLimits: options.requestLimits, redirectOverride: options.redirectOverride,
            logDestinations: logDestinations, secretGate: Terminal.secretGate,
            startDemo: { try await demo.start() })
    }

    /// Prunes and closes the history store, and stops the demo backend and the transport.
    func close() async {
        // Pruning runs once the work is done, never on a request's path.
        if let history = session.history {
            do {
                try await history.applyRetention()
            } catch {
                Terminal.error("pruning history: \(error)")
            }
            do {
                try await history.close()
            } catch {
                Terminal.error("closing history: \(error)")
            }
        }
        await demo.stop()
        await Self.shutDown(transport)
    }

    /// Where tokens, cookies and cached responses persist: `$APIEXPLORE_STATE`, else
    /// `$XDG_STATE_HOME/apiexplore`, else `~/.local/state/apiexplore`; `nil` (memory only) without `HOME`.
    static func stateDirectory(_ environment: [String: String]) -> URL? {
        if let state = environment["APIEXPLORE_STATE"], state.hasPrefix("/") { return URL(fileURLWithPath: state) }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appending(path: "apiexplore")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appending(path: ".local/state/apiexplore")
    }

    /// Says why the history store does not open; the exit status to throw.
    private static func refuse(_ error: any Error) -> ExitCode {
        Terminal.error("\(error) (use --history PATH or --no-history)")
        return ExitCode(2)
    }

    private static func shutDown(_ transport: HTTPTransport) async {
        do {
            try await transport.shutdown()
        } catch {
            Terminal.error("shutting down the HTTP client: \(error)")
        }
    }
}

/// Starts the embedded demo backend on a free loopback port when a profile first needs it.
actor DemoHost {
    private var running: RunningDemoBackend?

    func start() async throws -> String {
        if let running { return running.baseURL }
        let backend = try await DemoBackend.start()
        running = backend
        return backend.baseURL
    }

    func stop() async {
        await running?.stop()
        running = nil
    }
}
