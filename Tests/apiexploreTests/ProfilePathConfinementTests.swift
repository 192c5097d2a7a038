import Crypto
import Foundation
import RawHTTPTesting
import Testing

/// A profile names files only inside apiexplore's own state folder: its log under `logs/`, its
/// cookie jar and cache by its name. A file elsewhere is the user's choice (`--log-file`, the
/// configuration's `logs:`); no log appends to a file apiexplore did not create; a FIFO, device or
/// link where a log, cookie or cache file is expected is refused at once.
@Suite struct ProfilePathConfinementTests {
    static func workspace(_ server: RawHTTPServer, _ extra: String) throws -> BackendWorkspace {
        try BackendWorkspace(profiles: [
            "pathy": """
            name: pathy
            base_url: \(server.origin)
            headers: {X-Api-Key: "${env:PATHY_KEY}"}
            \(extra)
            endpoints:
              thing: {path: /thing}
            """
        ])
    }

    static let key = ["PATHY_KEY": "key-3dfx"]

    static func okServer() async throws -> RawHTTPServer {
        try await RawHTTPServer(routes: [
            "*": .answer(
                "200 OK",
                headers: [
                    ("Content-Type", "application/json"), ("ETag", "\"v1\""), ("Set-Cookie", "s=1; Max-Age=600"),
                ],
                body: #"{"ok":true}"#)
        ])
    }

    @Test func aProfileNamingALogOutsideTheStateFolderIsRefused() async throws {
        let server = try await Self.okServer()
        defer { server.stop() }
        let workspace = try Self.workspace(server, "log: {file: ~/.bashrc, level: debug}")
        defer { CommandRunner.remove(workspace.directory) }
        let home = workspace.directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let bashrc = home.appendingPathComponent(".bashrc")
        try Data("export PATH=/usr/bin\n".utf8).write(to: bashrc)
        let output = try await workspace.run(
            ["request", "pathy", "thing"], environment: Self.key.merging(["HOME": home.path]) { $1 })
        #expect(output.status == 2, "\(output.stderr)")
        #expect(
            output.stderr.contains("pathy.yaml:4:13: 'log.file' must be a file name inside apiexplore's log folder"))
        #expect(try String(contentsOf: bashrc, encoding: .utf8) == "export PATH=/usr/bin\n")
        #expect(try server.received().isEmpty)
    }

    @Test func aProfileLogIsKeptInTheStateLogFolder() async throws {
        let server = try await Self.okServer()
        defer { server.stop() }
        let workspace = try Self.workspace(server, "log: {file: pathy.log, level: debug}")
        defer { CommandRunner.remove(workspace.directory) }
        for _ in 0..<2 {
            let output = try await workspace.run(["request", "pathy", "thing"], environment: Self.key)
            #expect(output.status == 0, "\(output.stderr)")
        }
        let log = workspace.state.appendingPathComponent("logs/pathy.log")
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.hasPrefix("# apiexplore request log\n"))
        #expect(text.components(separatedBy: "/thing").count >= 3, "both runs appended: \(text)")
        #expect(!text.contains("key-3dfx"))
        #expect(try workspace.mode(of: log) == 0o600)
    }

    @Test func theUserChoosesALogElsewhereAndNoForeignFileIsAppendedTo() async throws {
        let server = try await Self.okServer()
        defer { server.stop() }
        let workspace = try Self.workspace(server, "")
        defer { CommandRunner.remove(workspace.directory) }
        let foreign = workspace.directory.appendingPathComponent("notes.txt")
        try Data("mine\n".utf8).write(to: foreign)
        let modeBefore = try workspace.mode(of: foreign)
        let refused = try await workspace.run(
            ["request", "pathy", "thing", "--log-file", foreign.path], environment: Self.key)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("was not created by apiexplore"), "\(refused.stderr)")
        #expect(try String(contentsOf: foreign, encoding: .utf8) == "mine\n")
        #expect(try workspace.mode(of: foreign) == modeBefore, "its mode was not changed")

        let chosen = workspace.directory.appendingPathComponent("logs/run.log")
        let logged = try await workspace.run(
            ["request", "pathy", "thing", "--log-file", chosen.path], environment: Self.key)
        #expect(logged.status == 0, "\(logged.stderr)")
        #expect(try String(contentsOf: chosen, encoding: .utf8).contains("/thing"))

        // The configuration's `logs:` names a file for one profile.
        let config = workspace.directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("apiexplore"), withIntermediateDirectories: true)
        let configured = workspace.directory.appendingPathComponent("configured.log")
        try Data("logs: {pathy: \(configured.path)}\n".utf8).write(
            to: config.appendingPathComponent("apiexplore/config.yaml"))
        let viaConfig = try await workspace.run(
            ["request", "pathy", "thing"], environment: Self.key.merging(["XDG_CONFIG_HOME": config.path]) { $1 })
        #expect(viaConfig.status == 0, "\(viaConfig.stderr)")
        #expect(try String(contentsOf: configured, encoding: .utf8).hasPrefix("# apiexplore request log\n"))
    }

    /// Where each kind of state file of the profile `pathy` lives, and what it needs turned on.
    static let stateFiles: [(what: String, extra: String, file: @Sendable (URL, String) -> URL)] = [
        ("log", "log: {file: pathy.log}", { state, _ in state.appendingPathComponent("logs/pathy.log") }),
        ("cookie jar", "cookies: true", { state, _ in state.appendingPathComponent("cookies/pathy.json") }),
        (
            "cache entry", "cache: {etag: true}",
            { state, origin in
                let key = Data((origin + "/thing\u{0}").utf8)
                let digest = SHA256.hash(data: key).map { String(format: "%02x", $0) }.joined()
                return state.appendingPathComponent("http-cache/pathy/\(digest).json")
            }
        ),
    ]

    @Test(arguments: 0..<3)
    func aFIFOWhereAStateFileBelongsIsRefusedAtOnce(index: Int) async throws {
        let (what, extra, file) = Self.stateFiles[index]
        let server = try await Self.okServer()
        defer { server.stop() }
        let workspace = try Self.workspace(server, extra)
        defer { CommandRunner.remove(workspace.directory) }
        let fifo = file(workspace.state, server.origin)
        try FileManager.default.createDirectory(
            at: fifo.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let output = try await workspace.run(["request", "pathy", "thing"], environment: Self.key)
        #expect(output.stderr.contains("is a FIFO, not a regular file"), "\(what): \(output.stderr)")
        if what == "cache entry" {
            // A cache is an optimisation: the request goes on, the entry is neither read nor replaced.
            #expect(output.status == 0, "\(output.stderr)")
        } else {
            #expect(output.status == 3, "\(what): \(output.stderr)")
        }
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "\(what): left as it was")
    }

    @Test func aSymbolicLinkWhereTheLogBelongsIsRefused() async throws {
        let server = try await Self.okServer()
        defer { server.stop() }
        let workspace = try Self.workspace(server, "log: {file: pathy.log}")
        defer { CommandRunner.remove(workspace.directory) }
        let victim = workspace.directory.appendingPathComponent("victim")
        try Data("keep\n".utf8).write(to: victim)
        let logs = workspace.state.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: logs.appendingPathComponent("pathy.log"), withDestinationURL: victim)
        let output = try await workspace.run(["request", "pathy", "thing"], environment: Self.key)
        #expect(output.status == 3)
        #expect(output.stderr.contains("is a symbolic link, not a regular file"), "\(output.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep\n")
    }
}
