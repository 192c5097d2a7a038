import Foundation
import RawHTTPTesting
import Testing

/// The secret-sink test (issue 33): a secret from every source and every token a sign-in mints,
/// sent to a loopback server that echoes them in its bodies, tips, response headers and error
/// pages, then every command and sink that shows, prints or stores anything: `request` in every
/// `--output`, `--print-curl` and `--dry-run`, `-o`, a transport error, `run` with all three
/// reports, `--pretty` and `--screen`, a script's `probe`, `capture` and `expect` lines, history
/// list, show, search and both exports, the profile's log, and the terminal UI's panes through
/// tmux. Not one secret value may appear in any of them; and the server did receive each one, so
/// the test cannot pass on a client that sent nothing.
@Suite(.serialized) struct SecretSinkTests {
    /// A random part, so no secret can match anything by chance.
    static let salt = String(UInt64.random(in: 0..<UInt64.max), radix: 36)

    /// The secrets, by where they come from.
    static let environmentSecret = "env-secret-\(salt)"
    static let fileSecret = "file-secret-\(salt)"
    static let folderSecret = "folder-secret-\(salt)"
    static let commandSecret = "cmd-secret-\(salt)"
    static let promptSecret = "prompt-secret-\(salt)"
    static let password = "pw-secret-\(salt)"
    static let literalHeader = "literal-secret-\(salt)"
    static let credentialField = "field-secret-\(salt)"
    static let clientSecret = "client-secret-\(salt)"
    static let badFileSecret = "bad-secret-\(salt)"
    /// Minted by the server.
    static let loginToken = "login-token-\(salt)"
    static let accessToken = "oauth-access-\(salt)"
    static let refreshToken = "oauth-refresh-\(salt)"
    static let cookie = "cookie-secret-\(salt)"

    /// What must never appear anywhere (the prompt's is checked where it is typed, in the UI test).
    static let secrets = [
        environmentSecret, fileSecret, folderSecret, commandSecret, password, literalHeader, credentialField,
        clientSecret, badFileSecret, loginToken, accessToken, refreshToken, cookie,
    ]

    /// The echo server (`Fixtures/echo_server.py`), on a free loopback port.
    final class EchoServer {
        let process = Process()
        let port: Int
        let received: URL

