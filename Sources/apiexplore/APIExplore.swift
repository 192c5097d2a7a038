import ArgumentParser
import Foundation

/// The `apiexplore` command: the entry point that wires the libraries together.
@main
struct APIExplore: AsyncParsableCommand {
    /// The tool's name, as usage and help show it.
    static let name = "apiexplore"

    /// The version `--version` prints.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: name,
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
            4 business failure where success was expected; 5 history did not record an exchange \
            and --require-history asked it to.
            """,
        version: version,
        // Every command names itself (`commandName:`): otherwise argument-parser derives the name with
        // `String(describing:)`, whose dynamic casts scan every protocol conformance in this large binary on a
        // cold start (about 3 ms of a 10 ms `--version`, measured with perf on the release build).
        subcommands: [
            Request.self, Run.self, Load.self, Profiles.self, History.self, Store.self, ServeDemo.self, ServeMock.self,
            Probe.self,
            Diff.self,
        ]
    )

    /// The flags the root of the command tree answers: `--version`, and help, which lists the
    /// root's flags too.
    private static let rootFlags = ["--version", "-h", "--help", "--help-hidden", "-help-hidden"]

    /// Prefixes of the root's other flags: completion scripts and argument-parser's experimental dumps.
    private static let rootFlagPrefixes = ["--generate-completion-script", "--experimental-"]

    /// Whether `argument` is one of the root's own flags: as the first argument it selects the tree
    /// rather than the terminal UI.
    static func isRootFlag(_ argument: String) -> Bool {
        rootFlags.contains(argument) || rootFlagPrefixes.contains { argument.hasPrefix($0) }
    }

    /// The command that parses `arguments`: the terminal UI's options when the line starts with an
    /// option that is not one of the root's own, otherwise the whole tree.
    static func parser(for arguments: [String]) -> any ParsableCommand.Type {
        guard let first = arguments.first, first.hasPrefix("-"), !isRootFlag(first) else { return APIExplore.self }
        return Interactive.self
    }

    /// Runs the command: `--profile …` (any leading option but help, version and completion) is the
    /// terminal UI, anything else a subcommand. Kept apart so the UI's options never shadow a
    /// subcommand's options of the same name. Argument-parser's usage errors (its exit 64) exit 2,
    /// as README documents.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let type = parser(for: arguments)
        do {
            var command = try type.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            if HistoryRequirement.hasFailed { type.exit(withError: ExitCode(HistoryRequirement.exitStatus)) }
        } catch {
            if HistoryRequirement.hasFailed, type.exitCode(for: error) == .success {
                type.exit(withError: ExitCode(HistoryRequirement.exitStatus))
            }
            guard type.exitCode(for: error).rawValue == 64 else { type.exit(withError: error) }
            Terminal.errorLine(type.fullMessage(for: error))
            Terminal.errorLine("Run 'apiexplore --help' or 'apiexplore COMMAND --help' for usage.")
            type.exit(withError: ExitCode(2))
        }
    }
}
