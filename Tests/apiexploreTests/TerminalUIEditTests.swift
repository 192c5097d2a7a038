import Foundation
import Testing

/// Editing a request before sending it, a body through `$EDITOR`, copy as curl, and `r` on a
/// History row, in a real terminal (tmux) against a demo server on loopback.
@Suite("Terminal UI edit, copy as curl and resend", .serialized)
struct TerminalUIEditTests {
    static let token = "tok-5ecret-0123456789"

    /// A profile whose every request carries an environment secret, with an echo and a body endpoint.
    static func workspace(_ server: DemoServer) throws -> (directory: URL, editor: URL) {
        let directory = try Subprocess.temporaryDirectory()
        try """
        name: edits
        base_url: "\(server.baseURL)"
        headers: {X-Token: "${env:EDIT_TOKEN}"}
        envelope: {status: null, success: http, tip: [], model: ""}
        endpoints:
          echo:
            path: /hazards/echo
            query: {q: "${q}"}
            params: {q: {default: 初始}}
          body:
            method: POST
            path: /echo/body
            body: {name: "${name}"}
            params: {name: {default: 张伟}}
        """.write(to: directory.appendingPathComponent("edits.yaml"), atomically: true, encoding: .utf8)
        // The editor: checks its file is private, then rewrites it.
        let editor = directory.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        [ "$(stat -c %a "$1")" = 600 ] || exit 7
        [ "$(stat -c %a "$(dirname "$1")")" = 700 ] || exit 8
        printf '%s' '{"name":"编辑后","n":2}' > "$1"
        """.write(to: editor, atomically: true, encoding: .utf8)
        chmod(editor.path, 0o700)
        return (directory, editor)
    }

    /// Runs the UI on the profile in tmux, sends `endpoint` with its defaults, gives the session to
    /// `body`, then quits and checks the exit status. `editor` is the `EDITOR` command (the test's own
    /// script by default, none at all for `.some(nil)`: the `vi` fallback).
    static func withSession(
        sending endpoint: String, editor chosen: String?? = .none, _ body: (TmuxSession) async throws -> Void
    ) async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let (directory, editor) = try workspace(server)
        defer { CommandRunner.remove(directory) }
        let editorVariable: String
        switch chosen {
        case .none: editorVariable = "EDITOR=\(shellQuoted(editor.path)) "
        case .some(.none): editorVariable = ""
        case .some(.some(let command)): editorVariable = "EDITOR=\(shellQuoted(command)) "
        }
        // A temporary folder of the session's own: another test's editor may be open in /tmp at the time.
        let variables = #"mkdir -p "$HOME/tmp" && EDIT_TOKEN=\#(token) TMPDIR="$HOME/tmp" "# + editorVariable
        let session = try TmuxSession(
            command: variables
                + TerminalUIEndToEndTests.command("--profile edits --profiles-dir \(shellQuoted(directory.path))"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · edits") }
        try await sendEndpoint(endpoint, session, rows: 1)
        try await body(session)
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }

    /// `history show ID` of the session's store, as JSON.
    static func shown(_ id: Int, _ session: TmuxSession) async throws -> [String: Any] {
        let environment = IsolatedEnvironment.make(scratch: session.scratch)
        let run = try await CommandRunner.run(["history", "show", String(id)], environment: environment)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        return try #require(object as? [String: Any], "\(run.stdout)\(run.stderr)")
    }

    static func sendEndpoint(_ name: String, _ session: TmuxSession, rows: Int) async throws {
        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type(name)
        try session.press("Enter")
        try await session.waitFor("the parameter form") { $0.contains("Parameters · \(name)") }
        try session.press("Enter")
        try await session.waitFor("the answer") { $0.contains("History (\(rows))") && $0.contains("HTTP 200") }
    }

    @Test func editAQueryItemAndAHeaderInlineThenResendTheHistoryRow() async throws {
        try await Self.withSession(sending: "echo") { session in
            try session.type("i")
            let form = try await session.waitFor("the edit form") {
                $0.contains("Edit request · echo") && $0.contains("X-Token")
            }
            #expect(form.contains("初始") && form.contains("••••"), "\(form)")
            #expect(!form.contains(Self.token))
            // Rows: method, URL, q, + query, X-Token, + header, body.
            try session.type("jj")
            try session.press("Enter")
            try session.press("C-u")
            try session.type("改过 了")
            try session.press("Enter")
            try session.type("jjj")
            try session.press("Enter")
            try session.type("X-Edited: 是")
            try session.press("Enter")
            try await session.waitFor("the new header") { $0.contains("X-Edited") && $0.contains("改过 了") }
            try session.type("s")
            try await session.waitFor("the edited answer") { $0.contains("History (2)") }

            let edited = try await Self.shown(2, session)
            #expect(edited["endpoint"] as? String == "echo")
            #expect((edited["url"] as? String)?.hasSuffix("/hazards/echo?q=%E6%94%B9%E8%BF%87%20%E4%BA%86") == true)
            let body = try #require(edited["body"] as? [String: Any])
            let headers = try #require(body["headers"] as? [[String]])
            #expect(headers.contains(["X-Edited", "是"]), "\(headers)")
            // The kept secret went out (the server echoed it, history masked it).
            #expect(headers.contains(["X-Token", "••••"]), "\(headers)")
            #expect((body["query"] as? [[String]]) == [["q", "改过 了"]])

            // `r` on the edited row sends that request again, not the endpoint's own.
            try session.press("Tab")
            try await session.waitFor("History focused") { $0.contains("╔═ History") }
            try session.type("r")
            try await session.waitFor("the resent answer") { $0.contains("History (3)") }
            let resent = try await Self.shown(3, session)
            #expect(resent["url"] as? String == edited["url"] as? String)
            let resentHeaders = try #require((resent["body"] as? [String: Any])?["headers"] as? [[String]])
            #expect(resentHeaders.contains(["X-Edited", "是"]) && resentHeaders.contains(["X-Token", "••••"]))
        }
    }

    @Test func editTheBodyInTheEditorThenCopyAsCurlAndRunIt() async throws {
        try await Self.withSession(sending: "body") { session in
            try session.type("i")
            try await session.waitFor("the edit form") { $0.contains("Edit request · body") }
            try session.type("G")
            try session.press("Enter")
            try await session.waitFor("the edited body") { $0.contains("body edited") && $0.contains("edited ·") }
            try session.type("s")
            try await session.waitFor("the answer") { $0.contains("History (2)") }
            let sent = try await Self.shown(2, session)
            let received = try #require((sent["body"] as? [String: Any])?["data"] as? [String: Any])
            #expect((received["json"] as? [String: Any])?["name"] as? String == "编辑后", "\(received)")
            // The editor's temporary folder is gone.
            let temporary = session.scratch.appendingPathComponent("home/tmp").path
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary).filter {
                $0.hasPrefix("apiexplore-edit-")
            }
            #expect(leftovers.isEmpty, "\(leftovers)")

            // Copy the endpoint's own request as curl: the token is a reference, nothing is asked.
            try session.type("c")
            let copied = try await session.waitFor("the copy") { $0.contains("saved to") }
            #expect(!copied.contains(Self.token))
            let file = session.scratch.appendingPathComponent("state/copied-request.curl.sh")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            let command = try String(contentsOf: file, encoding: .utf8)
            #expect(command.contains("${EDIT_TOKEN}") && !command.contains(Self.token), "\(command)")
            let curl = try await Subprocess.run(
                "sh", [file.path], environment: ["EDIT_TOKEN": Self.token, "PATH": "/usr/bin:/bin"])
            let own = try await Self.shown(1, session)
            let curlBody = try JSONSerialization.jsonObject(with: Data(curl.stdout.utf8)) as? NSDictionary
            #expect(curlBody == (own["body"] as? NSDictionary), "\(curl.stdout)")
        }
    }
}
