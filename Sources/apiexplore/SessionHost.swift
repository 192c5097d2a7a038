import APIClient
import APIDemoBackend
import APIHTTP
import APIHistory
import APIScript
import APISession
import ArgumentParser
import Foundation
import Synchronization

/// The running parts behind a command: the session, and the demo backend if one was started;
/// ``close()`` stops both.
final class SessionHost: Sendable {
    let session: ExplorerSession
    /// The profile the command named, read while the history store opened; `nil` when it named none.
    let profile: Result<Profile, ProfileError>?
    private let transport: HTTPTransport
    private let demo: DemoHost
    /// Whether an exchange history did not record fails the command (`--require-history`).
    private let requiresHistory: Bool

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
        var readOnly: HistoryError?
        do {
            history = try choice.map { choice throws(HistoryError) in
                try HistoryStore(location: choice.location, configuration: choice.configuration)
            }
            // Migrates a new file, and reaches a PostgreSQL server, now: a refused connection stops the
            // command before it sends anything, rather than at its first record.
            try await history?.prepare()
            if let history { readOnly = try await Self.check(history, required: choice?.isRequired == true) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw Self.refuse(error)
        }
        requiresHistory = choice?.isRequired == true
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
        // Said once already: each call's own error still says it.
        if let readOnly { session.historyTally.alreadyWarned(readOnly) }
    }

    /// Says before anything is sent that a history is read-only for this user (with
    /// `--require-history`, refuses to go on: exit 5), else imports what earlier runs could not record.
    ///
    /// - Returns: The refusal of a read-only history, already said.
    private static func check(_ history: HistoryStore, required: Bool) async throws -> HistoryError? {
        if let refusal = try await history.readOnlyRefusal() {
            guard !required else {
                Terminal.error("\(refusal) (--require-history: nothing was sent)")
                throw ExitCode(HistoryRequirement.exitStatus)
            }
            Terminal.error("warning: \(refusal)")
            return refusal
        }
        let recovered: RecoveryImport
        do {
            recovered = try await history.importRecovered()
        } catch {
            // Busy or away now: what was kept stays kept, for a later run.
            Terminal.error("warning: history recovery: \(error); what earlier runs kept stays for a later run")
            return nil
        }
        if recovered.imported > 0 {
            let noun = recovered.imported == 1 ? "exchange" : "exchanges"
            Terminal.error(
                "note: history: imported \(recovered.imported) \(noun) that earlier runs could not record "
                    + "(\(recovered.files.count) recovery file\(recovered.files.count == 1 ? "" : "s"))")
        }
        for problem in recovered.problems { Terminal.error("warning: history recovery: \(problem)") }
        return nil
    }

    /// Prunes and closes the history store, and stops the demo backend and the transport. With
    /// `--require-history`, an exchange history did not record makes the command fail (exit 5, see
    /// ``HistoryRequirement``).
    func close() async {
        if requiresHistory, let summary = session.historyTally.summary {
            Terminal.error("\(summary): failing, as --require-history asks")
            HistoryRequirement.fail()
        }
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

/// Whether a command with `--require-history` (or `require_history: true`) saw history miss an
/// exchange: the process then exits 5 unless the command already failed otherwise.
///
/// Process-wide on purpose: it is the process's exit status, decided in `APIExplore.main` after
/// whichever command ran (a script, a suite, a request, the terminal UI), each of which closes its
/// ``SessionHost`` on its own path.
enum HistoryRequirement {
    /// The exit status: 5.
    static let exitStatus: Int32 = 5

    private static let failed = Mutex(false)

    /// Marks the requirement failed.
    static func fail() { failed.withLock { $0 = true } }

    /// Whether it failed.
    static var hasFailed: Bool { failed.withLock { $0 } }
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
