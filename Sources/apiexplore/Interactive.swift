import APIClient
import APIDemoBackend
import APITerminalUI
import ArgumentParser
import Foundation

/// `apiexplore --profile NAME [--profiles-dir DIR]`: the interactive terminal UI.
struct InteractiveOptions: ParsableArguments {
    @Option(help: "Open the terminal UI on this profile (demo works offline).")
    var profile: String?

    @Option(name: .customLong("profiles-dir"), help: "Look for profiles in this directory first.")
    var profilesDirectory: String?

    /// Opens the UI; exits 2 without a terminal or when the profile cannot be loaded.
    func run() async throws {
        guard let name = profile else { throw CleanExit.helpRequest(APIExplore.self) }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            Terminal.error(
                "no terminal: standard input and output must be a terminal; run headless with `apiexplore run`")
            throw ExitCode(2)
        }
        let environment = ProcessInfo.processInfo.environment
        let library = ProfileLibrary(
            searchPath: ProfileSearchPath(
                explicitDirectory: profilesDirectory, workingDirectory: FileManager.default.currentDirectoryPath,
                environment: environment))
        let loaded: Profile
        do {
            loaded = try library.load(named: name)
        } catch {
            Terminal.error(error.description)
            throw ExitCode(2)
        }
        let backend = loaded.baseURL.usesDemoBaseURL ? try await DemoBackend.start() : nil
        let transport = HTTPTransport(configuration: TransportConfiguration())
        let client = ProfileClient(transport: transport, environment: environment, demoBaseURL: backend?.baseURL)
        let services = ClientTerminalServices(profile: loaded, client: client)
        let shownBaseURL = backend.map {
            loaded.baseURL.text.replacingOccurrences(of: "${demo:base_url}", with: $0.baseURL)
        }
        let outcome: Result<Void, any Error>
        do {
            try await TerminalUI.run(profile: loaded, services: services, baseURL: shownBaseURL)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try await transport.shutdown()
        await backend?.stop()
        if case .failure(let error) = outcome {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
    }
}
