import Foundation
import Testing

/// Pages, "map from here", the model store and binary bodies in the terminal UI, in a real terminal
/// (tmux) against a demo server on loopback, with a profile file the UI may change.
@Suite("Terminal UI pages, mapping and bodies", .serialized)
struct TerminalUIPagesTests {
    @Test func loadPagesBrowseTheStoreMapFromHereAndViewBinary() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let profile = directory.appendingPathComponent("shop.yaml")
        try """
        name: shop
        base_url: "\(server.baseURL)"
        envelope: {status: code, success: 0, tip: msg, model: data}
        paginate: {page: page, size: per_page, total: data>total, items: data>list}
        endpoints:
          list:
            path: /pages/numbered
            query: {per_page: "10", count: "95"}
            store: {table: items, identity: [id], model: data>list}
          blob:
            path: /media/blob.bin
            envelope: {status: null, success: http}
            paginate: false
        """.write(to: profile, atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            command: TerminalUIEndToEndTests.command("--profile shop --profiles-dir \(shellQuoted(directory.path))"))
        defer { session.kill() }
        try await session.waitFor("the UI") { $0.contains("apiexplore · shop · http://127.0.0.1:") }

        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type("list")
        try session.press("Enter")
        try await session.waitFor("page 1") { $0.contains("1 of 10 · 10 items · ] next") }
        try session.type("]")
        try await session.waitFor("page 2") { $0.contains("page 2 of 10 · 20 items") }
        try session.type("]")
        let third = try await session.waitFor("page 3") { $0.contains("page 3 of 10 · 30 items") }
        // Each page is under its own marker in one tree.
        #expect(third.contains("page 1") && third.contains("page 2") && third.contains("page 3"), "\(third)")

        // Every page stored its items: the store's table is a model to browse, with no request.
        try session.type(":store items")
        try session.press("Enter")
        try await session.waitFor("the table") { $0.contains("30 stored objects in") && $0.contains("store items") }

        // Map from here: send again, move to data>list and make it the model; save it to the profile.
        try session.type("r")
        try await session.waitFor("page 1 again") { $0.contains("1 of 10 · 10 items · ] next") }
        try session.type("jjj")
        try session.type("m")
        try await session.waitFor("the mapped model") { $0.contains("model from data>list") }
        try session.type(":model save")
        try session.press("Enter")
        try await session.waitFor("the save") { $0.contains("saved envelope: {model: data>list}") }
        let saved = try String(contentsOf: profile, encoding: .utf8)
        #expect(saved.contains(#"    envelope: {model: "data>list"}"#), "\(saved)")
        let validate = try await CommandRunner.run(["profiles", "validate", profile.path])
        #expect(validate.status == 0, "\(validate.stderr)")

        // A binary body shows what it is and its bytes in hex.
        try session.type("e")
        try await session.waitFor("the endpoint picker") { $0.contains("Endpoints (") }
        try session.type("blob")
        try session.press("Enter")
        // Twelve bytes a line fill the Model pane at 120 columns, with their ASCII column.
        let hex = try await session.waitFor("the hex view") {
            $0.contains("00000000  00 01 02 03 04 05 06 07  08 09 0a 0b  |") && $0.contains("0000000c  0c 0d 0e 0f")
        }
        #expect(hex.contains("Body · hex · 512 B") && hex.contains("body binary"), "\(hex)")
        try session.type("q")
        try await session.waitFor("the exit") { $0.contains("exit=0") }
    }
}
