import APIImport
import APIMapping
import Foundation
import Testing

/// A schema named `FILE#/components/schemas/X`, inlined for comparison with history: `$ref`s followed,
/// `allOf` merged, recursion and bad references bounded or reported.
struct OpenAPISchemaReferenceTests {
    static func withDescription(_ yaml: String, _ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "apiexplore-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            do { try FileManager.default.removeItem(at: folder) } catch { Issue.record("cleanup: \(error)") }
        }
        let file = folder.appending(path: "api.yaml")
        try Data(yaml.utf8).write(to: file)
        try body(file.path)
    }

    @Test func referencesAreInlinedAndAllOfMerged() throws {
        let yaml = """
            openapi: 3.0.3
            components:
              schemas:
                Node:
                  allOf:
                    - {$ref: '#/components/schemas/Base'}
                    - properties:
                        children: {type: array, items: {$ref: '#/components/schemas/Node'}}
                      required: [children]
                Base:
                  type: object
                  required: [id]
                  properties: {id: {type: integer}}
            """
        try Self.withDescription(yaml) { path in
            let node = try OpenAPISchemaReference.resolvedSchema(at: path + "#/components/schemas/Node")
            // The recursive Node under children is left unconstrained, so inlining ends.
            #expect(
                node.jsonText()
                    == #"{"properties":{"id":{"type":"integer"},"children":{"type":"array","items":{}}},"required":["id","children"]}"#
            )
        }
    }

    @Test(arguments: [
        ("#/components/schemas/Missing", "not found"),
        ("", "name the schema after '#'"),
    ])
    func badReferencesSayWhy(fragment: String, message: String) throws {
        try Self.withDescription("openapi: 3.0.3\ncomponents: {schemas: {}}\n") { path in
            #expect {
                try OpenAPISchemaReference.resolvedSchema(at: path + fragment)
            } throws: { error in
                (error as? ImportError)?.description.contains(message) == true
            }
        }
    }
}
