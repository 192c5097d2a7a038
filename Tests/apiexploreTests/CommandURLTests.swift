import Foundation
import Testing

/// The command language from the CLI: `get http://…` goes to the URL typed, and a mistyped
/// endpoint is an error with no history row.
@Suite struct CommandURLTests {
    @Test func aFullURLGoesWhereItSaysAndATypoLeavesNoRow() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let directory = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(directory) }
        let environment = ["APIEXPLORE_HISTORY": directory.appendingPathComponent("history.sqlite").path]
        let run = try await CommandRunner.run(
            ["run", "-", "--keep-going"],
            stdin: """
                use demo
                get \(server.baseURL)/hazards/echo?q=全
                call usr
                """,
            environment: environment)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("3:6: unknown endpoint 'usr'"), "\(run.stderr)")
        let lines = Subprocess.jsonLines(run.stdout)
        #expect(lines.first { $0["line"] as? Int == 2 }?["url"] as? String == "\(server.baseURL)/hazards/echo?q=全")
        let list = try await CommandRunner.run(["history", "list", "--json"], environment: environment)
        let rows = Subprocess.jsonLines(list.stdout)
        #expect(rows.map { $0["endpoint"] as? String } == ["GET \(server.baseURL)/hazards/echo?q=全"], "\(list.stdout)")
    }
}
