import ArgumentParser

/// The `apiexplore` command: the entry point that wires the libraries together.
@main
struct APIExplore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apiexplore",
        abstract: "Explore JSON APIs whose answers hide inside an envelope.",
        discussion: """
            Exit codes: 0 success (all expectations held); 1 an expectation failed or a path selected \
            nothing; 2 usage, script, profile or input error; 3 transport failure (no response); \
            4 business failure where success was expected.
            """,
        version: "0.1.0",
        subcommands: [Request.self, Run.self, Profiles.self, History.self, ServeDemo.self, Probe.self]
    )

    /// Runs the command; argument-parser's usage errors (its exit 64) exit 2, as README documents.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error).rawValue == 64 else { exit(withError: error) }
            Terminal.errorLine(fullMessage(for: error))
            Terminal.errorLine("Run 'apiexplore --help' or 'apiexplore COMMAND --help' for usage.")
            exit(withError: ExitCode(2))
        }
    }
}
