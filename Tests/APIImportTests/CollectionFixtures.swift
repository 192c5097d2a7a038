import APIClient
import APIImport
import Foundation
import Testing

/// The collection fixtures (`Fixtures/collections/`, see its PROVENANCE.md) and what every import
/// of them must give: a profile that reads back, and no byte of a literal secret.
enum CollectionFixtures {
    static let root = FixtureFiles.url("collections")

    static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }

    /// Reads a fixture with the reader its folder names.
    static func collection(_ relative: String) throws -> APICollection {
        let file = url(relative).path
        if relative.hasPrefix("postman/") { return try PostmanCollectionReader.read(try text(relative), file: file) }
        if relative.hasPrefix("insomnia/") { return try InsomniaExportReader.read(try text(relative), file: file) }
        if relative.hasPrefix("bruno/") { return try BrunoCollectionReader.read(directory: url(relative)) }
        return try HTTPFileImport.read(file: url(relative))
    }

    /// Assembles a fixture and reads the profile back; the YAML and the profile.
    static func imported(_ relative: String, name: String = "imported") throws
        -> (result: CollectionImport, yaml: String, profile: Profile)
    {
        let result = CollectionAssembler.assemble(try collection(relative), name: name)
        let (yaml, profile) = try result.draft.validatedYAML(file: "\(name).yaml")
        return (result, yaml, profile)
    }

    /// Every real collection in the fixtures.
    static let all = [
        "postman/newman-sample-collection.json", "postman/kong/scripts-import-v2_1-input.json",
        "postman/kong/api-key-default-v2_1-input.json", "postman/posting/test-postman-collection.json",
        "postman/schemas/nestedEntities.json", "insomnia/slumber/insomnia.json",
        "insomnia/kong/complex-v2_1-output.json",
        "insomnia/kong/bearer-token-v2_1-output.json", "insomnia/kong/basic-auth-v2_1-output.json",
        "insomnia/kong/api-key-header-v2_1-output.json", "http/slumber/jetbrains.http", "http/slumber/http_file.http",
        "http/slumber/vscode.rest", "http/slumber/rest_http_bin.http", "http/vscode-restclient/tests.http",
        "http/vscode-restclient/query-method-examples.http", "bruno/testbench",
    ]
}
