import APITesting
import Foundation
import Testing

@testable import APIHistory

/// `postgres://` locations: their parts, TLS modes, password sources, and a password that never
/// appears in what is shown.
@Suite("PostgreSQL locations")
struct PostgresTargetTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let shown: String
        let tls: PostgresTarget.TLSMode
        let schema: String?
        var testDescription: String { url }
    }

    @Test(arguments: [
        Case(
            url: "postgres://ada@db.internal/api", shown: "postgres://ada@db.internal:5432/api?sslmode=require",
            tls: .require, schema: nil),
        Case(
            url: "postgres://ada@localhost/api", shown: "postgres://ada@localhost:5432/api?sslmode=prefer",
            tls: .prefer, schema: nil),
        Case(
            url: "postgres://ada@[::1]/api", shown: "postgres://ada@[::1]:5432/api?sslmode=prefer", tls: .prefer,
            schema: nil),
        Case(
            url: "postgres://ada@db/api?sslmode=verify-ca&sslrootcert=/etc/team-ca.pem",
            shown: "postgres://ada@db:5432/api?sslmode=verify-ca&sslrootcert=/etc/team-ca.pem", tls: .verifyCA,
            schema: nil),
        Case(
            url: "postgresql://ada:s3cret@db:6543/api?sslmode=verify-full&schema=team",
            shown: "postgres://ada@db:6543/api?sslmode=verify-full&schema=team", tls: .verifyFull, schema: "team"),
        Case(
            url: "postgres://ci@127.0.0.1:55432/postgres?sslmode=disable",
            shown: "postgres://ci@127.0.0.1:55432/postgres?sslmode=disable", tls: .disable, schema: nil),
        Case(
            url: "postgres://ci@localhost?sslmode=require", shown: "postgres://ci@localhost:5432/ci?sslmode=require",
            tls: .require, schema: nil),
    ])
    func parses(_ testCase: Case) throws {
        let location = try HistoryLocation.resolve(explicitPath: testCase.url, environment: [:])
        let target = try #require(location.postgres)
        #expect(location.isPostgres)
        #expect(location.description == testCase.shown)
        #expect(target.tls == testCase.tls)
        #expect(target.schema == testCase.schema)
        #expect(!String(reflecting: location).contains("s3cret"))
        var dumped = ""
        dump(location, to: &dumped)
        #expect(!dumped.contains("s3cret"))
    }

    @Test(arguments: [
        ("postgres://ada:s3cret@db/api?sslmode=sometimes", "postgres://ada@db/api: sslmode is not one of"),
        ("postgres://ada:s3cret@db/api?schema=Bad-Name", "schema is not a plain name"),
        ("postgres://ada:s3cret@db/api?connect_timeout=3", "unknown parameter 'connect_timeout'"),
        ("postgres://ada:s3cret@db/api?s3cret=x", "unknown parameter (known"),
        ("postgres://:s3cret@db/api", "names no user"),
        ("postgres:///api", "names no host"),
        // A password holding `/` or `?` ends the authority early, so the URL does not parse.
        ("postgres://ada:pa/s3cret@db/api", "postgres://…: not a postgres:// URL"),
        ("postgres://ada:pa?s3cret@db/api", "postgres://…: not a postgres:// URL"),
        ("postgresql://ada:12/s3cret@db/api", "postgres://…"),
        ("postgres://ada:12?s3cret@db/api", "postgres://…"),
        ("postgres://ada@db/api?password=s3cret", "put the password in PGPASSWORD or ~/.pgpass"),
        ("postgres://ada@db/api?sslmode=require&x=s3cret", "unknown parameter (known"),
        ("postgres://ada:s3cret@db/api?sslrootcert=/ca.pem", "sslrootcert needs sslmode=verify-ca"),
    ])
    func refusesWithoutShowingThePassword(_ url: String, _ reason: String) {
        let error = #expect(throws: HistoryError.self) {
            try HistoryLocation.resolve(explicitPath: url, environment: [:])
        }
        #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
        #expect(error?.description.contains("s3cret") == false)
    }

    /// One warning for an unverified certificate on another machine; none on loopback or when verified.
    @Test(arguments: [
        ("postgres://ada@db.internal/api", true), ("postgres://ada@db.internal/api?sslmode=prefer", true),
        ("postgres://ada@db.internal/api?sslmode=verify-full", false),
        ("postgres://ada@db.internal/api?sslmode=disable", false), ("postgres://ada@127.0.0.1/api", false),
    ])
    func warnsWhenAnotherMachinesCertificateIsNotVerified(_ url: String, _ warns: Bool) throws {
        let warning = try HistoryLocation(postgresURL: url, environment: [:]).securityWarning
        #expect((warning != nil) == warns)
        #expect(warning.map { $0.contains("not verified") } ?? true)
    }

    @Test func thePasswordComesFromTheURLThenPGPASSWORDThenThePasswordFile() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("pgpass")
            try Data("# comment\nother:5432:*:ada:wrong\ndb:5432:api:ada:from\\:file\n".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            let url = "postgres://ada@db/api"
            func password(_ text: String, _ environment: [String: String]) throws -> String? {
                try HistoryLocation(postgresURL: text, environment: environment).postgres?.password
            }
            #expect(try password("postgres://ada:inline@db/api", ["PGPASSWORD": "env"]) == "inline")
            #expect(try password(url, ["PGPASSWORD": "env", "PGPASSFILE": file.path]) == "env")
            #expect(try password(url, ["PGPASSFILE": file.path]) == "from:file")
            // A password file others may read is ignored, as libpq ignores it.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            #expect(try password(url, ["PGPASSFILE": file.path]) == nil)
            let warning = try HistoryLocation(
                postgresURL: "postgres://ada@127.0.0.1/api", environment: ["PGPASSFILE": file.path]
            ).securityWarning
            #expect(
                warning?.contains("password file \(file.path) is ignored") == true, "\(String(describing: warning))")
        }
    }

    @Test func theConfiguredHistoryComesAfterTheFlagAndTheEnvironment() throws {
        let configured = "postgres://team@db/api"
        let home = ["HOME": "/home/ada"]
        #expect(try HistoryLocation.resolve(explicitPath: nil, environment: home, configured: configured).isPostgres)
        #expect(
            try HistoryLocation.resolve(explicitPath: "/tmp/h.sqlite", environment: home, configured: configured)
                .description == "/tmp/h.sqlite")
        #expect(
            try HistoryLocation.resolve(
                explicitPath: nil, environment: home.merging(["APIEXPLORE_HISTORY": "/tmp/e.sqlite"]) { $1 },
                configured: configured
            ).description == "/tmp/e.sqlite")
        #expect(
            try HistoryLocation.resolve(explicitPath: nil, environment: home, configured: "~/team.sqlite").description
                == "/home/ada/team.sqlite")
    }

    /// One text per query: `?` becomes `$n` for PostgreSQL, except inside quotes.
    @Test func placeholdersAreNumberedOutsideQuotes() {
        let sql = "SELECT '?' AS q, \"a?\" FROM t WHERE a = ? AND b LIKE ? ESCAPE '\\'"
        #expect(
            SQLDialect.postgres.placeholders(sql)
                == "SELECT '?' AS q, \"a?\" FROM t WHERE a = $1 AND b LIKE $2 ESCAPE '\\'")
        #expect(SQLDialect.sqlite.placeholders(sql) == sql)
    }
}
