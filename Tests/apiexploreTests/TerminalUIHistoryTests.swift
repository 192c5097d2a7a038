import Foundation
import Testing

/// The History pane and the key map in a real terminal (tmux) against the demo backend.
@Suite("Terminal UI history rows and help", .serialized)
struct TerminalUIHistoryTests {
    @Test func historyRowsShowTheirParametersAndFilter() async throws {
        let session = try TmuxSession(command: TerminalUIEndToEndTests.command("--profile demo"), columns: 160)
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · demo · http://127.0.0.1:") }
        for id in ["1002", "1003"] {
            try session.type("e")
            try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
            try session.type("user")
            try session.press("Enter")
            try await session.waitFor("the parameter form") { $0.contains("id") }
            try session.press("C-u")
            try session.type(id)
            try session.press("Enter")
            try await session.waitFor("row \(id)") { $0.contains("user id=\(id)") }
        }
        // Both rows say which user they were, newest first (the header, line 0, names the endpoint too).
        let screen = try await session.waitFor("two rows") { $0.contains("History (2)") }
        let rows = screen.split(separator: "\n").dropFirst().filter { $0.contains("user id=100") }
        #expect(rows.count == 2 && rows[0].contains("user id=1003") && rows[1].contains("user id=1002"), "\(screen)")

        // Filter the History pane by text: one row stays.
        try session.press("Tab")
        try session.type("f1002")
        try session.press("Enter")
        let filtered = try await session.waitFor("the filter") { $0.contains("History (1/2 “1002”)") }
        #expect(!filtered.split(separator: "\n").dropFirst().contains { $0.contains("user id=1003") }, "\(filtered)")
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }

    @Test func theKeyMapKeepsItsWholeFrameAt80x24() async throws {
        let session = try TmuxSession(command: TerminalUIEndToEndTests.command("--profile demo"), columns: 80, rows: 24)
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · demo · http://127.0.0.1:") }
        try session.type("?")
        let help = try await session.waitFor("the key map") { $0.contains("apiexplore keys") }
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        // The last row is the frame's bottom, corner included: writing it must not scroll the screen.
        #expect(lines[23].hasPrefix("╚") && lines[23].hasSuffix("╝"), "\(help)")
        #expect(lines[0].hasPrefix("╔") && lines[0].hasSuffix("╗"), "\(help)")
        // More keys than rows: j scrolls to the last one.
        #expect(help.contains("more: j scrolls"), "\(help)")
        for _ in 0..<20 { try session.type("j") }
        try await session.waitFor("the last key") { $0.contains("q  ^C") }
        try session.type("x")
        try await session.waitFor("the panes again") { $0.contains("Status") && !$0.contains("apiexplore keys") }
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }
}
