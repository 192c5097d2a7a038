import Foundation
import Testing

/// Collections in and out through the binary: `profiles import postman|insomnia|http|bruno`,
/// `run FILE.http` against the demo server with reports and history, and `profiles export`.
@Suite(.serialized) struct CollectionCommandTests {
    /// The collection fixtures of the importer tests (real files; see their PROVENANCE.md).
    static func fixture(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("APIImportTests/Fixtures/collections/\(relative)").path
    }

    @Test(arguments: [
        (["postman", fixture("postman/schemas/nestedEntities.json")], "4 scripts kept as comments (not run)"),
        (["insomnia", fixture("insomnia/slumber/insomnia.json")], "environments local, remote"),
        (["http", fixture("http/slumber/jetbrains.http")], "environments development, production"),
        (["bruno", fixture("bruno/testbench")], "environments local, prod"),
    ])
    func importWritesAProfileThatLoads(_ source: [String], _ summary: String) async throws {
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        let output = try await workspace.run(["profiles", "import"] + source + ["--name", "fromcollection"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("imported "), "\(output.stderr)")
        #expect(output.stderr.contains(summary), "\(output.stderr)")
        let list = try await workspace.run([
            "profiles", "validate", workspace.profiles.appendingPathComponent("fromcollection.yaml").path,
        ])
        #expect(list.status == 0, "\(list.stdout)\(list.stderr)")
    }

    @Test func malformedCollectionIsALocatedErrorAndWritesNothing() async throws {
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        let file = workspace.directory.appendingPathComponent("broken.http")
        try Data("GET https://x.test/a\n\n###\nthis is not a request\n".utf8).write(to: file)
        let output = try await workspace.run(["profiles", "import", "http", file.path, "--name", "broken"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("broken.http:4: expected a request line"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: workspace.profiles.appendingPathComponent("broken.yaml").path))
    }

    /// A `.http` file run against the demo server: the private password is used but shown nowhere,
    /// the login's token is captured for the next request, the demo profile lends its envelope
    /// and error catalogue, the reports are written, and history has every exchange.
    @Test func httpFileRunsWithEnvelopeCapturesReportsAndHistory() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "shop": BackendWorkspace.envelopeProfile(
                "shop", server.baseURL,
                """
                defaults: {expect: [success]}
                errors:
                  40013: {name: token_expired}
                endpoints:
                  users: {path: /cmd/users}
                """)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let folder = workspace.directory.appendingPathComponent("api")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let requests = """
            ### users
            GET {{host}}/cmd/users
            Accept: application/json

            ###
            # @name login
            POST {{host}}/session/login
            Content-Type: application/json

            {"user": "ada", "password": "{{password}}"}

            ### profile
            GET {{host}}/session/profile
            Authorization: Bearer {{login.response.body.$.data.token}}

            ### orders
            GET {{host}}/cmd/orders
            """
        try Data(requests.utf8).write(to: folder.appendingPathComponent("shop.http"))
        try Data(#"{"dev": {"host": "\#(server.baseURL)"}}"#.utf8).write(
            to: folder.appendingPathComponent("http-client.env.json"))
        try Data(#"{"dev": {"password": "demo-password"}}"#.utf8).write(
            to: folder.appendingPathComponent("http-client.private.env.json"))
        let output = try await workspace.run([
            "run", folder.appendingPathComponent("shop.http").path, "--profile", "shop", "--keep-going",
            "--report-junit", workspace.directory.appendingPathComponent("r.xml").path,
        ])
        // The orders call answers business code 40013 inside HTTP 200: a business failure (exit 4).
        #expect(output.status == 4, "\(output.stdout)\(output.stderr)")
        let calls = Subprocess.jsonLines(output.stdout).filter { $0["endpoint"] != nil }
        #expect(calls.map { $0["endpoint"] as? String } == ["users", "login", "profile", "orders"], "\(output.stdout)")
        #expect(calls.map { $0["outcome"] as? String } == ["success", "success", "success", "business-failure"])
        #expect(calls.map { $0["line"] as? Int } == [2, 7, 13, 17])
        #expect((calls.last?["business_error"] as? [String: Any])?["name"] as? String == "token_expired")
        #expect(!output.stdout.contains("demo-password"))
        let junit = try String(contentsOf: workspace.directory.appendingPathComponent("r.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite"))
        #expect(junit.contains("token_expired"))
        #expect(try await workspace.historyRows().count == 4)
        #expect(!(try workspace.storedText()).contains("demo-password"))
    }

    @Test func exportsValidateAndCarryNoSecret() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "shop": BackendWorkspace.envelopeProfile(
                "shop", server.baseURL,
                """
                auth: {bearer: {token: "${env:SHOP_TOKEN}"}}
                errors:
                  40013: {name: token_expired, message: Sign in again}
                endpoints:
                  users: {path: /cmd/users}
                  user:
                    path: /cmd/users/{id}
                    params: {id: {default: "1001"}}
                """)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        let secret = ["SHOP_TOKEN": "tok-9f8e7d6c5b4a"]
        let recorded = try await workspace.script(
            "use shop\ncall user id=1001\ncall user id=1002\ncall users\n", environment: secret)
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        let openapi = workspace.directory.appendingPathComponent("shop.openapi.json")
        let export = try await workspace.run(
            ["profiles", "export", "shop", "--format", "openapi", "-o", openapi.path], environment: secret)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("response schemas from history for 2 of 2 endpoints"), "\(export.stderr)")
        let validator = try await Subprocess.run(
            "python3",
            [
                "-c",
                "import sys\nfrom openapi_spec_validator import validate\n"
                    + "from openapi_spec_validator.readers import read_from_filename\n"
                    + "validate(read_from_filename(sys.argv[1])[0])",
                openapi.path,
            ])
        #expect(validator.status == 0, "\(validator.stdout)\(validator.stderr)")
        let text = try String(contentsOf: openapi, encoding: .utf8)
        #expect(text.contains("\"city\""), "the user model's schema comes from history")
        #expect(text.contains("token_expired"))
        let postman = workspace.directory.appendingPathComponent("shop.postman_collection.json")
        let http = workspace.directory.appendingPathComponent("shop.http")
        for (format, file) in [("postman", postman), ("http", http)] {
            let output = try await workspace.run(
                ["profiles", "export", "shop", "--format", format, "-o", file.path], environment: secret)
            #expect(output.status == 0, "\(output.stderr)")
            #expect(output.stderr.contains("secrets exported as variables (no values): SHOP_TOKEN"))
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: workspace.directory.path)
        #expect(written.contains("shop.shop.postman_environment.json"))
        #expect(written.contains("http-client.env.json"))
        for name in written where name.hasSuffix(".json") || name.hasSuffix(".http") {
            let content = try String(contentsOf: workspace.directory.appendingPathComponent(name), encoding: .utf8)
            #expect(!content.contains("tok-9f8e7d6c5b4a"), "\(name) holds the token")
        }
        // An existing file is kept, and a link is refused even with --force.
        let again = try await workspace.run(["profiles", "export", "shop", "--format", "postman", "-o", postman.path])
        #expect(again.status == 2)
        let link = workspace.directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: postman.path)
        let linked = try await workspace.run([
            "profiles", "export", "shop", "--format", "openapi", "-o", link.path, "--force",
        ])
        #expect(linked.status == 2)
        #expect(linked.stderr.contains("it is a symbolic link"), "\(linked.stderr)")
    }
}
