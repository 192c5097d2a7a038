import Foundation
import Testing

/// Team history on PostgreSQL as docs/history-postgres.md sets it up, on a server of the test's
/// own: the role recipe run as written, who recorded each row, a viewer told it is read-only, and a
/// server stopped mid-run that makes each request give up on history, warn once, keep what it could
/// not record, and fail the run with `--require-history`.
@Suite(.serialized) struct HistoryPostgresTeamTests {
    /// The `sql` blocks of docs/history-postgres.md, in order.
    static func recipeBlocks() throws -> [String] {
        let page = try String(
            contentsOf: Subprocess.repositoryRoot.appendingPathComponent("docs/history-postgres.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sql" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// The documented set-up, as written: an administrator creates the database, the owner's schema
    /// and the roles; the owner migrates; the owner grants. Then a writer records (saying who), a
    /// viewer reads and is told, before anything is sent, that it cannot record.
    @Test func theDocumentedRoleRecipeWorksAsWritten() async throws {
        let blocks = try Self.recipeBlocks()
        try #require(blocks.count == 2, "docs/history-postgres.md should hold the recipe's two sql blocks")
        let server = try await DisposablePostgres()
        defer { server.remove() }
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }

        let administrator = scratch.appendingPathComponent("administrator.sql")
        try Data(blocks[0].utf8).write(to: administrator)
        let created = try await server.psql(server.url, ["-f", administrator.path])
        #expect(created.status == 0, "\(created.stderr)")

        // "Run apiexplore once as the owner", which creates the tables.
        let owner = server.url(user: "apiexplore_owner", database: "apiexplore", query: "schema=history")
        let migrated = try await CommandRunner.run(["history", "migrate", "--history", owner])
        #expect(migrated.status == 0, "\(migrated.stdout)\(migrated.stderr)")
        #expect(migrated.stdout.contains("applied  v1:"), "\(migrated.stdout)")

        let grants = scratch.appendingPathComponent("owner.sql")
        try Data(blocks[1].utf8).write(to: grants)
        let granted = try await server.psql(
            server.url(user: "apiexplore_owner", database: "apiexplore"), ["-f", grants.path])
        #expect(granted.status == 0, "\(granted.stderr)")

        let writer = server.url(user: "apiexplore_writer", database: "apiexplore", query: "schema=history")
        let recorded = try await CommandRunner.run(
            ["run", "-", "--history", writer, "--require-history"], stdin: "use demo\ncall user\ncall users\n")
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        #expect(!recorded.stderr.contains("warning"), "\(recorded.stderr)")

        let viewer = server.url(user: "apiexplore_viewer", database: "apiexplore", query: "schema=history")
        let listed = try await CommandRunner.run(["history", "list", "--json", "--history", viewer])
        #expect(listed.status == 0, "\(listed.stderr)")
        let rows = Subprocess.jsonLines(listed.stdout)
        #expect(rows.map { $0["endpoint"] as? String } == ["users", "user"])
        let user = try await Subprocess.run("id", ["-un"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(rows.allSatisfy { $0["recorded_by"] as? String == user }, "\(rows)")
        #expect(rows.allSatisfy { ($0["recorded_with"] as? String)?.hasPrefix("apiexplore ") == true })
        let readable = try await CommandRunner.run(["history", "list", "--history", viewer])
        #expect(readable.stdout.contains("by \(user)@"), "\(readable.stdout)")

        // A viewer that sends is told at once that nothing will be recorded; required, it sends nothing.
        let warned = try await CommandRunner.run(["run", "-", "--history", viewer], stdin: "use demo\ncall user\n")
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(warned.stderr.contains("is read-only for this user"), "\(warned.stderr)")
        #expect(warned.stderr.contains("role apiexplore_viewer"), "\(warned.stderr)")
        let refused = try await CommandRunner.run(
            ["run", "-", "--history", viewer, "--require-history"], stdin: "use demo\ncall user\n")
        #expect(refused.status == 5, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr.contains("nothing was sent"), "\(refused.stderr)")
    }

    /// The server stops while a run is paused at a request: every later request gives up on history
    /// at once or after the deadline, one warning is printed, each exchange is kept, the run fails
    /// with `--require-history`; the next run, with the server back, imports them.
    @Test func stoppingTheServerMidRunWarnsOnceKeepsTheExchangesAndFailsTheRun() async throws {
        let server = try await DisposablePostgres()
        defer { server.remove() }
        let gate = try await GateServer()
        defer { gate.stop() }
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let profiles = scratch.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        try Data(
            """
            name: gated
            base_url: \(gate.baseURL)
            envelope: {status: code, success: 0, tip: msg, model: data}
            endpoints:
              ok: {path: /ok}
              gate: {path: /gate}
            """.utf8
        ).write(to: profiles.appendingPathComponent("gated.yaml"))
        let history = server.url + "?schema=team"
        let environment = ["APIEXPLORE_STATE": scratch.appendingPathComponent("state").path]
        let script = scratch.appendingPathComponent("gated.apx")
        try Data("use gated\ncall ok\ncall gate\ncall ok\ncall ok\ncall ok\n".utf8).write(to: script)

        let run = try BoundedRun(
            ["run", script.path, "--history", history, "--require-history", "--profiles-dir", profiles.path],
            environment: environment, scratch: scratch)
        let held = await gate.waitUntilHeld(unlessEnded: run)
        server.stop()
        gate.open()
        let (output, hung) = try await run.finish()
        #expect(held, "the run ended before it reached the gate: \(output.stdout)\(output.stderr)")
        #expect(!hung, "the run did not end: \(output.stdout)\(output.stderr)")
        #expect(output.status == 5, "\(output.stdout)\(output.stderr)")
        let reports = Subprocess.jsonLines(output.stdout).filter { $0["command"] as? String == "call" }
        #expect(reports.count == 5)
        #expect(reports.first?["history_id"] as? Int != nil)
        #expect(reports.dropFirst().allSatisfy { $0["history_id"] is NSNull }, "\(reports)")
        #expect(reports.dropFirst().allSatisfy { ($0["history_error"] as? String)?.contains("kept in") == true })
        let warnings = output.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(warnings.count == 1, "\(output.stderr)")
        #expect(warnings.first?.contains("did not answer") == true, "\(output.stderr)")
        #expect(output.stderr.contains("4 exchanges were not recorded in history (all kept"), "\(output.stderr)")

        try await server.start()
        let next = try await CommandRunner.run(
            ["request", "gated", "ok", "--history", history, "--profiles-dir", profiles.path], environment: environment)
        #expect(next.status == 0, "\(next.stdout)\(next.stderr)")
        #expect(next.stderr.contains("imported 4 exchanges"), "\(next.stderr)")
        let listed = try await CommandRunner.run(["history", "list", "--json", "--history", history])
        #expect(
            Subprocess.jsonLines(listed.stdout).map { $0["endpoint"] as? String }
                == ["ok", "ok", "ok", "ok", "gate", "ok"],
            "\(listed.stdout)\(listed.stderr)")
    }
}
