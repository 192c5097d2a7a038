import APIClient
import APIClientTesting
import APIDemoBackend
import APIHistory
import APIMapping
import APIScript
import APISession
import Foundation
import Testing

/// `get http://…` goes to the URL typed, not under the base URL; a mistyped endpoint is an error
/// reported to the user and leaves no failure row in history.
@Suite struct ScriptURLAndTypoTests {
    /// Runs `script(baseURL)` with a history store, the echo profile's base URL under a base path.
    static func run(
        _ script: (String) -> String
    ) async throws -> (status: ScriptExitStatus, reports: [CommandReport], rows: [HistoryEntry]) {
        try await withTemporaryStore { store, file in
            let directory = file.deletingLastPathComponent()
            try Data(
                """
                name: echo
                base_url: "${demo:base_url}/base-path"
                headers: {X-From-Profile: "yes"}
                envelope: {status: null, success: http, tip: [], model: ""}
                endpoints:
                  echo:
                    path: /hazards/echo
                """.utf8
            ).write(to: directory.appendingPathComponent("echo.yaml"))
            let library = ProfileLibrary(
                searchPath: ProfileSearchPath(
                    explicitDirectory: directory.path, workingDirectory: directory.path, environment: [:]))
            return try await withDemoBackend { backend, transport in
                let session = ExplorerSession(
                    library: library, environment: [:], transport: transport, history: store,
                    startDemo: { backend.baseURL })
                var reports: [CommandReport] = []
                let parsed = try Script(parsing: script(backend.baseURL), name: "test.apx")
                let status = await ScriptRunner(session: session, keepGoing: true).run(parsed) { reports.append($0) }
                let rows = try await store.entries(HistoryQuery(limit: 10))
                return (status, reports, rows)
            }
        }
    }

    @Test func aFullURLIsNotGluedOntoTheBaseURL() async throws {
        let run = try await Self.run { base in
            """
            use echo
            get \(base)/hazards/echo?q=全
            expect probe path == "/hazards/echo"
            expect probe query>0>1 == "全"
            get /hazards/echo
            expect http 404
            """
        }
        #expect(run.status == .passed, "\(run.reports.map { $0.jsonValue.jsonText() })")
        #expect(run.rows.count == 2)
        // A path still goes under the base URL (where the demo has nothing: 404).
        #expect(run.rows.first?.url.hasSuffix("/base-path/hazards/echo") == true)
        #expect(run.rows.last?.endpoint.hasPrefix("GET http://") == true)
        #expect(run.rows.last?.url.contains("base-path") == false)
    }

    @Test(arguments: ["call usr", "call echo nope=1"])
    func aMistypedNameIsAnErrorAndNoHistoryRow(_ line: String) async throws {
        let run = try await Self.run { _ in "use echo\ncall echo\n\(line)" }
        #expect(run.status == .usageError)
        let error = try #require(run.reports.first { $0.line == 3 }?.scriptError)
        #expect(error.description.contains("unknown"))
        // Only the good call before it is in history.
        #expect(run.rows.map(\.endpoint) == ["echo"])
    }
}
