import Foundation
import Testing

/// The round trip of issue 34, on descriptions nobody here wrote: each is imported, served by
/// `serve-mock --openapi` (which checks every request against the description) and every
/// operation sent through the imported profile. Every request must be accepted.
@Suite("Round trip: import, mock, send every operation")
struct ImportRoundTripTests {
    static let fixtures = Subprocess.repositoryRoot.appendingPathComponent("Tests/APIImportTests/Fixtures")

    /// The descriptions of `docs/import.md`'s table.
    static let descriptions = [
        "openapi/real/twilio_studio_v2.json", "openapi/real/twilio_serverless_v1.json",
        "openapi/github-ghes-3.6-diff.json", "openapi/digitalocean/DigitalOcean-public.v2.yaml",
        "openapi/simple-example.yaml", "openapi/oai/v3.0/petstore-expanded.yaml", "openapi/oai/v3.0/uspto.yaml",
        "openapi/oai/v3.0/link-example.json", "openapi/oai/v3.0/callback-example.yaml",
        "openapi/oai/v3.1/webhook-example.with-paths.yaml", "openapi/oai/v3.1/securitySchemes.yaml",
        "openapi/oai/v3.1/non-oauth-scopes.yaml", "openapi/oai/v2.0/json/petstore.json",
        "openapi/oai/v2.0/yaml/petstore-separate/spec/swagger.yaml",
        "github/api.github.com.v0.0.4-2020-07-30.json", "github/api.github.com.v1.1.4-2021-12.yaml",
    ]

    @Test func everyOperationOfEveryDescriptionIsAccepted() async throws {
        let files = Self.descriptions.map { Self.fixtures.appendingPathComponent($0).path }
        // The split Swagger file reaches `../common/`: the fixtures' folder holds every file.
        let output = try await CommandRunner.run(
            ["profiles", "roundtrip", "--json", "--refs-root", Self.fixtures.path] + files)
        let results = Subprocess.jsonLines(output.stdout)
        #expect(results.count == files.count, "\(output.stderr)")
        for result in results {
            let name = result["description"] as? String ?? "?"
            let operations = result["operations"] as? Int ?? -1
            let misses = (result["misses"] as? [[String: Any]] ?? []).filter { $0["stage"] as? String != "unmapped" }
            #expect(result["sent"] as? Int == operations, "\(name): \(misses)")
            #expect(result["accepted"] as? Int == operations, "\(name): \(misses)")
        }
        #expect(output.status == 0, "\(output.stderr)")
    }
}
