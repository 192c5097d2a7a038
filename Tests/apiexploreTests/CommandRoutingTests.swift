import Testing

/// Usage errors, help, `--version` and completion scripts, as the command tree answers them: the
/// tool's name in every usage line and pointer, a short usage error where an argument is missing,
/// and the root's flags anywhere on the line.
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
                "Error: Unknown option '--bogus'", "Usage: apiexplore request [<options>] <profile> <endpoint>",
                "See 'apiexplore request --help' for more information.",
            ],
            stderrNot: ["See 'request --help'"]),
        Case(
            arguments: ["run", "script.apx", "--bogus"], status: 2,
            stderr: [
                "Usage: apiexplore run [<options>] <script> ...", "See 'apiexplore run --help' for more information.",
            ],
            stderrNot: ["See 'run --help'"]),
        Case(
            arguments: ["run", "script.apx", "--screen", "10"], status: 2,
            stderr: ["--screen must be COLUMNSxROWS", "See 'apiexplore run --help' for more information."]),
        // The command's name alone is a short usage error, not the command's whole help.
        Case(
            arguments: ["request"], status: 2,
            stderr: ["Missing expected argument '<profile>'", "Usage: apiexplore request"], stderrNot: ["OVERVIEW:"]),
        Case(
            arguments: ["run"], status: 2,
            stderr: ["Missing expected argument '<script> ...'", "Usage: apiexplore run"], stderrNot: ["OVERVIEW:"]),
        // What the root answers anywhere on the line.
        Case(arguments: ["request", "demo", "user", "--version"], status: 0, stdout: ["0.1.0"]),
        Case(arguments: ["run", "-", "--version"], status: 0, stdout: ["0.1.0"]),
        Case(
            arguments: ["request", "--help"], status: 0,
            stdout: ["USAGE: apiexplore request [<options>] <profile> <endpoint>", "--version", "Show the version."]),
        Case(
            arguments: ["request", "--help-hidden"], status: 0,
            stdout: ["USAGE: apiexplore request [<options>] <profile> <endpoint>", "--version"]),
        // A missing second argument.
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
    func theTreeAnswers(_ testCase: Case) async throws {
        let output = try await CommandRunner.run(testCase.arguments)
        #expect(output.status == testCase.status, "\(output.stdout)\(output.stderr)")
        for text in testCase.stdout { #expect(output.stdout.contains(text), "\(output.stdout)") }
        for text in testCase.stderr { #expect(output.stderr.contains(text), "\(output.stderr)") }
        for text in testCase.stderrNot { #expect(!output.stderr.contains(text), "\(output.stderr)") }
    }
}
