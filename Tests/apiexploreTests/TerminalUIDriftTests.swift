import Foundation
import Testing

/// The Status pane's `shape` marker in a real terminal (tmux): the demo's `drift_user` changes shape at
/// step 5; sent from the `:` line, only that exchange is marked, and `:drift` lists its changes.
@Suite("Terminal UI schema drift", .serialized)
struct TerminalUIDriftTests {
    @Test func theExchangeThatChangesShapeIsMarkedInStatus() async throws {
        // An empty profiles folder: the built-in profile is used, never one of the user's.
        let profiles = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(profiles) }
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command(
                "--profile code-msg-data --profiles-dir \(shellQuoted(profiles.path))"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · code-msg-data · http://127.0.0.1:") }
        for step in 1...4 {
            try session.type(":call drift_user step=\(step)")
            try session.press("Enter")
            let screen = try await session.waitFor("step \(step)") { $0.contains("\"user \(step)\"") }
            #expect(!screen.contains("shape "), "\(screen)")
        }
        try session.type(":call drift_user step=5")
        try session.press("Enter")
        let marked = try await session.waitFor("the shape marker") { $0.contains("shape 2 changes:") }
        #expect(marked.contains("data>user>age:"), "\(marked)")
        try session.type(":drift")
        try session.press("Enter")
        try await session.waitFor("the drift list") {
            // The message line has the summary; the Output pane, narrower, wraps each change.
            $0.contains("shape of drift_user: 2 changes against 4 earlier successful models")
                && $0.contains("data>items[]>price:")
        }
        try session.type(":call drift_user step=6")
        try session.press("Enter")
        let next = try await session.waitFor("step 6") { $0.contains("\"user 6\"") }
        #expect(!next.contains("shape 2 changes"), "\(next)")
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }
}
