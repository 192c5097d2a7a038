import Foundation
import Testing

/// Hostile numbers, YAML bombs and undecodable files given to the real binary: each exits 2 with the
/// located message, never a crash and never an unbounded walk.
@Suite struct BoundsCommandTests {
    /// A scratch HOME, XDG folders, history and profiles folder, so a run touches nothing of the user's.
    struct Sandbox {
        let directory: URL
        var profiles: URL { directory.appendingPathComponent("profiles") }

        init() throws {
            directory = try Subprocess.temporaryDirectory()
            try FileManager.default.createDirectory(at: profiles, withIntermediateDirectories: true)
        }

        var environment: [String: String] {
            [
                "HOME": directory.path, "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
                "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
                "APIEXPLORE_HISTORY": directory.appendingPathComponent("history.sqlite").path,
            ]
        }

        func write(_ name: String, _ bytes: [UInt8]) throws -> URL {
            let url = profiles.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url
        }

        func run(_ arguments: [String], stdin: String? = nil) async throws -> CommandRunner.Output {
            try await CommandRunner.run(
                arguments + ["--profiles-dir", profiles.path], stdin: stdin, environment: environment)
        }
    }

    static let billionLaughs = """
        name: bomb
        base_url: http://127.0.0.1:1
        endpoints:
          e:
            path: /e
            body:
              a: &a [l, l, l, l, l, l, l, l, l]
              b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
              c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
              d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
              e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
              f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
              g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
              h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
              i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]

        """

    struct HostileProfile: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// What standard error holds after the file's path.
        let error: String
        var testDescription: String { name }
    }

    static let hostile: [HostileProfile] = [
        HostileProfile(
            name: "billion laughs", bytes: Array(billionLaughs.utf8),
            error: ":12:14: alias '*e' expands the profile past 100000 nodes"),
        HostileProfile(
            name: "huge duration",
            bytes: Array("name: bomb\nbase_url: http://127.0.0.1:1\ntimeouts: {connect: 3000000000000h}\n".utf8),
            error: ":3:21: duration '3000000000000h' for 'timeouts.connect' is out of range; use 1ms to 24h"),
        HostileProfile(
            name: "duration past NIO's nanoseconds",
            bytes: Array("name: bomb\nbase_url: http://127.0.0.1:1\ntimeouts: {total: 100000000h}\n".utf8),
            error: ":3:19: duration '100000000h' for 'timeouts.total' is out of range; use 1ms to 24h"),
        HostileProfile(
            name: "exponent duration",
            bytes: Array("name: bomb\nbase_url: http://127.0.0.1:1\ntimeouts: {read: 1e300s}\n".utf8),
            error: ":3:18: invalid duration '1e300s'"),
        HostileProfile(
            name: "UTF-16", bytes: [0xFF, 0xFE] + Array("n\0a\0m\0e\0".utf8),
            error: ": the file looks like UTF-16 (byte-order mark FF FE at byte 0); save it as UTF-8"),
    ]

    @Test(arguments: hostile)
    func profilesValidateLocatesTheHostileProfile(_ profile: HostileProfile) async throws {
        let sandbox = try Sandbox()
        defer { CommandRunner.remove(sandbox.directory) }
        let file = try sandbox.write("bomb.yaml", profile.bytes)
        let output = try await sandbox.run(["profiles", "validate", file.path])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix(file.path + profile.error), "\(output.stderr)")
    }

    @Test(arguments: hostile)
    func requestRefusesTheHostileProfileBeforeSending(_ profile: HostileProfile) async throws {
        let sandbox = try Sandbox()
        defer { CommandRunner.remove(sandbox.directory) }
        let file = try sandbox.write("bomb.yaml", profile.bytes)
        let output = try await sandbox.run(["request", "bomb", "e"])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains(file.path + profile.error), "\(output.stderr)")
    }

    @Test(arguments: [
        (["run", "-", "--screen", "100000x40"], "--screen columns 100000 is out of range; use 1 to 1000."),
        (["run", "-", "--screen", "80x0"], "--screen must be COLUMNSxROWS"),
        (["run", "-", "--history-keep", "0"], "--history-keep 0 is out of range; use 1 to 1000000000."),
        (["run", "-", "--history-max-size", "2TiB"], "is not a size"),
        (
            ["run", "-", "--history-max-size", "2048GiB"],
            "--history-max-size 2048 GiB is out of range; use 1 B to 1024 GiB."
        ),
        (["history", "list", "--limit=-1"], "--limit -1 is out of range; use 1 to 1000000."),
        (["history", "export", "--limit", "0"], "--limit 0 is out of range; use at least 1."),
    ])
    func flagOutsideItsRangeIsNamed(_ arguments: [String], _ message: String) async throws {
        let sandbox = try Sandbox()
        defer { CommandRunner.remove(sandbox.directory) }
        let output = try await CommandRunner.run(arguments, stdin: "", environment: sandbox.environment)
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func crlfScriptWithByteOrderMarkRuns() async throws {
        let sandbox = try Sandbox()
        defer { CommandRunner.remove(sandbox.directory) }
        let script = sandbox.directory.appendingPathComponent("windows.apx")
        try Data([0xEF, 0xBB, 0xBF] + Array("use demo\r\ncall user\r\nexpect probe id == 1001\r\n".utf8)).write(
            to: script)
        let output = try await sandbox.run(["run", script.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Subprocess.jsonLines(output.stdout).count == 3)
    }

    @Test func scriptWithNULByteIsLocated() async throws {
        let sandbox = try Sandbox()
        defer { CommandRunner.remove(sandbox.directory) }
        let script = sandbox.directory.appendingPathComponent("binary.apx")
        try Data(Array("use demo\ncall\0user\n".utf8)).write(to: script)
        let output = try await sandbox.run(["run", script.path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("\(script.path):2:5: NUL byte at byte 13"), "\(output.stderr)")
    }
}
