import APIClient
import APIImport
import APIMapping
import Foundation
import RawHTTPTesting
import Testing

/// The three exports of a profile: each validated by the format's own validator (the Postman
/// collection v2.1 JSON Schema, `openapi-spec-validator`), each imported back as an equivalent
/// profile (same endpoints, parameters, auth kind and envelope), none holding a secret's value.
@Suite struct CollectionExportTests {
    static let profileText = """
        name: shop
        description: A shop with an envelope
        environments:
          staging: {base_url: "https://staging.shop.example/v1", vars: {region: eu}}
          prod: {base_url: "https://api.shop.example/v1", vars: {region: us}}
        vars: {region: eu}
        headers: {Accept: application/json}
        auth: {bearer: {token: "${env:SHOP_TOKEN}"}}
        envelope: {status: code, success: 0, tip: msg, model: data}
        errors:
          40013: {name: token_expired, message: Sign in again, action: reauth}
          40404: {name: not_found}
        endpoints:
          list_orders:
            path: /orders
            tags: [orders]
            query: {page: "${page}", region: "${var:region}"}
            params: {page: {default: "1"}}
          order:
            path: /orders/{id}
            tags: [orders/details]
            description: One order
            params: {id: {default: "42"}}
          create_order:
            method: POST
            path: /orders
            tags: [orders]
            body: {item: "${item}", quantity: 2, note: "price $$5"}
          login:
            method: POST
            path: /login
            headers: {Content-Type: application/x-www-form-urlencoded}
            body_text: "user=${user}&password=${env:SHOP_PASSWORD}"
        """

    static func profile() throws -> Profile { try Profile(yaml: profileText, file: "shop.yaml") }

    /// What a round trip keeps.
    struct Shape: Equatable, CustomStringConvertible {
        var endpoints: [String: String]
        var auth: String
        var envelope: String
        var description: String { "\(endpoints) auth \(auth) envelope \(envelope)" }

        init(_ profile: Profile) {
            var endpoints: [String: String] = [:]
            // The parameters of the path and the query: what every format carries.
            for endpoint in profile.endpoints {
                let names = Set(endpoint.path.parameterNames + endpoint.query.flatMap(\.value.parameterNames))
                endpoints[endpoint.id] = endpoint.method + " " + names.sorted().joined(separator: ",")
            }
            self.endpoints = endpoints
            auth =
                switch profile.auth {
                case .bearer?: "bearer"
                case .basic?: "basic"
                case .header?: "header"
                case .query?: "query"
                case .oauth2?: "oauth2"
                case .login?: "login"
                case nil: "none"
                }
            envelope =
                "\(profile.envelope.status?.description ?? "-") \(profile.envelope.success) "
                + "\(profile.envelope.tip.map(\.description)) \(profile.envelope.model)"
        }
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "apiexplore-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func remove(_ url: URL) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            Issue.record("cannot remove \(url.path): \(error)")
        }
    }

    /// Runs python3 with a script; its exit status and output.
    static func python(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = try ProcessLaunch.run(process, piping: .outputAndErrors)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func postmanExportValidatesAndImportsBackEquivalent() throws {
        let original = try Self.profile()
        let export = PostmanExport.export(original)
        let text = export.collection.jsonText(style: .pretty)
        #expect(!text.contains("${"), "a profile template leaked into the collection")
        #expect(
            export.secrets == ["SHOP_PASSWORD", "SHOP_TOKEN"] || export.secrets == ["SHOP_TOKEN", "SHOP_PASSWORD"])
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let file = folder.appendingPathComponent("shop.postman_collection.json")
        try Data(text.utf8).write(to: file)
        let validation = try PostmanSchema.validate(file)
        #expect(validation.status == 0, "\(validation.output)")
        // The validator rejects what the schema forbids: an item without its request.
        let broken = folder.appendingPathComponent("broken.json")
        try Data(text.replacing("\"request\"", with: "\"requests\"").utf8).write(to: broken)
        #expect(try PostmanSchema.validate(broken).status == 1)
        var collection = try PostmanCollectionReader.read(text, file: file.path)
        for environment in export.environments {
            let document = environment.document.jsonText()
            #expect(!document.contains("${"))
            collection.environments.append(try PostmanCollectionReader.environment(document, file: environment.name))
        }
        let result = CollectionAssembler.assemble(collection, name: "shop")
        let reimported = try result.draft.validatedYAML(file: "shop.yaml").profile
        #expect(Shape(reimported) == Shape(original))
        #expect(reimported.environments.map(\.name) == ["staging", "prod"])
        #expect(result.draft.endpoints.first { $0.id == "order" }?.tags == ["orders/details"])
    }

    @Test func httpFileExportImportsBackEquivalent() throws {
        let original = try Self.profile()
        let export = HTTPFileExport.export(original)
        #expect(!export.requests.contains("${"))
        #expect(export.privateEnvironments.objectValue?["staging"]?.objectValue?["SHOP_TOKEN"] == "")
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let file = folder.appendingPathComponent("shop.http")
        try Data(export.requests.utf8).write(to: file)
        try Data(export.environments.jsonText().utf8).write(to: folder.appendingPathComponent("http-client.env.json"))
        try Data(export.privateEnvironments.jsonText().utf8).write(
            to: folder.appendingPathComponent("http-client.private.env.json"))
        let collection = try HTTPFileImport.read(file: file)
        let reimported = try CollectionAssembler.assemble(collection, name: "shop").draft.validatedYAML(
            file: "shop.yaml"
        )
        .profile
        #expect(Shape(reimported) == Shape(original))
        #expect(reimported.environments.map(\.name) == ["staging", "prod"])
    }

    @Test func openAPIExportValidatesAndImportsBackEquivalent() throws {
        let original = try Self.profile()
        let model: JSONValue = [
            "type": "object", "properties": ["id": ["type": "integer"], "total": ["type": "number"]],
            "required": ["id"],
        ]
        let document = OpenAPIExport.export(original, modelSchemas: ["order": model])
        let text = document.jsonText(style: .pretty)
        #expect(!text.contains("SHOP_TOKEN"), "the bearer scheme names no secret")
        let folder = try Self.scratch()
        defer { Self.remove(folder) }
        let file = folder.appendingPathComponent("shop.openapi.json")
        try Data(text.utf8).write(to: file)
        let validation = try Self.python(
            "import sys\nfrom openapi_spec_validator import validate\nfrom openapi_spec_validator.readers import read_from_filename\n"
                + "spec, _ = read_from_filename(sys.argv[1])\nvalidate(spec)\n", [file.path])
        #expect(validation.status == 0, "\(validation.output)")
        let order = document.objectValue?["paths"]?.objectValue?["/orders/{id}"]?.objectValue?["get"]?.objectValue
        let schema = order?["responses"]?.objectValue?["200"]?.objectValue?["content"]?.objectValue?[
            "application/json"]?
            .objectValue?["schema"]
        #expect(schema?.objectValue?["properties"]?.objectValue?["data"] == model)
        #expect(order?["responses"]?.objectValue?["default"] == ["$ref": "#/components/responses/BusinessError"])
        let imported = try OpenAPIImporter(options: .init(name: "shop")).importDescription(at: file)
        let reimported = try imported.draft.validatedYAML(file: "shop.yaml").profile
        #expect(Shape(reimported) == Shape(original))
    }
}
