import APIImport
import APIMapping
import Foundation
import Testing

@Suite("Envelope inference")
struct EnvelopeInferenceTests {
    static let files = [
        "code-msg-data.yaml", "success-message-result.yaml", "ok-error-slack.json", "jsend.yaml", "jsonapi.yaml",
        "errcode-errmsg-3-1.yaml", "mixed-code-msg-data.yaml", "bare-keyed.yaml",
    ]

    static func expected() throws -> JSONValue {
        let data = try Data(contentsOf: FixtureFiles.url("openapi-envelopes/expected.json"))
        return try JSONDocument(parsing: [UInt8](data)).root.value
    }

    @Test("matches expected.json", arguments: files)
    func matchesExpectation(_ file: String) throws {
        let expectation = try #require(try Self.expected().objectValue?[file]?.objectValue)
        let draft = try OpenAPIImporter().importDescription(at: FixtureFiles.url("openapi-envelopes/" + file)).draft
        #expect(draft.endpoints.count == expectation["operations"]?.numberValue?.int)
        if expectation["status"] == .null && expectation["model"] == .null {
            #expect(draft.envelope == nil)
        } else {
            let envelope = try #require(draft.envelope)
            #expect(envelope.status == expectation["status"]?.stringValue)
            #expect(envelope.tip == expectation["tip"]?.stringValue)
            #expect(envelope.model == expectation["model"]?.stringValue)
            switch expectation["success"] {
            case .string(let rule): #expect(envelope.successRule == rule)
            case .array(let values): #expect(envelope.success == values)
            default: Issue.record("unexpected success in expected.json")
            }
            for (name, _) in expectation["outliers"]?.objectValue?.members ?? [] {
                let id = draft.endpoints.first { $0.comments.contains("operationId: \(name)") }?.id
                let outlierText = envelope.comments.joined(separator: "\n")
                #expect(outlierText.contains(id ?? Self.snake(name)), "outlier \(name) named")
            }
        }
        // Models in source order: the envelope's model unless the endpoint overrides it; `null` = no body.
        let models = expectation["models"]?.objectValue?.members ?? []
        #expect(models.count == draft.endpoints.count)
        for (expected, endpoint) in zip(models, draft.endpoints) where expected.value != .null {
            let actual = endpoint.envelopeModel ?? draft.envelope?.model
            #expect(actual == expected.value.stringValue, "\(expected.key)")
        }
    }

    static func snake(_ text: String) -> String {
        var out = ""
        for character in text {
            if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
        }
        return out
    }
}
