import Foundation
import Testing

/// History on a PostgreSQL server through the binary: `--history postgres://…`, the configuration
/// file's `history:`, and a password that never appears in what is printed.
@Suite struct HistoryPostgresCommandTests {
    /// The test server's URL with a password inserted (trust authentication ignores it) and a fresh
    /// schema; the schema is dropped afterwards with psql.
    struct Server {
        static let password = "hunter2-not-shown"
        let base: String
        let schema: String

        init() throws {
            guard let base = ProcessInfo.processInfo.environment["APIEXPLORE_TEST_POSTGRES_URL"], !base.isEmpty else {
                throw MissingServer()
            }
            self.base = base
            schema = "e2e_" + UUID().uuidString.lowercased().replacing("-", with: "")
        }

        /// `postgres://user:PASSWORD@host…?schema=…`.
        var url: String {
            var text = base
            if let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@") {
                text.insert(contentsOf: ":" + Self.password, at: at)
            }
            return text + (text.contains("?") ? "&" : "?") + "schema=" + schema
        }

        func drop() async throws {
            let dropped = try await Subprocess.run("psql", [base, "-qc", "DROP SCHEMA IF EXISTS \(schema) CASCADE"])
            #expect(dropped.status == 0, "\(dropped.stderr)")
        }

        /// Runs `body` with a new server, then drops its schema, also when `body` throws: the drop
        /// waits for psql without holding a concurrency thread, so it cannot run in a `defer`.
        static func with(
            sourceLocation: SourceLocation = #_sourceLocation, _ body: (Server) async throws -> Void
        ) async throws {
            let server = try Server()
            do {
                try await body(server)
            } catch {
                await #expect(throws: Never.self, sourceLocation: sourceLocation) { try await server.drop() }
                throw error
            }
            await #expect(throws: Never.self, sourceLocation: sourceLocation) { try await server.drop() }
        }
    }

    struct MissingServer: Error, CustomStringConvertible {
        var description: String {
            "APIEXPLORE_TEST_POSTGRES_URL is not set: run the tests with the README's test command (scripts/test)"
        }
    }

    @Test func aRequestRecordedInPostgresIsListed() async throws {
        try await Server.with { server in
            let run = try await CommandRunner.run(
                ["run", "-", "--history", server.url], stdin: "use demo\ncall user\n")
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let list = try await CommandRunner.run(["history", "list", "--json", "--history", server.url])
            #expect(list.status == 0, "\(list.stderr)")
            let rows = Subprocess.jsonLines(list.stdout)
            #expect(rows.map { $0["endpoint"] as? String } == ["user"])
            #expect(rows.map { $0["outcome"] as? String } == ["success"])
            let search = try await CommandRunner.run(["history", "search", "user", "--json", "--history", server.url])
            #expect(Subprocess.jsonLines(search.stdout).count == 1, "\(search.stdout)\(search.stderr)")
            for output in [run, list, search] {
                #expect(!(output.stdout + output.stderr).contains(Server.password))
            }
        }
    }

    @Test func theConfigurationFileNamesTheHistory() async throws {
        try await Server.with { server in
            let config = try Subprocess.temporaryDirectory()
            defer { CommandRunner.remove(config) }
            try FileManager.default.createDirectory(
                at: config.appendingPathComponent("apiexplore"), withIntermediateDirectories: true)
            try Data("history: \(server.url)\n".utf8).write(to: config.appendingPathComponent("apiexplore/config.yaml"))
            let environment = ["XDG_CONFIG_HOME": config.path, "APIEXPLORE_HISTORY": ""]
            let run = try await CommandRunner.run(
                ["run", "-"], stdin: "use demo\ncall user\n", environment: environment)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let list = try await CommandRunner.run(["history", "list", "--json"], environment: environment)
            #expect(Subprocess.jsonLines(list.stdout).map { $0["endpoint"] as? String } == ["user"], "\(list.stderr)")
        }
    }

    /// A server that cannot be reached is named in the error, without the password.
    @Test func anUnreachableServerIsNamedWithoutItsPassword() async throws {
        let list = try await CommandRunner.run([
            "history", "list", "--history", "postgres://ada:\(Server.password)@127.0.0.1:1/team?sslmode=disable",
        ])
        #expect(list.status == 2)
        #expect(list.stderr.contains("postgres://ada@127.0.0.1:1/team?sslmode=disable"), "\(list.stderr)")
        #expect(!list.stderr.contains(Server.password))
    }

    /// A command that records stops before it sends anything when the server cannot be reached.
    @Test func aRecordingCommandStopsBeforeSendingWhenTheServerIsUnreachable() async throws {
        let run = try await CommandRunner.run(
            ["run", "-", "--history", "postgres://ada:\(Server.password)@127.0.0.1:1/team?sslmode=disable"],
            stdin: "use demo\ncall user\n")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr.contains("postgres://ada@127.0.0.1:1/team"), "\(run.stderr)")
        #expect(run.stderr.contains("--no-history"), "\(run.stderr)")
        #expect(!run.stderr.contains(Server.password))
    }

    /// A configuration file whose `history:` is neither a path nor a URL is refused with its line.
    @Test func aMalformedHistoryKeyIsRefusedWithItsLine() async throws {
        let config = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(config) }
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("apiexplore"), withIntermediateDirectories: true)
        try Data("theme: dark\nhistory: relative/file.sqlite\n".utf8).write(
            to: config.appendingPathComponent("apiexplore/config.yaml"))
        let list = try await CommandRunner.run(
            ["history", "list"], environment: ["XDG_CONFIG_HOME": config.path, "APIEXPLORE_HISTORY": ""])
        #expect(list.status == 2)
        #expect(list.stderr.contains("config.yaml:2"), "\(list.stderr)")
        #expect(list.stderr.contains("'history' must be"), "\(list.stderr)")
    }
}
