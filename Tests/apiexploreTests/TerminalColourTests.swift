import Foundation
import Testing

/// Colours in plain output come from the terminal's terminfo entry and the chosen theme, never from
/// hard-coded escapes: a terminal without colours, `NO_COLOR` or an unknown `TERM` gets plain text.
@Suite("Terminal colours", .serialized)
struct TerminalColourTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let environment: [String: String]
        var config: String? = nil
        /// Sequences the output must hold, and must not.
        var present: [String] = []
        var absent: [String] = []
        var stderr: String? = nil
        var testDescription: String { name }
    }

    static let escape = "\u{1B}"

    static let cases: [Case] = [
        Case(
            name: "a colour terminal", environment: ["TERM": "xterm-256color"],
            present: ["\u{1B}[2m#1", "\u{1B}[32m"]),
        Case(name: "TERM=dumb", environment: ["TERM": "dumb"], absent: [escape]),
        Case(name: "an unknown TERM", environment: ["TERM": "no-such-terminal-type"], absent: [escape]),
        Case(name: "vt100 has no colours", environment: ["TERM": "vt100"], absent: ["\u{1B}[3"]),
        Case(name: "NO_COLOR", environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], absent: [escape]),
        Case(
            name: "a chosen theme wins over NO_COLOR",
            environment: ["TERM": "xterm-256color", "NO_COLOR": "1", "APIEXPLORE_THEME": "dark"],
            present: ["\u{1B}[32m"]),
        Case(
            name: "mono keeps attributes, no colours",
            environment: ["TERM": "xterm-256color", "APIEXPLORE_THEME": "mono"], present: ["\u{1B}[2m#1"],
            absent: ["\u{1B}[3"]),
        Case(
            name: "the configuration file's theme", environment: ["TERM": "xterm-256color"], config: "theme: mono\n",
            present: ["\u{1B}[2m#1"], absent: ["\u{1B}[3"]),
        Case(
            name: "an unknown theme is a warning, not a failure", environment: ["TERM": "xterm-256color"],
            config: "theme: sepia\n", absent: [escape], stderr: "unknown theme 'sepia' in "),
    ]

    @Test(arguments: cases)
    func historyList(_ testCase: Case) async throws {
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let history = scratch.appendingPathComponent("history.sqlite").path
        _ = try await CommandRunner.run(
            ["run", "-"], stdin: "use demo\ncall user\n", environment: ["APIEXPLORE_HISTORY": history])
        var environment = testCase.environment
        environment["APIEXPLORE_HISTORY"] = history
        if let config = testCase.config {
            let folder = scratch.appendingPathComponent("config/apiexplore")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try config.write(to: folder.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
            environment["XDG_CONFIG_HOME"] = scratch.appendingPathComponent("config").path
        }
        // `script` gives the command a terminal; the variables go on its command line, as a user's would.
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(
            separator: " ")
        let command = "env \(assignments) '\(CommandRunner.executable.path)' history list 2>&1"
        let output = try await Subprocess.run(
            "script", ["-qec", command, "/dev/null"], removing: ["NO_COLOR", "APIEXPLORE_THEME", "TERM"])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("demo/user"), "\(output.stdout.debugDescription)")
        for sequence in testCase.present {
            #expect(
                output.stdout.contains(sequence), "\(sequence.debugDescription) in \(output.stdout.debugDescription)")
        }
        for sequence in testCase.absent {
            // The terminal itself may answer with escapes before the output; look at the rows only.
            let rows = output.stdout.split(separator: "\n").filter { $0.contains("demo/user") }
            #expect(
                !rows.contains { $0.contains(sequence) }, "\(sequence.debugDescription) in \(rows.debugDescription)")
        }
        if let stderr = testCase.stderr {
            #expect(output.stdout.contains(stderr), "\(output.stdout.debugDescription)")
        }
    }
}
