import APIClient
import APIDemoBackend
import APIScript
import ArgumentParser
import Foundation

/// Options every command that talks to a backend shares.
struct SessionOptions: ParsableArguments {
    @Option(
        name: .customLong("profiles-dir"),
        help: "Look for profiles here first (then ./profiles, $XDG_CONFIG_HOME/apiexplore/profiles, built-in).")
    var profilesDirectory: String?

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
    private let transport: HTTPTransport
    private let demo: DemoHost

    init(options: SessionOptions) {
        let environment = ProcessInfo.processInfo.environment
        transport = HTTPTransport()
        let demo = DemoHost()
        self.demo = demo
        session = ExplorerSession(
            library: options.library(environment: environment), environment: environment, transport: transport,
            startDemo: { try await demo.start() })
    }

    /// Stops the demo backend and the transport.
    func close() async {
        await demo.stop()
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
