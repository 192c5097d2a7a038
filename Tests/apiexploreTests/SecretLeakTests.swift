import Foundation
import Testing

/// A known token in every position a secret can take (an `${env:…}` header, bearer, basic, an
/// `${env:…}` query item, a body field, a literal `?token=` typed on the command line, a password
/// in a base URL's user info), through every command that prints or stores: not one byte of it in
/// the history database, its log, the exports, standard output or standard error.
@Suite struct SecretLeakTests {
    static let token = "tok-9f3a7c1e5b2d"

    /// Profiles that carry the token in each position; the demo echo route answers every request
    /// with what it received (headers, query, body), as a careless server would.
    static let profiles: [String: String] = [
        "leaky-header.yaml": """
        name: leaky-header
        base_url: "${demo:base_url}"
        headers:
          X-Api-Key: "${env:LEAK_TOKEN}"
        envelope: {status: null, success: http, tip: [], model: ""}
        endpoints:
          echo:
            path: /hazards/echo
            query: {apitoken: "${env:LEAK_TOKEN}", page: "1"}
          post_echo:
            method: POST
            path: /hazards/echo
            body: {user: "ann", credentials: {value: "${env:LEAK_TOKEN}"}}
        """,
        "leaky-bearer.yaml": """
        name: leaky-bearer
        base_url: "${demo:base_url}"
        auth:
          bearer: {token: "${env:LEAK_TOKEN}"}
        envelope: {status: null, success: http, tip: [], model: ""}
        endpoints:
          echo: {path: /hazards/echo}
        """,
        "leaky-basic.yaml": """
        name: leaky-basic
        base_url: "${demo:base_url}"
        auth:
          basic: {username: ann, password: "${env:LEAK_TOKEN}"}
        envelope: {status: null, success: http, tip: [], model: ""}
        endpoints:
          echo: {path: /hazards/echo}
        """,
        "leaky-userinfo.yaml": """
        name: leaky-userinfo
        base_url: "http://ann:\(token)@127.0.0.1:9"
        envelope: {status: null, success: http, tip: [], model: ""}
        endpoints:
          nothing: {path: /}
        """,
    ]

    @Test func aTokenInEveryPositionLeavesNoByteAnywhere() async throws {
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let profilesDirectory = scratch.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profilesDirectory, withIntermediateDirectories: true)
        for (name, text) in Self.profiles {
            try Data(text.utf8).write(to: profilesDirectory.appendingPathComponent(name))
        }
        let history = scratch.appendingPathComponent("history.sqlite").path
        let environment = ["APIEXPLORE_HISTORY": history, "LEAK_TOKEN": Self.token]
        let profiles = ["--profiles-dir", profilesDirectory.path]

        var outputs: [CommandRunner.Output] = []
        func run(_ arguments: [String], stdin: String? = nil) async throws -> CommandRunner.Output {
            let output = try await CommandRunner.run(arguments, stdin: stdin, environment: environment)
            outputs.append(output)
            return output
        }
        let script = """
            use leaky-header
            call echo
            call post_echo
            use leaky-bearer
            call echo
            use leaky-basic
            call echo
            use leaky-header
            get /hazards/echo?token=\(Self.token)&page=2
            """
        for style in [[], ["--pretty"]] {
            let output = try await run(["run", "-"] + style + profiles, stdin: script)
            #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        }
        for profile in ["leaky-header", "leaky-bearer", "leaky-basic"] {
            for format in ["json", "pretty", "model"] {
                let output = try await run(["request", profile, "echo", "--output", format] + profiles)
                #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
            }
        }
        // The secrets did go out: the echo saw the header, the query item and the authorization.
        let sent = try await run(["request", "leaky-header", "echo", "--output", "json"] + profiles)
        #expect(sent.stdout.contains("x-api-key") || sent.stdout.contains("X-Api-Key"), "\(sent.stdout)")
        #expect(sent.stdout.contains("apitoken"))

        let exportJSONL = scratch.appendingPathComponent("export.jsonl").path
        let exportHAR = scratch.appendingPathComponent("export.har").path
        for arguments in [
            ["history", "list"], ["history", "list", "--json"], ["history", "search", "echo"],
            ["history", "search", Self.token], ["history", "show", "1"], ["history", "show", "4"],
            ["history", "show", "5"], ["history", "export"], ["history", "export", "--format", "har"],
            ["history", "export", "-o", exportJSONL], ["history", "export", "--format", "har", "-o", exportHAR],
            ["profiles", "show", "leaky-userinfo"] + profiles, ["profiles", "show", "leaky-basic"] + profiles,
            ["profiles", "list"] + profiles,
        ] {
            let output = try await run(arguments)
            #expect(output.status == 0 || arguments[1] == "search", "\(arguments): \(output.stderr)")
        }

        let needle = Data(Self.token.utf8)
        for (index, output) in outputs.enumerated() {
            #expect(!output.stdout.contains(Self.token), "stdout of command \(index): \(output.stdout)")
            #expect(!output.stderr.contains(Self.token), "stderr of command \(index): \(output.stderr)")
        }
        let files = try FileManager.default.subpathsOfDirectory(atPath: scratch.path)
            .filter { !$0.hasPrefix("profiles") }
        #expect(files.contains("history.sqlite"))
        #expect(files.contains("export.jsonl") && files.contains("export.har"))
        for file in files {
            let url = scratch.appendingPathComponent(file)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            let bytes = try Data(contentsOf: url)
            #expect(bytes.range(of: needle) == nil, "the token is in \(file)")
        }
        // Exports hold exchanges: private, like the history file.
        for export in [exportJSONL, exportHAR] {
            let mode = try FileManager.default.attributesOfItem(atPath: export)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(export): \(String(mode ?? 0, radix: 8))")
        }
    }

