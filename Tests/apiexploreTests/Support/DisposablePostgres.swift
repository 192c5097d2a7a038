import Foundation
import RawHTTPTesting
import Synchronization

/// A PostgreSQL server of a test's own, on a free loopback port with trust authentication for the
/// role `apiexplore` (a superuser), in a temporary folder: for tests that stop the server, or create
/// databases and roles as an administrator would. `scripts/test` starts the suite's shared server
/// the same way; this one is not shared, so stopping it disturbs no other test.
///
/// The server runs in the foreground as this test's child (`postgres`, not `pg_ctl`, whose daemon
/// would outlive the process the test waits for), as the `postgres` user when the test runs as root
/// (`setpriv`, which executes it in place), and is ready once it says so on its standard error. The
/// waits for `initdb` and for the server to be ready hold no concurrency thread.
final class DisposablePostgres {
    let folder: URL
    private(set) var port = 0
    private let bin: String
    private let runAs: [String]
    private let server = Mutex<Process?>(nil)

    /// `postgres://apiexplore@127.0.0.1:PORT/postgres`, the superuser's URL.
    var url: String { "postgres://apiexplore@127.0.0.1:\(port)/postgres" }

    /// `postgres://USER@127.0.0.1:PORT/DATABASE` plus `query` when given.
    func url(user: String, database: String, query: String? = nil) -> String {
        "postgres://\(user)@127.0.0.1:\(port)/\(database)" + (query.map { "?" + $0 } ?? "")
    }

    init() async throws {
        bin = try await Self.binaries()
        folder = try Subprocess.temporaryDirectory()
        if getuid() == 0 {
            runAs = ["setpriv", "--reuid=postgres", "--regid=postgres", "--init-groups", "--"]
            try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: folder.path)
        } else {
            runAs = []
        }
        let command =
            runAs + [
                "\(bin)/initdb", "-D", folder.appendingPathComponent("data").path, "-U", "apiexplore", "--auth=trust",
                "-E", "UTF8", "--locale=C.UTF-8", "--no-sync",
            ]
        let initdb = try await Subprocess.run(command[0], Array(command.dropFirst()))
        guard initdb.status == 0 else { throw Failure(text: "initdb failed: \(initdb.stderr)\(initdb.stdout)") }
        for _ in 0..<8 {
            port = Int.random(in: 20_000..<60_000)
            if try await start(on: port) { return }
        }
        throw Failure(text: "could not start PostgreSQL on a free loopback port")
    }

    /// Starts the server again after ``stop()``, on the same port.
    func start() async throws {
        guard try await start(on: port) else { throw Failure(text: "could not restart PostgreSQL on port \(port)") }
    }

    /// Starts `postgres` and waits for its "ready to accept connections"; `false` when it ends first
    /// (the port is taken). Its standard error is read on a thread of its own, so the wait holds no
    /// concurrency thread.
    private func start(on port: Int) async throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            runAs + [
                "\(bin)/postgres", "-D", folder.appendingPathComponent("data").path, "-c", "listen_addresses=127.0.0.1",
                "-p", String(port), "-k", folder.path, "-c", "fsync=off",
            ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = try ProcessLaunch.run(process, piping: .errors)
        let reader = errors.fileHandleForReading
        let ready = await onOwnThread {
            var seen = Data()
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty {
                    process.waitUntilExit()
                    return false
                }
                seen += chunk
                if String(decoding: seen, as: UTF8.self).contains("ready to accept connections") { return true }
            }
        }
        guard ready else { return false }
        // The server keeps logging; its log is read (and dropped) until it ends, so it never blocks on it.
        DispatchQueue.global().async {
            while !reader.availableData.isEmpty {}
        }
        server.withLock { $0 = process }
        return true
    }

    /// Stops the server at once (SIGQUIT, PostgreSQL's immediate shutdown): open connections are cut,
    /// new ones refused.
    func stop() {
        guard
            let process = server.withLock({ server in
                defer { server = nil }
                return server
            })
        else { return }
        kill(process.processIdentifier, SIGQUIT)
        process.waitUntilExit()
    }

    /// Stops the server if it runs and removes its folder.
    func remove() {
        stop()
        CommandRunner.remove(folder)
    }

    /// Runs psql on `url` with `arguments`, stopping at the first error.
    func psql(_ url: String, _ arguments: [String]) async throws -> CommandRunner.Output {
        try await Subprocess.run("psql", [url, "-X", "-q", "-v", "ON_ERROR_STOP=1"] + arguments)
    }

    /// The folder of `initdb` and `postgres`: on PATH, else Debian's newest `/usr/lib/postgresql/N/bin`.
    private static func binaries() async throws -> String {
        let which = try await Subprocess.run("sh", ["-c", "command -v initdb"])
        if which.status == 0 {
            return URL(fileURLWithPath: which.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                .deletingLastPathComponent().path
        }
        let versions = (try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql"))
            .compactMap(Int.init).sorted()
        guard let newest = versions.last else {
            throw Failure(text: "PostgreSQL's initdb was not found: install postgresql-15 (README's prerequisites)")
        }
        return "/usr/lib/postgresql/\(newest)/bin"
    }

    struct Failure: Error, CustomStringConvertible {
        let text: String
        var description: String { text }
    }
}
