import Testing

/// `request` and `run` are parsed as commands of their own (`APIExplore.directCommands`), not from
/// the root of the command tree: what a user sees must be what the tree would show. Each case
/// fails when its command line is parsed by the wrong command: a usage error naming the command
/// without the tool, a root's help where a usage error belongs, the root's flags missing.
@Suite struct CommandRoutingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var status: Int32
        var stdout: [String] = []
        var stderr: [String] = []
        var stderrNot: [String] = []
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(
            arguments: ["request", "demo", "user", "--bogus"], status: 2,
            stderr: [
                "Error: Unknown option '--bogus'", "Usage: apiexplore request <profile> <endpoint>",
                "See 'apiexplore request --help' for more information.",
            ],
            stderrNot: ["See 'request --help'"]),
        Case(
            arguments: ["run", "script.apx", "--bogus"], status: 2,
            stderr: ["Usage: apiexplore run <script>", "See 'apiexplore run --help' for more information."],
            stderrNot: ["See 'run --help'"]),
        Case(
            arguments: ["run", "script.apx", "--screen", "10"], status: 2,
            stderr: ["--screen must be COLUMNSxROWS", "See 'apiexplore run --help' for more information."]),
        // The command's name alone is a short usage error, where a command parsed as a root prints
        // its whole help after the error.
        Case(
            arguments: ["request"], status: 2,
            stderr: ["Missing expected argument '<profile>'", "Usage: apiexplore request"], stderrNot: ["OVERVIEW:"]),
        Case(
            arguments: ["run"], status: 2,
            stderr: ["Missing expected argument '<script>'", "Usage: apiexplore run"], stderrNot: ["OVERVIEW:"]),
        // What the root answers anywhere on the line.
        Case(arguments: ["request", "demo", "user", "--version"], status: 0, stdout: ["0.1.0"]),
        Case(arguments: ["run", "-", "--version"], status: 0, stdout: ["0.1.0"]),
        Case(
            arguments: ["request", "--help"], status: 0,
            stdout: ["USAGE: apiexplore request <profile> <endpoint>", "--version", "Show the version."]),
        Case(
            arguments: ["request", "--help-hidden"], status: 0,
            stdout: ["USAGE: apiexplore request <profile> <endpoint>", "--version"]),
        // Parsed directly: a missing second argument.
        Case(
            arguments: ["request", "demo"], status: 2,
            stderr: [
                "Missing expected argument '<endpoint>'", "Usage: apiexplore request",
                "See 'apiexplore request --help' for more information.",
            ],
            stderrNot: ["OVERVIEW:"]),
        Case(
            arguments: ["request", "demo", "user", "--generate-completion-script", "bash"], status: 0,
            stdout: ["serve-demo", "history"]),
    ]

    @Test(arguments: cases)
    func aDirectCommandAnswersAsTheTreeDoes(_ testCase: Case) throws {
        let output = try CommandRunner.run(testCase.arguments)
        #expect(output.status == testCase.status, "\(output.stdout)\(output.stderr)")
        for text in testCase.stdout { #expect(output.stdout.contains(text), "\(output.stdout)") }
        for text in testCase.stderr { #expect(output.stderr.contains(text), "\(output.stderr)") }
        for text in testCase.stderrNot { #expect(!output.stderr.contains(text), "\(output.stderr)") }
    }
}