    /// What signing in adds: an OAuth client secret, access and refresh tokens (echoed by the
    /// server), a login password and session token, and a session cookie (echoed too), through
    /// run, request, history and both exports.
    @Test func signInSecretsTokensAndCookiesLeaveNoByteAnywhere() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let profilesDirectory = scratch.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: profilesDirectory, withIntermediateDirectories: true)
        try Data(
            """
            name: oauth
            base_url: \(server.baseURL)
            envelope: {success: http, tip: message}
            auth:
              oauth2: {grant: client_credentials, token_url: "\(server.baseURL)/oauth/token", client_id: demo-client,
                       client_secret: "${env:OAUTH_SECRET}"}
            endpoints:
              me: {path: /oauth/me}
            """.utf8
        ).write(to: profilesDirectory.appendingPathComponent("oauth.yaml"))
        try Data(
            """
            name: shop
            base_url: \(server.baseURL)
            envelope: {status: code, success: 0, tip: msg, model: data}
            errors: {40013: {name: token_expired, action: reauth}}
            auth: {login: {endpoint: login, token: data>token}}
            cookies: true
            endpoints:
              login: {method: POST, path: /session/login, body: {user: ada, password: "${env:SHOP_PASSWORD}"}}
              me: {path: /session/profile}
              expire: {method: POST, path: /session/expire}
              echo: {path: /cookies/echo}
            """.utf8
        ).write(to: profilesDirectory.appendingPathComponent("shop.yaml"))
        let state = scratch.appendingPathComponent("state")
        let environment = [
            "APIEXPLORE_HISTORY": scratch.appendingPathComponent("history.sqlite").path,
            "APIEXPLORE_STATE": state.path, "OAUTH_SECRET": "demo-secret", "SHOP_PASSWORD": "demo-password",
        ]
        let profiles = ["--profiles-dir", profilesDirectory.path]
        var outputs: [CommandRunner.Output] = []
        func run(_ arguments: [String], stdin: String? = nil) async throws {
            let output = try await CommandRunner.run(arguments, stdin: stdin, environment: environment)
            #expect(output.status == 0, "\(arguments): \(output.stdout)\(output.stderr)")
            outputs.append(output)
        }
        let script = "use shop\ncall me\ncall echo\ncall expire\ncall me\nuse oauth\ncall me\n"
        try await run(["run", "-"] + profiles, stdin: script)
        try await run(["run", "-", "--pretty"] + profiles, stdin: script)
        // `--output raw` is the body exactly as received, as the user asked: not checked, like above.
        for format in ["json", "pretty", "model"] {
            try await run(["request", "oauth", "me", "--output", format] + profiles)
            try await run(["request", "shop", "echo", "--output", format] + profiles)
        }
        let exports = scratch.appendingPathComponent("exports")
        try FileManager.default.createDirectory(at: exports, withIntermediateDirectories: true)
        for arguments in [
            ["history", "list", "--json"], ["history", "show", "2"], ["history", "show", "3"], ["history", "export"],
            ["history", "export", "--format", "har"], ["history", "export", "-o", exports.path + "/all.jsonl"],
            ["history", "export", "--format", "har", "-o", exports.path + "/all.har"],
        ] {
            try await run(arguments)
        }

        // The kept copies: what must never appear anywhere else.
        var needles = ["demo-secret", "demo-password"]
        for file in ["tokens/oauth.json", "tokens/shop.json", "cookies/shop.json"] {
            let text = String(decoding: try Data(contentsOf: state.appendingPathComponent(file)), as: UTF8.self)
            needles += text.matches(of: /(?:at|rt|st)-[0-9]+-[0-9a-f]{8}|sess-[0-9a-f]{8}/).map { String($0.output) }
        }
        #expect(needles.count == 6, "\(needles)")
        var haystack = outputs.map { $0.stdout + $0.stderr }.joined()
        let files = try FileManager.default.subpathsOfDirectory(atPath: scratch.path)
            .filter { !$0.hasPrefix("profiles") && !$0.hasPrefix("state/tokens") && !$0.hasPrefix("state/cookies") }
        for file in files {
            let url = scratch.appendingPathComponent(file)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            haystack += String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }
        let recorded = haystack.contains("cookies/echo")
        #expect(recorded, "the exchanges were recorded and exported")
        for needle in needles {
            let leaked = haystack.contains(needle)
            #expect(!leaked, "\(needle) leaked")
        }
        // No token of any earlier sign-in either (the shop signed in twice).
        let earlier = haystack.firstMatch(of: /(?:at|rt|st)-[0-9]+-[0-9a-f]{8}|sess-[0-9a-f]{8}/).map {
            String($0.output)
        }
        #expect(earlier == nil)
    }

    @Test func anExistingExportFileIsMadePrivateBeforeItIsWritten() async throws {
        let scratch = try Subprocess.temporaryDirectory()
        defer { CommandRunner.remove(scratch) }
        let export = scratch.appendingPathComponent("shared.jsonl")
        try Data("old\n".utf8).write(to: export)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: export.path)
        let history = ["APIEXPLORE_HISTORY": scratch.appendingPathComponent("history.sqlite").path]
        _ = try await CommandRunner.run(["run", "-"], stdin: "use demo\ncall user\n", environment: history)
        let output = try await CommandRunner.run(["history", "export", "-o", export.path], environment: history)
        #expect(output.status == 0, "\(output.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: export.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try String(contentsOf: export, encoding: .utf8).contains("\"endpoint\":\"user\""))
    }
}
