import Foundation
import Testing

/// Nothing from outside reaches the terminal raw: not a response, not a script's own text echoed
/// in an error, not a header; JSON output stays JSON, with the unsafe scalars escaped.
@Suite struct TerminalSafetyTests {
    /// Whether text holds a scalar the sanitizer escapes (line feeds are the transcript's own).
    static func hasUnsafeScalar(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    @Test(arguments: [
        "clipboard \u{1B}]52;c;aGk=\u{07}", "clear \u{1B}[2J\u{1B}[H", "bidi use\u{202E}dlrow", "c1 \u{9B}31m",
    ])
    func aScriptSyntaxErrorNeverEchoesItsControlCharacters(hostile: String) async throws {
        let output = try await CommandRunner.run(["run", "-"], stdin: "use demo\n\(hostile) {\n")
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("<stdin>:2:"), "\(output.stderr)")
        #expect(!Self.hasUnsafeScalar(output.stderr), "\(output.stderr.debugDescription)")
        #expect(!Self.hasUnsafeScalar(output.stdout), "\(output.stdout.debugDescription)")
    }

    @Test(arguments: ["json", "pretty", "model"])
    func hostileResponseStringsAreEscapedInEveryRequestOutput(format: String) async throws {
        let output = try await CommandRunner.run(["request", "demo", "escapes", "--output", format])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!Self.hasUnsafeScalar(output.stdout), "\(output.stdout.debugDescription)")
        if format != "pretty" {
            #expect(output.stdout.lowercased().contains("\\u202e"), "\(output.stdout)")
            // Still JSON: jq reads it and gets the original characters back.
            let jq = try await Subprocess.run("jq", ["-r", "[.. | strings] | join(\" \")"], stdin: output.stdout)
            #expect(jq.status == 0, "\(jq.stderr)")
            #expect(jq.stdout.unicodeScalars.contains("\u{202E}"))
        }
    }

    @Test func rawBodiesPassUnchangedToAPipe() async throws {
        let output = try await CommandRunner.run(["request", "demo", "escapes", "--output", "raw"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.unicodeScalars.contains("\u{202E}"))
        #expect(output.stdout.unicodeScalars.contains("\u{9B}"))
    }

    @Test func historyRowsAreSanitizedButKeepTheirColoursOnATerminal() async throws {
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let history = scratch.appendingPathComponent("history.sqlite").path
        _ = try await CommandRunner.run(
            ["run", "-"], stdin: "use demo\ncall escapes\n", environment: ["APIEXPLORE_HISTORY": history])
        // Colours come from the terminal's terminfo entry: name one that has them.
        let command =
            "TERM=xterm-256color APIEXPLORE_HISTORY='\(history)' '\(CommandRunner.executable.path)' history list"
        let output = try await Subprocess.run(
            "script", ["-qec", command, "/dev/null"], removing: ["NO_COLOR", "APIEXPLORE_THEME"])
        #expect(output.status == 0, "\(output.stdout)")
        // Our own colour codes are written as codes, never as escaped text.
        #expect(output.stdout.contains("\u{1B}[2m#1"), "\(output.stdout.debugDescription)")
        #expect(!output.stdout.contains("\\u001b[2m"), "\(output.stdout.debugDescription)")
    }
}
