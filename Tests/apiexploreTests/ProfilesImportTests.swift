import Foundation
import Testing

/// `profiles import` through the binary: an imported description's operations sent to the demo
/// backend's echo route (which answers with the method, path, query and body it received), our
/// own HAR export imported back, and the refusals that keep a user's files.
@Suite(.serialized) struct ProfilesImportTests {
    static var fixtures: URL {
        Subprocess.repositoryRoot.appendingPathComponent("Tests/APIImportTests/Fixtures")
    }

    @Test func importedOperationsSendTheirMethodPathQueryAndBody() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        // The OpenAPI Initiative's petstore, pointed at the echo route.
        let original = try String(
            contentsOf: Self.fixtures.appendingPathComponent("openapi/oai/v3.0/petstore-expanded.yaml"), encoding: .utf8
        )
        let description = workspace.directory.appendingPathComponent("petstore.yaml")
        try Data(
            original.replacingOccurrences(
                of: "https://petstore.swagger.io/v2", with: "\(server.baseURL)/hazards/echo/v2"
            ).utf8
        ).write(to: description)
        let imported = try await workspace.run(["profiles", "import", "openapi", description.path, "--name", "pets"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("as profile 'pets'"), "\(imported.stderr)")
        #expect(
            try await workspace.run([
                "profiles", "validate", workspace.profiles.appendingPathComponent("pets.yaml").path,
            ])
            .status == 0)

        func echo(_ arguments: [String]) async throws -> [String: Any] {
            let output = try await workspace.run(["request", "pets"] + arguments + ["--output", "model"])
            #expect(output.status == 0, "\(arguments) \(output.stderr)")
            return try #require(Subprocess.jsonLines(output.stdout).first, "\(output.stdout)")
        }
        let listed = try await echo(["find_pets", "limit=3"])
        #expect(listed["method"] as? String == "GET")
        #expect(listed["path"] as? String == "/hazards/echo/v2/pets")
        // `tags` is optional and was not given: left out, not sent empty.
        #expect((listed["query"] as? [[String]]) == [["limit", "3"]], "\(listed)")
        let added = try await echo(["add_pet"])
        #expect(added["method"] as? String == "POST")
        let body = try #require((added["body"] as? String).map { Data($0.utf8) })
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(object.keys.contains("name"), "a body built from the NewPet schema: \(object)")
        let found = try await echo(["find_pet_by_id", "id=42"])
        #expect(found["path"] as? String == "/hazards/echo/v2/pets/42")
        let deleted = try await echo(["delete_pet", "id=7"])
        #expect(deleted["method"] as? String == "DELETE")

        let again = try await workspace.run(["profiles", "import", "openapi", description.path, "--name", "pets"])
        #expect(again.status == 2)
        #expect(again.stderr.contains("exists; use --force to replace it"))
    }

    @Test func ourOwnHARExportImportsBackAsEndpoints() async throws {
        let server = try await DemoServer()
        defer { server.stop() }
        let workspace = try BackendWorkspace(profiles: [
            "shop": BackendWorkspace.envelopeProfile(
                "shop", server.baseURL,
                """
                endpoints:
                  user: {path: "/cmd/users/{id}"}
                """)
        ])
        defer { CommandRunner.remove(workspace.directory) }
        for id in ["1001", "1002", "1003"] {
            #expect(try await workspace.run(["request", "shop", "user", "id=\(id)"]).status == 0)
        }
        let har = workspace.directory.appendingPathComponent("shop.har")
        let exported = try await CommandRunner.run(
            ["history", "export", "--format", "har", "-o", har.path], in: workspace.directory,
            environment: workspace.environment)
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try await workspace.run(["profiles", "import", "har", har.path, "--name", "shop2"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let profile = try String(
            contentsOf: workspace.profiles.appendingPathComponent("shop2.yaml"), encoding: .utf8)
        // Three calls of one endpoint: one endpoint, named as in the export, its path templated.
        #expect(profile.contains("  user:\n"), "\(profile)")
        #expect(profile.contains(#"path: "/cmd/users/{"#), "\(profile)")
        let sent = try await workspace.run(["request", "shop2", "user", "--output", "model"])
        #expect(sent.status == 0, "\(sent.stderr)")
    }

    @Test func aBrowserHARDeduplicatesTemplatedPaths() async throws {
        let workspace = try BackendWorkspace(profiles: [:])
        defer { CommandRunner.remove(workspace.directory) }
        let har = Self.fixtures.appendingPathComponent("har/chrome-shop-session.har")
        let imported = try await workspace.run(["profiles", "import", "har", har.path, "--name", "browser"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let shown = try await workspace.run(["profiles", "show", "browser"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(!shown.stdout.contains("/1001"), "ids became placeholders: \(shown.stdout)")
        #expect(shown.stdout.contains("_id}"), "\(shown.stdout)")
    }
}
