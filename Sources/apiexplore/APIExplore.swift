import ArgumentParser

/// The `apiexplore` command: the entry point that wires the libraries together.
@main
struct APIExplore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apiexplore",
        abstract: "Explore JSON APIs whose answers hide inside an envelope.",
        discussion: """
            Exit codes: 0 success; 1 the path selected nothing; 2 usage, input or path error.
            """,
        version: "0.1.0",
        subcommands: [Probe.self]
    )

    @OptionGroup var interactive: InteractiveOptions

    mutating func run() async throws {
        try await interactive.run()
    }
}
