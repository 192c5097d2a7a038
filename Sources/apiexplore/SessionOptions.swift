import APIClient
import APIDemoBackend
import APIHistory
import APIScript
import ArgumentParser
import Foundation

/// Options every command that talks to a backend shares.
struct SessionOptions: ParsableArguments {
    @Option(
        name: .customLong("profiles-dir"),
        help: "Look for profiles here first (then ./profiles, $XDG_CONFIG_HOME/apiexplore/profiles, built-in).")
    var profilesDirectory: String?

    @Option(
        name: .customLong("history"),
        help: "The history database (default $APIEXPLORE_HISTORY, else $XDG_DATA_HOME/apiexplore/history.sqlite).")
    var historyPath: String?

    @Flag(name: .customLong("no-history"), help: "Do not record exchanges.")
    var noHistory = false

    @Option(
        name: .customLong("history-keep"),
        help: "Keep at most this many exchanges, pruning the oldest when the command ends (default: keep all).")
    var historyKeep: Int?

    @Option(
        name: .customLong("history-max-size"),
        help: ArgumentHelp(
            "Keep at most this many stored bytes of exchanges, pruning the oldest when the command ends.",
            valueName: "size"),
        transform: { text in
            guard let bytes = ByteCount.parse(text) else {
                throw ValidationError("'\(text)' is not a size; use bytes, or KB, MB, GB, KiB, MiB, GiB")
            }
            return bytes
        })
    var historyMaxBytes: Int?

    func validate() throws {
        try FlagRanges.validate(historyKeep, in: InputRanges.historyKeep, flag: "--history-keep")
        try FlagRanges.validate(
            historyMaxBytes, in: InputRanges.historyMaxSize, flag: "--history-max-size", as: ByteCount.text)
    }

    /// The history these options name: where and how, or `nil` with `--no-history`.
    ///
    /// - Throws: When no location resolves (no `HOME` and no explicit path).
    func history(environment: [String: String]) throws(HistoryError) -> HistoryChoice? {
        guard !noHistory else { return nil }
        var configuration = HistoryConfiguration()
        configuration.retention = RetentionPolicy(maximumRows: historyKeep, maximumBytes: historyMaxBytes)
        return HistoryChoice(
            location: try HistoryLocation.resolve(explicitPath: historyPath, environment: environment),
            configuration: configuration)
    }

    /// The profile library for these options.
    func library(environment: [String: String]) -> ProfileLibrary {
        ProfileLibrary(
            searchPath: ProfileSearchPath(
                explicitDirectory: profilesDirectory, workingDirectory: FileManager.default.currentDirectoryPath,
                environment: environment))
    }
}

/// The running parts behind a command: the session, and the demo backend if one was started;
/// ``close()`` stops both.
final class SessionHost: Sendable {
    let session: ExplorerSession
    /// The profile the command named, read while the history store opened; `nil` when it named none.
    let profile: Result<Profile, ProfileError>?
    private let transport: HTTPTransport
    private let demo: DemoHost

    /// Builds the session: the history store the options choose (opened early by ``EarlyStart`` when
    /// it is the default one, else on its own thread now) while the command's profile is read and the
    /// HTTP client (``EarlyStart``) is taken.
    ///
    /// - Parameters:
    ///   - options: The shared options.
    ///   - profileName: The profile the command names, if any; read into ``profile``.
    /// - Throws: `ExitCode(2)` after printing why the history store does not open.
    init(options: SessionOptions, loading profileName: String? = nil) async throws {
        let environment = ProcessInfo.processInfo.environment
        let choice: HistoryChoice?
        do {
            choice = try options.history(environment: environment)
        } catch {
            throw Self.refuse(error)
        }
        let opening = choice.map { choice in EarlyStart.takeHistory(for: choice) }
        let library = options.library(environment: environment)
        profile = profileName.map { name in Result { () throws(ProfileError) in try library.load(named: name) } }
        let transport = await EarlyStart.takeTransport()
        let history: HistoryStore?
        do {
            history = try await opening?.store
        } catch {
            await Self.shutDown(transport)
            throw Self.refuse(error)
        }
        self.transport = transport
        let demo = DemoHost()
        self.demo = demo
        session = ExplorerSession(
            library: library, environment: environment, transport: transport, history: history,
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

    /// Says why the history store does not open; the exit status to throw.
    private static func refuse(_ error: HistoryError) -> ExitCode {
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
