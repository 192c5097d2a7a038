import APIClient
import APIImport
import APIMapping
import Foundation
import Testing

/// Imported drafts written as profile files: every one reads back as a ``Profile`` with the same
/// endpoints, envelopes and literal text the draft had.
@Suite("Profile drafts as YAML")
struct ProfileDraftYAMLTests {
    @Test("every fixture's profile reads back", arguments: OpenAPIImporterTests.descriptions)
    func everyImportReadsBack(_ fixture: OpenAPIImporterTests.Case) throws {
        let draft = try OpenAPIImporter(options: .init(name: "imported"))
            .importDescription(at: FixtureFiles.url(fixture.file)).draft
        let (text, profile) = try draft.validatedYAML(file: "profiles/imported.yaml")
        #expect(profile.endpoints.map(\.id) == draft.endpoints.map(\.id))
        #expect(profile.endpoints.map(\.method) == draft.endpoints.map(\.method))
        #expect(text.hasPrefix("# "), "a header comment names the source")
        for (endpoint, drafted) in zip(profile.endpoints, draft.endpoints) {
            #expect(endpoint.params.map(\.name) == drafted.params.map(\.name), "\(endpoint.id)")
            #expect(endpoint.tags == drafted.tags, "\(endpoint.id)")
        }
    }

    struct Expected: Decodable {
        let status: String?
        let tip: String?
        let model: String?
    }

    @Test(
        "inferred envelopes read back as profile envelopes",
        arguments: [
            "code-msg-data.yaml", "success-message-result.yaml", "ok-error-slack.json", "jsend.yaml", "jsonapi.yaml",
            "errcode-errmsg-3-1.yaml", "mixed-code-msg-data.yaml", "bare-keyed.yaml",
        ])
    func envelopesReadBack(file: String) throws {
        let expectations = try JSONDecoder().decode(
            [String: Expected].self,
            from: Data(contentsOf: FixtureFiles.url("openapi-envelopes/expected.json")))
        let expected = try #require(expectations[file])
        let draft = try OpenAPIImporter(options: .init(name: "t"))
            .importDescription(at: FixtureFiles.url("openapi-envelopes/\(file)")).draft
        let profile = try draft.validatedYAML(file: "profiles/t.yaml").profile
        #expect(profile.envelope.status?.description == expected.status)
        if let tip = expected.tip { #expect(profile.envelope.tip.map(\.description) == [tip]) }
        if expected.status != nil { #expect(profile.envelope.model.description == expected.model) }
        // Per-endpoint models where an operation's payload key differs from the profile's.
        for endpoint in draft.endpoints {
            guard let model = endpoint.envelopeModel else { continue }
            let read = try #require(profile.endpoint(endpoint.id))
            #expect(read.envelope.applied(to: profile.envelope).model.description == model)
        }
    }

    @Test func literalTextStaysLiteral() throws {
        var draft = ProfileDraft(name: "t", baseURL: "https://api.example.com")
        draft.comments = ["source: \u{1B}[31mred\u{1B}[0m and\nsecond line"]
        var endpoint = EndpointDraft(id: "price", method: "POST", path: "/items/{id}/$price")
        endpoint.description = "Costs $5: \"quoted\", tab\there, bidi \u{202E}x"
        endpoint.params = [ParameterDraft(name: "id")]
        endpoint.body = .object([
            "note": .string("${id}"), "literal": .string("${not_a_param} and $$"), "yes": .string("yes"),
        ])
        draft.endpoints = [endpoint]
        let (text, profile) = try draft.validatedYAML(file: "profiles/t.yaml")
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{202E}"))
        let read = try #require(profile.endpoint("price"))
        #expect(read.description == endpoint.description)
        let request = try profile.resolveRequest(endpoint: "price", parameters: ["id": "7"], environment: [:])
        #expect(request.url == "https://api.example.com/items/7/$price")
        #expect(
            String(decoding: request.body ?? [], as: UTF8.self)
                == #"{"note":"7","literal":"${not_a_param} and $$","yes":"yes"}"#)
    }

    @Test func optionalParametersWithoutAValueAreLeftOut() throws {
        var draft = ProfileDraft(name: "t", baseURL: "https://api.example.com")
        var endpoint = EndpointDraft(id: "list", method: "GET", path: "/items")
        endpoint.query = [DraftHeader(name: "page", value: "${page}"), DraftHeader(name: "sort", value: "${sort}")]
        var page = ParameterDraft(name: "page")
        page.defaultValue = "1"
        var sort = ParameterDraft(name: "sort")
        sort.allowedValues = ["asc", "desc"]
        endpoint.params = [page, sort]
        draft.endpoints = [endpoint]
        let profile = try draft.validatedYAML(file: "profiles/t.yaml").profile
        #expect(
            try profile.resolveRequest(endpoint: "list", parameters: [:], environment: [:]).url
                == "https://api.example.com/items?page=1")
        #expect(
            try profile.resolveRequest(endpoint: "list", parameters: ["sort": "desc"], environment: [:]).url
                == "https://api.example.com/items?page=1&sort=desc")
        let error = #expect(throws: ProfileError.self) {
            try profile.resolveRequest(endpoint: "list", parameters: ["sort": "sideways"], environment: [:])
        }
        #expect(error?.message.contains("'sideways' is not a value of parameter 'sort'") == true)
    }

    @Test func mergingKeepsTheFileAsWritten() throws {
        let original = """
            # my notes
            name: t
            base_url: https://api.example.com
            endpoints:
              # the first one
              first: {path: /first}

            # trailing comment
            defaults: {expect: [success]}
            """
        var added = EndpointDraft(id: "second", method: "POST", path: "/second")
        added.body = .object(["a": .number(JSONNumber(1))])
        let merged = ProfileFileMerge.adding([added], to: original)
        let profile = try Profile(yaml: merged, file: "profiles/t.yaml")
        #expect(profile.endpoints.map(\.id) == ["first", "second"])
        #expect(profile.defaultExpectations == ["success"])
        #expect(merged.hasPrefix("# my notes\n"))
        #expect(merged.contains("  # the first one\n  first: {path: /first}\n"))
        #expect(merged.contains("\n\n# trailing comment\n"))
        let fresh = ProfileFileMerge.adding([added], to: "name: t\nbase_url: https://x\n")
        #expect(try Profile(yaml: fresh, file: "profiles/t.yaml").endpoints.map(\.id) == ["second"])
    }

    @Test func curlCommandsAddedToAProfileGetNewIDsAndRelativePaths() throws {
        let results = try CurlCommand.parseAll(
            """
            curl 'https://api.shop.example/v1/orders?page=2'
            curl -H 'Authorization: Bearer sk_live_madeup0000' https://api.shop.example/v1/orders
            """)
        let added = ProfileFileMerge.endpoints(
            fromCurl: results, baseURL: "https://api.shop.example/v1", existingIDs: ["get_orders"],
            profileHasAuth: false)
        #expect(added.map(\.id) == ["get_orders_2", "get_orders_3"])
        #expect(added.map(\.path) == ["/orders", "/orders"])
        #expect(added[0].params.map(\.defaultValue) == ["2"])
        #expect(added[1].comments.contains { $0.contains("the profile has no auth") })
        let merged = ProfileFileMerge.adding(
            added, to: "name: t\nbase_url: https://api.shop.example/v1\nendpoints:\n  get_orders: {path: /orders}\n")
        #expect(!merged.contains("sk_live_madeup0000"))
        #expect(try Profile(yaml: merged, file: "profiles/t.yaml").endpoints.count == 3)
    }
}
