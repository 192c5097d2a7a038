import APIClient
import APIScript
import APISession
import APITerminalUI
import ArgumentParser
import Foundation

/// `apiexplore --profile NAME`: the terminal UI, or with `--headless` a script read from standard input.
struct Interactive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apiexplore",
        abstract: "Open the terminal UI on a profile, or run standard input headless.")

    @Option(help: "Open the terminal UI on this profile (demo works offline).")
    var profile: String

    @Flag(help: "Read commands from standard input and run them headless (as `apiexplore run -`).")
    var headless = false

    @Flag(help: "With --headless: print a readable transcript instead of JSON lines.")
    var pretty = false

    @Option(
        help: ArgumentHelp(
            "The UI's colours: dark, light or mono (else APIEXPLORE_THEME, the config file's theme:, "
                + "mono with NO_COLOR, dark).", valueName: "theme"))
    var theme: String?

    @OptionGroup var sessionOptions: SessionOptions

    /// Opens the UI, or runs standard input headless; exits 2 without a terminal or a usable profile.
    func run() async throws {
        let name = profile
        if headless {
            let input = try InputFile("-")
            let status = try await Run.runScript(
                input.bytes, name: input.displayName, profile: name, pretty: pretty,
                keepGoing: false, sessionOptions: sessionOptions)
            if status != .passed { throw ExitCode(status.rawValue) }
            return
        }
        let chosenTheme: Theme
        do {
            chosenTheme = try Theme.resolve(flag: theme, environment: ProcessInfo.processInfo.environment)
        } catch {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            Terminal.error(
                "no terminal: the UI needs standard input and output to be a terminal; run headless with "
                    + "`apiexplore run SCRIPT` or `apiexplore --profile \(name) --headless < SCRIPT`")
            throw ExitCode(2)
        }
        let (notices, noticeContinuation) = AsyncStream<String>.makeStream()
        let host = try await SessionHost(options: sessionOptions, loading: name) { noticeContinuation.yield($0) }
        let outcome: Result<Void, any Error>
        do {
            let loaded = try host.profile!.get()  // Read by the host, which was given the name.
            // Start the demo backend before the first frame, so the header shows its real URL.
            let baseURL = try await host.session.displayedBaseURL(of: loaded)
            let services = SessionTerminalServices(session: host.session, profile: loaded)
            // Command consent and prompted secrets are asked inside the UI.
            let prompter = TerminalPrompter()
            await host.session.setPrompter(prompter)
            try await TerminalUI.run(
                profile: loaded, services: services, baseURL: baseURL, notices: notices, prompter: prompter,
                theme: chosenTheme)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        await host.close()
        if case .failure(let error) = outcome {
            Terminal.error("\(error)")
            throw ExitCode(2)
        }
    }
}
