import APIClient
import Foundation
import Testing

/// `profiles/profile.schema.json` documents the format editors validate against; it must list
/// exactly the keys the reader accepts.
@Suite struct ProfileSchemaTests {
    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("profiles/profile.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func keys(_ object: Any?) throws -> [String] {
        let properties = try #require((object as? [String: Any])?["properties"] as? [String: Any])
        return properties.keys.sorted()
    }

    @Test func schemaIsDraft202012() throws {
        #expect(try Self.schema()["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test func schemaKeysMatchTheReader() throws {
        let schema = try Self.schema()
        let definitions = try #require(schema["$defs"] as? [String: Any])
        #expect(try Self.keys(schema) == Profile.topLevelKeys.sorted())
        #expect(try Self.keys(definitions["endpoint"]) == Profile.endpointKeys.sorted())
        #expect(try Self.keys(definitions["envelope"]) == Profile.envelopeKeys.sorted())
        #expect(schema["required"] as? [String] == ["name"])
        // `base_url` may come from the environments instead.
        let alternatives = try #require(schema["anyOf"] as? [[String: Any]])
        #expect(alternatives.map { $0["required"] as? [String] } == [["base_url"], ["environments"]])
        let environment = try #require(
            (schema["properties"] as? [String: Any])?["environments"] as? [String: Any])
        #expect(try Self.keys(environment["additionalProperties"]) == Profile.environmentKeys.sorted())
        let endpoint = try #require(definitions["endpoint"] as? [String: Any])
        let store = (endpoint["properties"] as? [String: Any])?["store"]
        #expect(try Self.keys(store) == Profile.storeKeys.sorted())
        #expect(try Self.keys(definitions["nestedStore"]) == Profile.nestedStoreKeys.sorted())
        let params = try #require((endpoint["properties"] as? [String: Any])?["params"] as? [String: Any])
        let declared = try #require((params["additionalProperties"] as? [String: Any])?["oneOf"] as? [Any])
        #expect(try Self.keys(declared.last) == Profile.parameterKeys.sorted())
    }

    @Test func shippedProfilesPointEditorsAtTheSchema() throws {
        for file in shippedProfileFiles() {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(
                text.hasPrefix("# yaml-language-server: $schema=profile.schema.json\n"), "\(file.lastPathComponent)")
        }
    }
}
