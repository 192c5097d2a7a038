import Foundation
import Testing

/// The layout in a real terminal (tmux): SGR mouse reports sent as the terminal sends them focus
/// panes, switch the model pane's tabs and select History rows; `z` zooms; the footer keeps `v i a c ?`.
@Suite("Terminal UI layout and mouse", .serialized)
struct TerminalUILayoutTests {
    /// A left click at a cell (0-based), as xterm reports it in SGR form.
    static func click(_ session: TmuxSession, row: Int, column: Int) throws {
        try session.type("\u{1B}[<0;\(column + 1);\(row + 1)M")
        try session.type("\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    @Test func mouseClicksFocusPanesSwitchTabsAndSelectRows() async throws {
        let session = try TmuxSession(command: TerminalUIEndToEndTests.command("--profile demo"))
        defer { session.kill() }
        try await session.waitFor("the empty UI") { $0.contains("apiexplore · demo") }
        for (count, id) in ["1001", "1002"].enumerated() {
            try session.type(":call user id=\(id)")
            try session.press("Enter")
            try await session.waitFor("answer \(count + 1)") {
                $0.contains("History (\(count + 1))") && $0.contains("HTTP 200")
            }
        }
        let start = try session.capture()
        #expect(start.contains("v view  i edit  a ad hoc  c curl  ? keys"), "\(start)")

        // 120 columns: Status and Tip 0-23, Model 24-95, History 96-119; the title row is row 1.
        try Self.click(session, row: 5, column: 100)
        try await session.waitFor("History focused") { $0.contains("╔═ History") }
        // The second row (the older exchange, id=1001), then a second click shows it from the store.
        try Self.click(session, row: 3, column: 100)
        try Self.click(session, row: 3, column: 100)
        try await session.waitFor("the stored entry") { $0.contains("showing #1") }
        // "[Model] Headers Raw …" starts at column 27.
        try Self.click(session, row: 1, column: 37)
        try await session.waitFor("the Headers tab") { $0.contains("[Headers]") && $0.contains("╔═ Model [Headers]") }
        try Self.click(session, row: 10, column: 5)
        try await session.waitFor("Status focused") { $0.contains("╔═ Status") }

        try session.type("z")
        let zoomed = try await session.waitFor("the zoom") { $0.contains("zoomed") }
        #expect(!zoomed.contains("Headers") && !zoomed.contains("─ History"), "\(zoomed)")
        try session.type("z")
        try await session.waitFor("all panes") { $0.contains("─ History") && $0.contains("Model [Headers]") }
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") && $0.contains("icanon echo") }
    }
}
