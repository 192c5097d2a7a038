import Crypto
import Foundation
import Testing

/// Imported descriptions and curl lines sent for real through the binary, to loopback servers
/// that echo what they received (`serve-demo`'s `/hazards/echo` and `/upload`): form bodies,
/// multipart uploads, credentials per operation and per host, secret parameters.
@Suite("Imported operations sent for real")
struct ImportSendTests {
    static let fixtures = Subprocess.repositoryRoot.appendingPathComponent("Tests/APIImportTests/Fixtures")

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The echo's headers as name and value pairs.
    static func headers(_ echo: [String: Any]) -> [(String, String)] {
        (echo["headers"] as? [[String]] ?? []).compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
    }

    /// A profile file with every base URL pointed at `url`.
    static func point(_ file: URL, at url: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let pointed = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("base_url: ") ? "base_url: \"\(url)\"" : String(line)
        }
        try Data(pointed.joined(separator: "\n").utf8).write(to: file)
    }

    /// Form fields decoded by Python's `urllib.parse`, the yardstick for the encoding.
    static func pythonDecoded(_ body: String) async throws -> [[String]] {
        let output = try await Subprocess.run(
            "python3",
            [
                "-c",
                "import sys, json, urllib.parse; print(json.dumps(urllib.parse.parse_qsl(sys.stdin.read(), strict_parsing=True)))",
            ],
            stdin: body)
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String]])
    }

    @Test func aTwilioFormOperationArrivesEncodedWithBasicAuth() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        let imported = try await workspace.run([
            "profiles", "import", "openapi",
            Self.fixtures.appendingPathComponent("openapi/real/twilio_studio_v2.json").path,
            "--name", "studio",
        ])
        #expect(imported.status == 0, "\(imported.stderr)")
        try Self.point(workspace.profiles.appendingPathComponent("studio.yaml"), at: server.baseURL + "/hazards/echo")
        let secrets = ["STUDIO_USERNAME": "AC0123456789", "STUDIO_PASSWORD": "auth-token-5150"]
        let sent = try await workspace.run(
            [
                "request", "studio", "create_flow", "FriendlyName=Main & Co = 1+1 ☕", "Status=draft",
                "-f", #"Definition={"states":[]}"#, "--output", "raw", "--show-secrets",
            ], environment: secrets)
        #expect(sent.status == 0, "\(sent.stderr)")
        let echo = try Self.json(sent.stdout)
        #expect(echo["method"] as? String == "POST")
        #expect(echo["path"] as? String == "/hazards/echo/v2/Flows")
        let headers = Self.headers(echo)
        #expect(headers.contains { $0.0.lowercased() == "content-type" && $0.1 == "application/x-www-form-urlencoded" })
        let basic = "Basic " + Data("AC0123456789:auth-token-5150".utf8).base64EncodedString()
        #expect(headers.contains { $0.0.lowercased() == "authorization" && $0.1 == basic })
        let body = try #require(echo["body"] as? String)
        #expect(
            try await Self.pythonDecoded(body)
                == [["FriendlyName", "Main & Co = 1+1 ☕"], ["Status", "draft"], ["Definition", #"{"states":[]}"#]])
        // The optional CommitMessage was not given: it is not sent, not even empty.
        #expect(!body.contains("CommitMessage"))
        #expect(!sent.stderr.contains("auth-token-5150"))
    }

    static let shop = """
        openapi: 3.0.3
        info: {title: Shop, version: '1'}
        servers: [{url: 'http://127.0.0.1:1'}]
        security: [{bearer: []}]
        paths:
          /upload:
            post:
              operationId: uploadPhoto
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [photo]
                      properties:
                        photo: {type: string, format: binary}
                        note: {type: string}
              responses: {'200': {description: ok}}
          /hazards/echo/reports:
            get:
              operationId: listReports
              security: [{apiKey: []}]
              parameters:
                - {name: token, in: header, required: true, schema: {type: string}}
              responses: {'200': {description: ok}}
        components:
          securitySchemes:
            bearer: {type: http, scheme: bearer}
            apiKey: {type: apiKey, in: header, name: X-API-Key}
        """

    static func importShop(_ workspace: BackendWorkspace, server: DemoServer) async throws {
        let description = workspace.directory.appendingPathComponent("shop.yaml")
        try Data(Self.shop.utf8).write(to: description)
        let imported = try await workspace.run(["profiles", "import", "openapi", description.path, "--name", "shop"])
        #expect(imported.status == 0, "\(imported.stderr)")
        try Self.point(workspace.profiles.appendingPathComponent("shop.yaml"), at: server.baseURL)
    }

    static func randomFile(in directory: URL, bytes count: Int) throws -> (URL, String) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let file = directory.appendingPathComponent("photo-\(UUID().uuidString).bin")
        try Data(bytes).write(to: file)
        return (file, SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined())
    }

    static func uploadedDigest(_ output: String) throws -> String? {
        let parts = ((try Self.json(output)["data"] as? [String: Any])?["parts"] as? [[String: Any]]) ?? []
        return parts.first { $0["name"] as? String == "photo" }?["sha256"] as? String
    }

    @Test func aMultipartOperationUploadsTheFileFromADescriptionAndFromCurl() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        try await Self.importShop(workspace, server: server)
        let (file, digest) = try Self.randomFile(in: workspace.directory, bytes: 300_000)
        let described = try await workspace.run(
            ["request", "shop", "upload_photo", "photo=\(file.path)", "note=hi", "--output", "raw"],
            environment: ["SHOP_TOKEN": "t0k3n-value"])
        #expect(described.status == 0, "\(described.stderr)")
        #expect(try Self.uploadedDigest(described.stdout) == digest)

        let curl = try await workspace.run([
            "profiles", "import", "curl", "curl -F note=hi -F photo=@\(file.path) \(server.baseURL)/upload",
            "--name", "uploads",
        ])
        #expect(curl.status == 0, "\(curl.stderr)")
        let text = try String(contentsOf: workspace.profiles.appendingPathComponent("uploads.yaml"), encoding: .utf8)
        #expect(text.contains("multipart:"), "\(text)")
        // The file curl sent is the parameter's example, never a default: the call names it.
        #expect(!text.contains("default: \"\(file.path)\""), "\(text)")
        let fromCurl = try await workspace.run([
            "request", "uploads", "post_upload", "photo=\(file.path)", "--output", "raw",
        ])
        #expect(fromCurl.status == 0, "\(fromCurl.stderr)")
        #expect(try Self.uploadedDigest(fromCurl.stdout) == digest)
    }

    @Test func theOperationsAPIKeyBeatsTheGlobalBearerAndTheTokenParameterIsNowhere() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        try await Self.importShop(workspace, server: server)
        let token = "session-token-8d2f61"
        let environment = ["SHOP_TOKEN": "bearer-value-1234", "SHOP_API_KEY": "api-key-value-5678"]
        var outputs: [String] = []
        for format in ["raw", "json", "pretty"] {
            let sent = try await workspace.run(
                ["request", "shop", "list_reports", "token=\(token)", "--output", format], environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            // `--output raw` is the body byte for byte, as asked: the echo of the token stays in it.
            outputs += format == "raw" ? [sent.stderr] : [sent.stdout, sent.stderr]
            if format == "raw" {
                let headers = Self.headers(try Self.json(sent.stdout))
                // What reached the server: the operation's key, never the global bearer.
                #expect(!headers.contains { $0.0.lowercased() == "authorization" })
                #expect(!headers.contains { $0.1.contains("bearer-value-1234") })
            }
        }
        let dryRun = try await workspace.run(
            ["request", "shop", "list_reports", "token=\(token)", "--dry-run"], environment: environment)
        outputs += [dryRun.stdout, dryRun.stderr]
        #expect(dryRun.stdout.contains("X-API-Key: ••••"), "\(dryRun.stdout)")
        for history in [["history", "list"], ["history", "export"], ["history", "export", "--format", "har"]] {
            let shown = try await workspace.run(history)
            outputs += [shown.stdout, shown.stderr]
        }
        for output in outputs { #expect(!output.contains(token), "\(output)") }
        #expect(!(try workspace.storedText()).contains(token))
    }

    @Test func aCurlFileWithTwoHostsSendsEachRequestToItsOwnHostOnly() async throws {
        let first = try await DemoServer()
        defer { first.stop() }
        let second = try await DemoServer()
        defer { second.stop() }
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        let lines = """
            curl -H 'Authorization: Bearer $FIRST_TOKEN' \(first.baseURL)/hazards/echo/a
            curl -H 'Authorization: Bearer $SECOND_TOKEN' '\(second.baseURL)/hazards/echo/b?user=${USER_ID}'
            """
        let file = workspace.directory.appendingPathComponent("calls.sh")
        try Data(lines.utf8).write(to: file)
        let imported = try await workspace.run(["profiles", "import", "curl", "--file", file.path, "--name", "two"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOf: workspace.profiles.appendingPathComponent("two.yaml"), encoding: .utf8)
        #expect(text.contains("${env:USER_ID}"), "\(text)")
        let ids = text.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
            .map { String($0.dropFirst(2).dropLast()) }
        #expect(ids.count == 2, "\(text)")
        let environment = ["FIRST_TOKEN": "first-secret-111", "SECOND_TOKEN": "second-secret-222", "USER_ID": "u-42"]
        var seen: [String: [(String, String)]] = [:]
        var urls: [String: String] = [:]
        for id in ids {
            // `--show-secrets`: the echo shows what was sent; without it the session's gate masks it.
            let sent = try await workspace.run(
                ["request", "two", id, "--output", "raw", "--show-secrets"], environment: environment)
            #expect(sent.status == 0, "\(sent.stderr)")
            let echo = try Self.json(sent.stdout)
            let path = echo["path"] as? String ?? "?"
            seen[path] = Self.headers(echo)
            if path == "/hazards/echo/b" {
                #expect((echo["query"] as? [[String]])?.first == ["user", "u-42"])
            }
            let described = try await workspace.run(
                ["request", "two", id, "--output", "json"], environment: environment)
            urls[path] = (try Self.json(described.stdout)["request"] as? [String: Any])?["url"] as? String
        }
        let onFirst = try #require(seen["/hazards/echo/a"])
        let onSecond = try #require(seen["/hazards/echo/b"])
        #expect(urls["/hazards/echo/a"] == first.baseURL + "/hazards/echo/a")
        #expect(urls["/hazards/echo/b"] == second.baseURL + "/hazards/echo/b?user=••••")
        #expect(onFirst.contains { $0.1 == "Bearer first-secret-111" })
        #expect(onSecond.contains { $0.1 == "Bearer second-secret-222" })
        #expect(!onSecond.contains { $0.1.contains("first-secret-111") })
        #expect(!onFirst.contains { $0.1.contains("second-secret-222") })

    }

    @Test func remoteReferencesAreFetchedOnlyWhenAllowed() async throws {
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        // A loopback server holding the referenced document: serve-mock answering with an example.
        let served = workspace.directory.appendingPathComponent("served.yaml")
        try Data(
            """
            openapi: 3.0.3
            info: {title: Parameters, version: '1'}
            paths:
              /params.json:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          example: {limit: {name: limit, in: query, schema: {type: integer, default: 20}}}
            """.utf8
        ).write(to: served)
        let server = try await DemoServer(arguments: ["serve-mock", "--openapi", served.path, "--port", "0"])
        defer { server.stop() }
        let description = workspace.directory.appendingPathComponent("remote.yaml")
        try Data(
            """
            openapi: 3.0.3
            info: {title: Remote, version: '1'}
            paths:
              /items:
                get:
                  parameters: [{$ref: '\(server.baseURL)/params.json#/limit'}]
                  responses: {'200': {description: ok}}
            """.utf8
        ).write(to: description)
        let refused = try await workspace.run(["profiles", "import", "openapi", description.path, "-o", "-"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--allow-remote-refs"), "\(refused.stderr)")
        let fetched = try await workspace.run([
            "profiles", "import", "openapi", description.path, "--allow-remote-refs", "-o", "-",
        ])
        #expect(fetched.status == 0, "\(fetched.stderr)")
        #expect(fetched.stdout.contains(#"limit: {type: integer, default: "20"}"#), "\(fetched.stdout)")
    }
}
