import Foundation
import Testing

/// The Diff view in a real terminal (tmux), with the real binary and the embedded demo backend:
/// the same endpoint called twice with another answer, then the view names what changed and
/// hides the profile's volatile paths, and the Model tree marks the changed nodes.
@Suite("Terminal UI diff view", .serialized)
struct TerminalUIDiffTests {
    @Test func theDiffViewShowsWhatChangedSinceThePreviousCall() async throws {
        // An empty profiles folder: the built-in code-msg-data, nothing from the user's folders.
        let profiles = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(profiles) }
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command(
                "--profile code-msg-data --theme mono --profiles-dir \(shellQuoted(profiles.path))"),
            columns: 200, rows: 50)
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · code-msg-data · http://127.0.0.1:") }

        try session.type(":call inventory v=1")
        try session.press("Enter")
        try await session.waitFor("the first answer") { $0.contains("History (1)") }
        try session.type(":view diff")
        try session.press("Enter")
        try await session.waitFor("nothing to compare yet") {
            $0.contains("[Diff]") && $0.contains("is the first answered exchange of inventory in history")
        }

        try session.type(":call inventory v=2")
        try session.press("Enter")
        let diff = try await session.waitFor("the diff of the second answer") {
            // v=1 and v=2 are two requests: the label says so (nothing is detected as volatile across
            // them; the declared volatile paths are still hidden).
            $0.contains("#2 (other parameters) against #1, the previous exchange of inventory")
                && $0.contains("volatile hidden")
        }
        #expect(diff.contains("~ version: 1 → 2"), "\(diff)")
        #expect(diff.contains(#"+ items>0 [id=3]: {"id":3,"name":"pad","price":2}"#), "\(diff)")
        #expect(diff.contains("~ items>2>price [id=2]: 5 → 6"), "\(diff)")
        #expect(diff.contains("3 changes · 2 volatile hidden (:view diff all)"), "\(diff)")
        #expect(diff.contains("$..request_id, served_at"), "\(diff)")
        #expect(!diff.contains("served_at:"), "\(diff)")

        try session.type(":view diff all")
        try session.press("Enter")
        let all = try await session.waitFor("the volatile changes") { $0.contains("2 volatile listed") }
        #expect(all.contains("~ served_at: "), "\(all)")
        #expect(all.contains("(volatile)"), "\(all)")

        // Back in the Model view, the tree marks the same changes (mono: the marks alone tell them apart).
        try session.type("v")
        let tree = try await session.waitFor("the marked tree") {
            $0.contains("[Model]") && $0.contains("since #1: +1")
        }
        #expect(tree.contains("~     version: 2"), "\(tree)")
        #expect(tree.contains("+     ▸ [0]: "), "\(tree)")
        #expect(tree.contains("~     ▸ [2]: "), "\(tree)")
        try session.type("D")
        try await session.waitFor("the marks hidden") { $0.contains("diff marks hidden") && !$0.contains("since #1") }
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }
}