        init(scratch: URL) throws {
            received = scratch.appendingPathComponent("received.jsonl")
            let script = Subprocess.repositoryRoot.appendingPathComponent(
                "Tests/apiexploreTests/Fixtures/echo_server.py")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", script.path, received.path, SecretSinkTests.loginToken, SecretSinkTests.accessToken,
                SecretSinkTests.refreshToken, SecretSinkTests.cookie,
            ]
            let output = try ProcessLaunch.run(process, piping: .output)
            // The first line is the port: read until it has come (a blocking read, no sleep).
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                line += chunk
            }
            guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            else {
                process.terminate()
                throw Failure(description: "the echo server did not start")
            }
            self.port = port
        }

        /// SIGKILL: the test runner's threads block signals and a child inherits the mask, so the
        /// server would never see a SIGTERM.
        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// Everything the server was sent.
        func log() throws -> String { String(decoding: try Data(contentsOf: received), as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The test's folder: profiles, secret files, history, state, the user's secrets folder.
    struct Workspace {
        let root: URL
        let server: EchoServer
        var profiles: URL { root.appendingPathComponent("profiles") }
        var home: URL { root.appendingPathComponent("home") }
        var state: URL { root.appendingPathComponent("state") }
        var history: URL { root.appendingPathComponent("history.sqlite") }
        var log: URL { state.appendingPathComponent("logs/sink.log") }

        init() throws {
            root = try Subprocess.temporaryDirectory()
            server = try EchoServer(scratch: root)
            let manager = FileManager.default
            try manager.createDirectory(at: profiles, withIntermediateDirectories: true)
            let folder = home.appendingPathComponent(".config/apiexplore/secrets")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.writePrivate(SecretSinkTests.folderSecret + "\n", to: folder.appendingPathComponent("folder.txt"))
            try Self.writePrivate(SecretSinkTests.fileSecret + "\n", to: profiles.appendingPathComponent("key.txt"))
            // What the `${cmd:…}` command prints, as `pass show` would: the command line itself holds no secret.
            try Self.writePrivate(
                SecretSinkTests.commandSecret + "\n", to: profiles.appendingPathComponent("command-output.txt"))
            // A line break inside a header value: the transport refuses it.
            try Self.writePrivate(
                SecretSinkTests.badFileSecret + "\rtail\n", to: profiles.appendingPathComponent("bad.txt"))
            let base = "http://127.0.0.1:\(server.port)"
            try Data(
                """
                name: sink
                base_url: "\(base)"
                envelope: {status: code, success: 0, tip: msg, model: data}
                errors: {40013: {name: token_expired}}
                auth: {login: {endpoint: login, token: data>token}}
                cookies: true
                log: {file: sink.log, level: debug}
                redact: {headers: [X-Custom-Auth]}
                headers:
                  X-Api-Key: "${env:SINK_ENV}"
                  X-File-Key: "${file:key.txt}"
                  X-Folder-Key: "${file:~/.config/apiexplore/secrets/folder.txt}"
                  X-Cmd-Key: "${cmd:cat command-output.txt}"
                  X-Custom-Auth: "\(SecretSinkTests.literalHeader)"
                endpoints:
                  login: {method: POST, path: /login, body: {user: ada, password: "${env:SINK_PASSWORD}"}}
                  echo: {path: /echo, query: {page: "1"}}
                  field: {method: POST, path: /echo, body: {name: ada, api_key: "\(SecretSinkTests.credentialField)"}}
                  fail: {path: /fail}
                  business: {path: /business}
                  bad: {path: /echo, headers: {X-Bad: "${file:bad.txt}"}}
                """.utf8
            ).write(to: profiles.appendingPathComponent("sink.yaml"))
            try Data(
                """
                name: oauth
                base_url: "\(base)"
                envelope: {success: http, tip: [], model: ""}
                auth:
                  oauth2: {grant: client_credentials, token_url: "\(base)/oauth/token", client_id: sink-client,
                           client_secret: "${env:SINK_CLIENT_SECRET}"}
                endpoints:
                  echo: {path: /echo}
                """.utf8
            ).write(to: profiles.appendingPathComponent("oauth.yaml"))
            try Data(
                """
                name: prompted
                base_url: "\(base)"
                envelope: {status: code, success: 0, tip: msg, model: data}
                headers: {X-Prompted: "${prompt:Sink key}"}
                endpoints:
                  echo: {path: /echo}
                """.utf8
            ).write(to: profiles.appendingPathComponent("prompted.yaml"))
        }

        static func writePrivate(_ text: String, to url: URL) throws {
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        }

        /// The variables every command gets: the secrets' environment (the password and the
        /// environment secret with the CR a Windows `.env` file leaves), and fixed HOME, history and state.
        var environment: [String: String] {
            [
                "SINK_ENV": SecretSinkTests.environmentSecret + "\r", "SINK_PASSWORD": SecretSinkTests.password,
                "SINK_CLIENT_SECRET": SecretSinkTests.clientSecret, "HOME": home.path,
                "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path, "APIEXPLORE_HISTORY": history.path,
                "APIEXPLORE_STATE": state.path,
            ]
        }

        /// Consent to the command and to the shared secrets folder the sink profile, not one of the
        /// user's own, reads: this test is about masking what is read.
        var profileFlags: [String] { ["--profiles-dir", profiles.path, "--allow-commands", "--allow-secret-files"] }

        func remove() {
            server.stop()
            CommandRunner.remove(root)
        }

        /// Every file the commands wrote: history, exports, reports, the log, curl copies; not the
        /// inputs (profiles, secret files) nor the kept credentials (tokens, cookie jar).
        func writtenFiles() throws -> [URL] {
            let kept = ["profiles", "home/.config/apiexplore/secrets", "state/tokens", "state/cookies", "received"]
            return try FileManager.default.subpathsOfDirectory(atPath: root.path)
                .filter { path in !kept.contains { path.hasPrefix($0) } }
                .map { root.appendingPathComponent($0) }
                .filter { url in
                    var isDirectory: ObjCBool = false
                    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                        && !isDirectory.boolValue
                }
        }
    }

    /// The secrets (and the forms a careless sink would print them in) found in `text`.
    static func leaks(in text: String) -> [String] {
        secrets.filter { text.contains($0) || text.contains($0.replacingOccurrences(of: "-", with: "%2D")) }
    }

    @Test func noSecretReachesAnyCommandReportHistoryOrLog() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let flags = workspace.profileFlags
        var outputs: [(String, CommandRunner.Output)] = []
        @discardableResult
        func run(_ arguments: [String], stdin: String? = nil, expecting statuses: Set<Int32> = [0]) async throws
            -> CommandRunner.Output
        {
            let output = try await CommandRunner.run(arguments, stdin: stdin, environment: workspace.environment)
            #expect(statuses.contains(output.status), "\(arguments): \(output.status)\n\(output.stderr)")
            outputs.append((arguments.joined(separator: " "), output))
            return output
        }

        for format in ["json", "pretty", "raw", "model"] {
            try await run(["request", "sink", "echo", "--output", format] + flags)
            try await run(["request", "sink", "field", "--output", format] + flags)
        }
        // The login endpoint called directly, as its automatic use calls it.
        let login = try await run(["request", "sink", "login"] + flags)
        #expect(login.stdout.contains("welcome back"))
        // An HTTP 500 error page and a business failure, both echoing (no default expectation: exit 0).
        try await run(["request", "sink", "fail"] + flags)
        try await run(["request", "sink", "business", "--output", "pretty"] + flags)
        let refused = try await run(["request", "sink", "bad"] + flags, expecting: [3])
        #expect(refused.stderr.contains("X-Bad"), "the transport error names the header: \(refused.stderr)")
        try await run(["request", "sink", "echo", "--print-curl"] + flags)
        try await run(["request", "sink", "echo", "--dry-run"] + flags)
        let saved = workspace.root.appendingPathComponent("saved-body.json")
        try await run(["request", "sink", "echo", "-o", saved.path] + flags)
        try await run(["request", "oauth", "echo"] + flags)
        try await run(["request", "oauth", "echo", "--output", "raw"] + flags)

        // A script whose probe, capture and expect lines show what the server echoed.
        let script = workspace.root.appendingPathComponent("echo.apx")
        try Data(
            """
            use sink
            call echo
            probe data>headers
            capture auth = data>headers>authorization
            probe data>said
            expect tip "nothing like this"
            expect probe data>headers>x-api-key == "something else"
            call field
            probe data>body
            call business
            call bad
            use oauth
            call echo
            probe data>headers>authorization
            """.utf8
        ).write(to: script)
        let reports = ["junit.xml", "tap.txt", "report.json"].map { workspace.root.appendingPathComponent($0).path }
        try await run(
            [
                "run", script.path, "--keep-going", "--report-junit", reports[0], "--report-tap", reports[1],
                "--report-json", reports[2],
            ] + flags, expecting: [1, 3, 4])
        try await run(["run", script.path, "--keep-going", "--pretty"] + flags, expecting: [1, 3, 4])
        try await run(["run", script.path, "--keep-going", "--screen", "120x40"] + flags, expecting: [1, 3, 4])

        // Load runs that keep every exchange in history: the echoes, the login's minted token and
        // cookie, an OAuth 2.0 token; and their reports.
        for (profile, endpoint, count) in [("sink", "echo", 3), ("sink", "login", 2), ("oauth", "echo", 2)] {
            let load = try await run(
                ["load", profile, endpoint, "-n", "\(count)", "-c", "1", "--record", "each"] + flags)
            let recorded = load.stdout.contains(#""mode":"each","recorded":\#(count),"#)
            #expect(recorded, "load \(profile) \(endpoint) kept each exchange: \(load.stdout)")
        }
        try await run(["load", "sink", "login", "-n", "1", "--pretty"] + flags)

        let exports = workspace.root.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        for arguments in [
            ["history", "list"], ["history", "list", "--json"], ["history", "search", "echo"],
            ["history", "show", "1"], ["history", "show", "2"], ["history", "show", "3"],
            ["history", "export"], ["history", "export", "--format", "har"],
            ["history", "export", "-o", exports.appendingPathComponent("all.jsonl").path],
            ["history", "export", "--format", "har", "-o", exports.appendingPathComponent("all.har").path],
        ] {
            try await run(arguments)
        }

        // The secrets did go out, and were echoed back (the client secret in a Basic header; the
        // refresh token is only kept, and the bad one never leaves).
        let received = try workspace.server.log()
        let basic = Data("sink-client:\(Self.clientSecret)".utf8).base64EncodedString()
        for secret in Self.secrets where ![Self.badFileSecret, Self.refreshToken, Self.clientSecret].contains(secret) {
            let sent = received.contains(secret)
            #expect(sent, "the server never received \(secret)")
        }
        let sentBasic = received.contains(basic)
        #expect(sentBasic, "the server never received the client secret")
        #expect(outputs.contains { $0.1.stdout.contains("you sent") }, "the echoes were printed")
        for (command, output) in outputs {
            let leaks = (Self.leaks(in: output.stdout), Self.leaks(in: output.stderr))
            #expect(leaks.0.isEmpty, "stdout of \(command) shows \(leaks.0)")
            #expect(leaks.1.isEmpty, "stderr of \(command) shows \(leaks.1)")
        }
        let files = try workspace.writtenFiles()
        let names = Set(files.map(\.lastPathComponent))
        for expected in ["history.sqlite", "sink.log", "all.jsonl", "all.har", "junit.xml", "tap.txt", "report.json"] {
            #expect(names.contains(expected), "\(expected) was written")
        }
        for file in files {
            let leaks = Self.leaks(in: String(decoding: try Data(contentsOf: file), as: UTF8.self))
            #expect(leaks.isEmpty, "\(file.lastPathComponent) holds \(leaks)")
        }
    }

    /// `--show-secrets` is the explicit way to see them: on standard output, never in history.
    @Test func showSecretsRevealsOnlyWhatIsPrinted() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let output = try await CommandRunner.run(
            ["request", "sink", "echo", "--show-secrets"] + workspace.profileFlags, environment: workspace.environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains(Self.environmentSecret))
        let leaks = Self.leaks(in: String(decoding: try Data(contentsOf: workspace.history), as: UTF8.self))
        #expect(leaks.isEmpty, "history holds \(leaks)")
    }

    /// The terminal UI: the Model, Tip, Raw, Headers and Request views and a `:` line, with a secret
    /// typed at a `${prompt:…}` question besides.
    @Test func theTerminalUIShowsNoSecret() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let variables = workspace.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        let binary = shellQuoted(CommandRunner.executable.path)
        let session = try TmuxSession(
            command: "env \(variables) timeout --foreground 900 \(binary) --profile sink "
                + workspace.profileFlags.map(shellQuoted).joined(separator: " ") + "; sleep 120")
        defer { session.kill() }
        var screens: [String] = []
        func remember(_ screen: String) -> String {
            screens.append(screen)
            return screen
        }
        _ = remember(try await session.waitFor("the UI") { $0.contains("apiexplore · sink") })
        try session.type(":call echo")
        try session.press("Enter")
        _ = remember(try await session.waitFor("the echo") { $0.contains("HTTP 200") && $0.contains("you sent") })
        // Unfold the whole model, then each view of the model pane.
        try session.type("0")
        _ = remember(try await session.waitFor("the unfolded model") { $0.contains("x-api-key") })
        for view in ["Headers", "Raw", "Request", "Timing"] {
            try session.type("v")
            _ = remember(try await session.waitFor("the \(view) view") { $0.contains("[\(view)") })
        }
        try session.type(":probe data>said")
        try session.press("Enter")
        _ = remember(try await session.waitFor("the probe's answer") { $0.contains("you sent") || $0.contains("= ") })
        try session.type(":use prompted")
        try session.press("Enter")
        try session.type(":call echo")
        try session.press("Enter")
        _ = remember(try await session.waitFor("the prompt") { $0.contains("Sink key") })
        try session.type(Self.promptSecret)
        _ = remember(try session.capture())
        try session.press("Enter")
        _ = remember(
            try await session.waitFor("the prompted echo") { $0.contains("HTTP 200") && $0.contains("x-prompted") })
        try session.type("0")
        _ = remember(try await session.waitFor("the unfolded prompted echo") { $0.contains("x-prompted") })
        try session.type("q")

        #expect(try workspace.server.log().contains(Self.promptSecret), "the prompted secret was sent")
        for screen in screens {
            let leaks = Self.leaks(in: screen) + (screen.contains(Self.promptSecret) ? [Self.promptSecret] : [])
            #expect(leaks.isEmpty, "\(leaks) on screen:\n\(screen)")
        }
        let history = String(decoding: try Data(contentsOf: workspace.history), as: UTF8.self)
        let leaks = Self.leaks(in: history) + (history.contains(Self.promptSecret) ? [Self.promptSecret] : [])
        #expect(leaks.isEmpty, "history holds \(leaks)")
    }
}
