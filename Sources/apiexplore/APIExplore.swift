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
            4 business failure where success was expected.
            """,
        version: version,
        // Every command names itself (`commandName:`): otherwise argument-parser derives the name with
        // `String(describing:)`, whose dynamic casts scan every protocol conformance in this large binary on a
        // cold start (about 3 ms of a 10 ms `--version`, measured with perf on the release build).
        subcommands: [Request.self, Run.self, Profiles.self, History.self, ServeDemo.self, Probe.self]
    )

    /// The subcommands parsed as commands of their own when the command line starts with their name:
    /// the ones scripts and benchmarks start over and over.
    ///
    /// Parsed from this root, every command line is first parsed twice more for
    /// `--generate-completion-script`, and on a cold start that probe costs as much as the rest of
    /// the parsing: argument-parser reflects over its own command types, and each first-time
    /// generic type and protocol lookup scans the binary's 10,000 conformance records (a cold
    /// `request` took 23.9 -> 20.6, 30.0 -> 26.7 and 35.6 -> 27.0 ms in a build that skipped it,
    /// measured in turns with `perf stat`). Argument-parser skips the probe for a command that
    /// names a super-command (`_superCommandName`, which it also puts before the command's name in
    /// usage and help, so they read as from the root). What the root answers still goes to the
    /// root: a completion script, `--version`, help (hidden help and argument-parser's
    /// experimental dumps too), and the command's name alone (a usage error there, where a root
    /// would print its help). The hook is underscored, so `Package.swift` pins argument-parser's
    /// minor version, and `CommandRoutingTests` compares each route with what the tree prints.
    static let directCommands: [any ParsableCommand.Type] = [Request.self, Run.self]

    /// The flags the root of the command tree answers: `--version`, and help, which lists the
    /// root's flags too.
    private static let rootFlags = ["--version", "-h", "--help", "--help-hidden", "-help-hidden"]

    /// Prefixes of the root's other flags: completion scripts and argument-parser's experimental dumps.
    private static let rootFlagPrefixes = ["--generate-completion-script", "--experimental-"]

    /// Whether `argument` is one of the root's own flags: as the first argument it selects the tree
    /// rather than the terminal UI, and anywhere it sends a direct command's line to the root.
    static func isRootFlag(_ argument: String) -> Bool {
        rootFlags.contains(argument) || rootFlagPrefixes.contains { argument.hasPrefix($0) }
    }

    /// The command that parses `arguments`, and the arguments it reads: the terminal UI's options,
    /// one of `directCommands`, or the whole tree.
    static func parser(for arguments: [String]) -> (command: any ParsableCommand.Type, arguments: [String]) {
        guard let first = arguments.first else { return (APIExplore.self, arguments) }
        if first.hasPrefix("-") {
            return (isRootFlag(first) ? APIExplore.self : Interactive.self, arguments)
        }
        let rootOnly = arguments.count == 1 || arguments.contains(where: isRootFlag)
        if !rootOnly, let direct = directCommands.first(where: { $0.configuration.commandName == first }) {
            return (direct, Array(arguments.dropFirst()))
        }
        return (APIExplore.self, arguments)
    }

    /// What a usage error prints: argument-parser's message for `type`, whose last line points to
    /// the command's help by the command's own name even for a direct command, corrected to name the
    /// tool as the usage line above it does. Only that line changes: an error message quoting the
    /// same words stays as it is.
    static func usageMessage(for error: any Error, parsedBy type: any ParsableCommand.Type) -> String {
        let message = type.fullMessage(for: error)
        guard let superName = type.configuration._superCommandName, let name = type.configuration.commandName
        else { return message }
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let pointer = "  See '\(name) "
        guard let last = lines.lastIndex(where: { $0.hasPrefix(pointer) }) else { return message }
        lines[last] = "  See '\(superName) \(name) " + lines[last].dropFirst(pointer.count)
        return lines.joined(separator: "\n")
    }

    /// Runs the command: `--profile …` (any leading option but help, version and completion) is the
    /// terminal UI, anything else a subcommand. Kept apart so the UI's options never shadow a
    /// subcommand's options of the same name. Argument-parser's usage errors (its exit 64) exit 2,
    /// as README documents.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let parser = parser(for: arguments)
        // The commands that send requests (the UI, `request`, `run`) get their HTTP client and history
        // store made on other threads while this one parses.
        if parser.command != APIExplore.self {
            EarlyStart.begin(arguments: arguments, environment: { ProcessInfo.processInfo.environment })
        }
        do {
            var command = try parser.command.parseAsRoot(parser.arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let type = parser.command
            guard type.exitCode(for: error).rawValue == 64 else { type.exit(withError: error) }
            Terminal.errorLine(usageMessage(for: error, parsedBy: type))
            Terminal.errorLine("Run 'apiexplore --help' or 'apiexplore COMMAND --help' for usage.")
            type.exit(withError: ExitCode(2))
        }
    }
}
