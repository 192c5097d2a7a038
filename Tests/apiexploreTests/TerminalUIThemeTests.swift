import Foundation
import Testing

/// The terminal UI's theme, seen in a real terminal (tmux): colours per theme, none in mono.
@Suite("Terminal UI themes", .serialized)
struct TerminalUIThemeTests {
    /// The SGR parameter lists of every escape sequence on the screen (`"34"`, `"1;36"`).
    static func sgrParameters(_ screen: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1B}[") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "m") else { break }
            found.insert(String(after[..<end]))
            rest = after[after.index(after: end)...]
        }
        return found
    }

    /// Whether any SGR sets a foreground or background colour (30–38, 40–48, 90–97, 100–107); 39 and
    /// 49 only restore the terminal's own.
    static func setsAColour(_ parameters: Set<String>) -> Bool {
        parameters.contains { list in
            list.split(separator: ";").contains { part in
                guard let value = Int(part) else { return false }
                return (30...48).contains(value) && value != 39 || (90...97).contains(value)
                    || (100...107).contains(value)
            }
        }
    }

    @Test(arguments: [("mono", false), ("light", true), ("dark", true)])
    func theThemeDecidesTheColours(theme: String, coloured: Bool) async throws {
        let session = try TmuxSession(command: TerminalUIEndToEndTests.command("--profile demo --theme \(theme)"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · demo · http://127.0.0.1:") }
        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type("user")
        try session.press("Enter")
        try session.press("Enter")
        try await session.waitFor("the answer") { $0.contains("HTTP 200 OK") }
        let parameters = Self.sgrParameters(try session.captureWithAttributes())
        #expect(Self.setsAColour(parameters) == coloured, "\(theme): \(parameters.sorted())")
        // Every theme still marks the cursor row and the header (reverse video).
        #expect(parameters.contains { $0.split(separator: ";").contains("7") }, "\(theme): \(parameters.sorted())")
        if theme == "light" {
            // No yellow (33) or cyan (36) text on a light background.
            #expect(!parameters.contains { $0.split(separator: ";").contains { $0 == "33" || $0 == "36" } })
        }
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }

    @Test func anUnknownThemeIsRefusedBeforeTheScreenOpens() async throws {
        let output = try await CommandRunner.run(["--profile", "demo", "--theme", "sepia"])
        #expect(output.status == 2)
        // Without a terminal the UI cannot start either; the theme is checked first.
        #expect(output.stderr.contains("unknown theme 'sepia' in --theme"), "\(output.stderr)")
    }
}
