import ArgumentParser
import Foundation

/// The `apiexplore` command: the entry point that wires the libraries together.
@main
struct APIExplore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apiexplore",
        abstract: "Explore JSON APIs whose answers hide inside an envelope.",
        usage: """
            apiexplore --profile NAME [--headless [--pretty]] [--profiles-dir DIR] [--history PATH] [--no-history]
              apiexplore <subcommand>
            """,
        discussion: """
            apiexplore --profile NAME opens the terminal UI on a profile (demo works offline); with \
            --headless it runs the commands on standard input instead (see 'apiexplore run --help').

            Exit codes: 0 success (all expectations held); 1 an expectation failed or a path selected \
            nothing; 2 usage, script, profile or input error; 3 transport failure (no response); \
            4 business failure where success was expected.
            """,
        version: "0.1.0",
        // Every command names itself (`commandName:`): otherwise argument-parser derives the name with
        // `String(describing:)`, whose dynamic casts scan every protocol conformance in this large binary on a
        // cold start (about 3 ms of a 10 ms `--version`, measured with perf on the release build).
        subcommands: [Request.self, Run.self, Profiles.self, History.self, ServeDemo.self, Probe.self]
    )

    /// Flags that belong to the command tree itself rather than to the terminal UI.
    private static let treeFlags = ["-h", "--help", "--version", "--generate-completion-script", "--experimental-"]

    /// Runs the command: `--profile …` (any leading option but help, version and completion) is the
    /// terminal UI, anything else a subcommand. Kept apart so the UI's options never shadow a
    /// subcommand's options of the same name. Argument-parser's usage errors (its exit 64) exit 2,
    /// as README documents.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let interactive =
            arguments.first.map { first in first.hasPrefix("-") && !treeFlags.contains { first.hasPrefix($0) } }
            ?? false
        // Commands that send requests get their HTTP client and history store made on other threads
        // while this one parses.
        let sendsRequests = [Request.configuration.commandName, Run.configuration.commandName]
        if interactive || sendsRequests.contains(arguments.first) {
            EarlyStart.begin(arguments: arguments, environment: ProcessInfo.processInfo.environment)
        }
        do {
            if interactive {
                var command = try Interactive.parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            } else {
                var command = try parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
            }
        } catch {
            let type: any ParsableCommand.Type = interactive ? Interactive.self : APIExplore.self
            guard type.exitCode(for: error).rawValue == 64 else { type.exit(withError: error) }
            Terminal.errorLine(type.fullMessage(for: error))
            Terminal.errorLine("Run 'apiexplore --help' or 'apiexplore COMMAND --help' for usage.")
            type.exit(withError: ExitCode(2))
        }
    }
}
