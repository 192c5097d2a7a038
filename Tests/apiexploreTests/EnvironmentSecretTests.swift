import Foundation
import Testing

/// Environments and secret sources through the binary against `serve-demo`'s echo route, which
/// answers with every header, query item and body it received, as a careless server would: the
/// environment chosen by `--env` or `APIEXPLORE_ENV` is what is sent and recorded, and no value
/// read from a file, a command, a `.env` file or the environment reaches any output or stored byte.
@Suite(.serialized) struct EnvironmentSecretTests {
    static func environmentsProfile(_ base: String) -> String {
        """
        name: envs
        envelope: {status: null, success: http, tip: [], model: ""}
        vars: {tenant: shared}
        environments:
          dev: {base_url: "\(base)/hazards", vars: {tenant: dev-tenant}}
          prod: {base_url: "\(base)/hazards", vars: {tenant: prod-tenant}, headers: {X-Stage: live}}
        endpoints:
          echo: {path: /echo, headers: {X-Tenant: "${var:tenant}"}}
        """
    }

    @Test func theChosenEnvironmentIsSentRecordedAndFiltered() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: ["envs": Self.environmentsProfile(server.baseURL)])
        defer { CommandRunner.remove(workspace.directory) }

        let byDefault = try await workspace.run(["request", "envs", "echo", "--output", "model"])
        #expect(byDefault.status == 0, "\(byDefault.stderr)")
        #expect(byDefault.stdout.contains("dev-tenant"))
        let prod = try await workspace.run(["request", "envs", "echo", "--env", "prod", "--output", "model"])
        #expect(prod.status == 0, "\(prod.stderr)")
        #expect(prod.stdout.contains("prod-tenant") && prod.stdout.contains("live"))
        let fromVariable = try await workspace.run(
            ["request", "envs", "echo", "--output", "model"], environment: ["APIEXPLORE_ENV": "prod"])
        #expect(fromVariable.stdout.contains("prod-tenant"))

        let unknown = try await workspace.run(["request", "envs", "echo", "--env", "qa"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown environment 'qa' for profile 'envs'; expected one of dev, prod"))

        let all = try await workspace.historyRows()
        #expect(all.map { $0["environment"] as? String } == ["prod", "prod", "dev"])
        let prodRows = try await workspace.historyRows(["--env", "prod"])
        #expect(prodRows.count == 2)
        let devRows = try await workspace.historyRows(["--env", "dev"])
        #expect(devRows.count == 1)
        let listing = try await workspace.run(["profiles", "show", "envs", "--env", "prod"])
        #expect(listing.stdout.contains("env:       dev, *prod (production)"), "\(listing.stdout)")
    }

    static let fileToken = "file-tok-51c0ffee"
    static let commandToken = "cmd-tok-77aa31d9"
    static let dotEnvToken = "dotenv-tok-0b5e44"

    /// The command prints the token from a file, so the profile's own text never holds it.
    static func secretsProfile(_ base: String, tokenFile: String, marker: String, commandFile: String) -> String {
        """
        name: secrets
        base_url: "\(base)/hazards"
        envelope: {status: null, success: http, tip: [], model: ""}
        endpoints:
          from_file: {path: /echo, headers: {X-Key: "${file:\(tokenFile)}"}}
          from_own_folder: {path: /echo, headers: {X-Key: "${file:own-token}"}}
          from_command: {path: /echo, query: {key: "${cmd:touch \(marker); cat \(commandFile)}"}}
          from_prompt: {path: /echo, headers: {X-Otp: "${prompt:One-time code}"}}
          from_dotenv: {path: /echo, body: {key: "${env:DOTENV_KEY}"}, method: POST}
        """
    }

    @Test func secretSourcesAreReadSafelyAndNeverShown() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let tokenFile = scratch.appendingPathComponent("token")
        let marker = scratch.appendingPathComponent("command-ran")
        let commandFile = scratch.appendingPathComponent("command-output")
        try Data((Self.fileToken + "\n").utf8).write(to: tokenFile)
        try Data((Self.commandToken + "\n").utf8).write(to: commandFile)
        let workspace = try BackendWorkspace(profiles: [
            "secrets": Self.secretsProfile(
                server.baseURL, tokenFile: tokenFile.path, marker: marker.path, commandFile: commandFile.path)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        var outputs: [CommandRunner.Output] = []
        func run(_ arguments: [String]) async throws -> CommandRunner.Output {
            let output = try await workspace.run(["request", "secrets"] + arguments)
            outputs.append(output)
            return output
        }

        // A file outside the profile's folder could be any file of the user's: headless runs read
        // it only when told to. One in the profile's folder needs no leave.
        let outside = try await run(["from_file"])
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("headless runs need --allow-secret-files"), "\(outside.stderr)")
        let own = workspace.profiles.appendingPathComponent("own-token")
        try Data((Self.fileToken + "\n").utf8).write(to: own)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: own.path)
        let fromOwnFolder = try await run(["from_own_folder"])
        #expect(fromOwnFolder.status == 0, "\(fromOwnFolder.stderr)")

        // Like ssh with a private key: a file others can read is refused, and nothing is sent.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: tokenFile.path)
        let exposed = try await run(["from_file", "--allow-secret-files"])
        #expect(exposed.status == 2)
        #expect(
            exposed.stderr.contains(
                "secret file '\(tokenFile.path)' is accessible by others (mode 644); run 'chmod 600 \(tokenFile.path)'"
            ), "\(exposed.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        let fromFile = try await run(["from_file", "--allow-secret-files", "--output", "json"])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        // The server received it (with its trailing newline, the header would not have gone out),
        // and its echo is masked.
        #expect(fromFile.stdout.lowercased().contains("x-key"))

        // A command runs only when allowed: headless runs refuse it without --allow-commands.
        let refused = try await run(["from_command"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("headless runs need --allow-commands"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker.path))
        let allowed = try await run(["from_command", "--allow-commands", "--output", "json"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(FileManager.default.fileExists(atPath: marker.path))

        let prompted = try await run(["from_prompt"])
        #expect(prompted.status == 2)
        #expect(
            prompted.stderr.contains("secret prompt 'One-time code' needs someone to type it"), "\(prompted.stderr)")

        let dotEnv = workspace.directory.appendingPathComponent("local.env")
        try Data("# local secrets\nDOTENV_KEY=\(Self.dotEnvToken)\n".utf8).write(to: dotEnv)
        let fromDotEnv = try await run(["from_dotenv", "--env-file", dotEnv.path, "--output", "json"])
        #expect(fromDotEnv.status == 0, "\(fromDotEnv.stderr)")
        #expect(fromDotEnv.stdout.contains(#"{\"key\":\"••••\"}"#), "\(fromDotEnv.stdout)")

        let shown = outputs.map { $0.stdout + $0.stderr }.joined() + (try workspace.storedText())
        for secret in [Self.fileToken, Self.commandToken, Self.dotEnvToken] {
            let leaks: [String] = shown.ranges(of: secret).map { range in
                String(shown[..<range.upperBound].suffix(120))
            }
            #expect(leaks.isEmpty, "\(secret) leaked: \(leaks)")
        }
        // The refusals are recorded as failures, like a missing environment variable.
        #expect(
            try await workspace.historyRows().map { $0["outcome"] as? String }.filter { $0 == "success" }.count == 4)
    }
}
