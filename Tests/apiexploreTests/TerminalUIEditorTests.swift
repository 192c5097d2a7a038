import Foundation
import Testing

/// Real terminal editors run from the TUI's edit form and from `profiles edit`: vim (also as the `vi`
/// fallback with no `EDITOR`), nano and busybox vi, driven by keystrokes in tmux. They read the
/// keyboard only when they are the terminal's foreground job; the UI gets the terminal back after.
@Suite("Terminal UI with real editors", .serialized)
struct TerminalUIEditorTests {
    /// An editor command and the keys that replace 张伟 with 李雷 and save.
    struct Editor: Sendable, CustomTestStringConvertible {
        /// `EDITOR`, or `nil` for none (the `vi` fallback).
        let command: String?
        /// What the screen shows once the editor has the file open.
        let ready: String
        /// Keys that edit and save, as tmux `send-keys` calls: literal text, or named keys after `key:`.
        let saveKeys: [String]
        var testDescription: String { command ?? "vi (no EDITOR)" }
    }

    static let vimKeys = [":s/张伟/李雷/", "key:Enter", ":wq", "key:Enter"]

    static let editors = [
        Editor(command: nil, ready: "body.json", saveKeys: vimKeys),
        // With arguments, as `code --wait` or `emacs -nw` would be.
        Editor(command: "vim -u NONE -N", ready: "body.json", saveKeys: vimKeys),
        Editor(
            command: "nano", ready: "^X Exit",
            saveKeys: ["key:C-\\", "张伟", "key:Enter", "李雷", "key:Enter", "a", "key:C-o", "key:Enter", "key:C-x"]),
        Editor(command: "busybox vi", ready: "张伟", saveKeys: vimKeys),
    ]

    static func press(_ keys: [String], _ session: TmuxSession) throws {
        for key in keys {
            if key.hasPrefix("key:") { try session.press(String(key.dropFirst(4))) } else { try session.type(key) }
        }
    }

    /// Opens the body of the `body` endpoint in the editor from the edit form.
    static func openBody(_ session: TmuxSession, ready: String) async throws {
        try session.type("i")
        try await session.waitFor("the edit form") { $0.contains("Edit request · body") }
        try session.type("G")
        try session.press("Enter")
        try await session.waitFor("the editor") { $0.contains(ready) && !$0.contains("Edit request · body") }
    }

    @Test(arguments: editors)
    func anEditorChangesTheBodyThatIsSent(editor: Editor) async throws {
        try await TerminalUIEditTests.withSession(sending: "body", editor: .some(editor.command)) { session in
            try await Self.openBody(session, ready: editor.ready)
            try Self.press(editor.saveKeys, session)
            let back = try await session.waitFor("the form again") {
                $0.contains("Edit request · body") && $0.contains("body edited")
            }
            #expect(!back.contains("status"), "\(back)")
            try session.type("s")
            try await session.waitFor("the answer") { $0.contains("History (2)") }
            let sent = try await TerminalUIEditTests.shown(2, session)
            let received = try #require((sent["body"] as? [String: Any])?["data"] as? [String: Any])
            #expect((received["json"] as? [String: Any])?["name"] as? String == "李雷", "\(received)")
        }
    }

    @Test func quittingVimWithoutSavingKeepsTheOldBody() async throws {
        try await TerminalUIEditTests.withSession(sending: "body", editor: .some("vim -u NONE -N")) { session in
            try await Self.openBody(session, ready: "body.json")
            try session.type(":s/张伟/李雷/")
            try session.press("Enter")
            try session.type(":q!")
            try session.press("Enter")
            try await session.waitFor("the form again") {
                $0.contains("Edit request · body") && $0.contains("body unchanged")
            }
            try session.type("s")
            try await session.waitFor("the answer") { $0.contains("History (2)") }
            let sent = try await TerminalUIEditTests.shown(2, session)
            let received = try #require((sent["body"] as? [String: Any])?["data"] as? [String: Any])
            #expect((received["json"] as? [String: Any])?["name"] as? String == "张伟", "\(received)")
        }
    }

    @Test func anEditorThatCannotRunSaysWhyAndKeepsTheForm() async throws {
        try await TerminalUIEditTests.withSession(sending: "body", editor: .some("/nonexistent/editor --wait")) {
            session in
            try session.type("i")
            try await session.waitFor("the edit form") { $0.contains("Edit request · body") }
            try session.type("G")
            try session.press("Enter")
            let screen = try await session.waitFor("the message") { $0.contains("was not found") }
            #expect(screen.contains("Edit request · body"), "the form stays: \(screen)")
            #expect(screen.contains("body unchanged"))
            try session.press("Escape")
            try await session.waitFor("the form closed") { !$0.contains("Edit request · body") }
        }
    }

    @Test func profilesEditInVimSavesAValidChange() async throws {
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let file = directory.appendingPathComponent("shop.yaml")
        try """
        name: shop
        base_url: "http://127.0.0.1:9/v1"
        endpoints:
          item: {path: /items/1}
        """.write(to: file, atomically: true, encoding: .utf8)
        let binary = shellQuoted(CommandRunner.executable.path)
        let session = try TmuxSession(
            command: "EDITOR='vim -u NONE -N' timeout --foreground 900 \(binary) profiles edit shop --profiles-dir "
                + "\(shellQuoted(directory.path)); echo \"exit=$?\"; sleep 120")
        defer { session.kill() }
        try await session.waitFor("vim") { $0.contains("shop.yaml") && $0.contains("base_url") }
        try Self.press([":%s/items/orders/", "key:Enter", ":wq", "key:Enter"], session)
        let after = try await session.waitFor("the exit") { $0.contains("exit=") }
        #expect(after.contains("saved, valid") && after.contains("exit=0"), "\(after)")
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved.contains("item: {path: /orders/1}"), "\(saved)")
    }
}
