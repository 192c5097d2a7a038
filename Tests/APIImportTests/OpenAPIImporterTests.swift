import APIImport
import APIMapping
import Foundation
import Testing

@Suite("OpenAPI import")
struct OpenAPIImporterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        let endpoints: Int
        var testDescription: String { file }
    }

    static let descriptions: [Case] = [
        Case(file: "openapi/digitalocean/DigitalOcean-public.v2.yaml", endpoints: 408),
        Case(file: "github/api.github.com.v0.0.4-2020-07-30.json", endpoints: 623),
        Case(file: "github/api.github.com.v1.1.4-2021-12.yaml", endpoints: 814),
        Case(file: "openapi/github-ghes-3.6-diff.json", endpoints: 155),
        Case(file: "openapi/simple-example.yaml", endpoints: 6),
        Case(file: "openapi/oai/v3.0/petstore-expanded.yaml", endpoints: 4),
        Case(file: "openapi/oai/v3.0/uspto.yaml", endpoints: 3),
        Case(file: "openapi/oai/v3.0/link-example.json", endpoints: 6),
        Case(file: "openapi/oai/v3.0/callback-example.yaml", endpoints: 1),
        Case(file: "openapi/oai/v3.1/webhook-example.yaml", endpoints: 0),
        Case(file: "openapi/oai/v3.1/webhook-example.with-paths.yaml", endpoints: 1),
        Case(file: "openapi/oai/v3.1/securitySchemes.yaml", endpoints: 1),
        Case(file: "openapi/oai/v3.1/non-oauth-scopes.yaml", endpoints: 1),
        Case(file: "openapi/oai/v2.0/json/petstore.json", endpoints: 3),
        Case(file: "openapi/oai/v2.0/yaml/petstore-separate/spec/swagger.yaml", endpoints: 4),
        Case(file: "openapi/real/twilio_studio_v2.json", endpoints: 19),
        Case(file: "openapi/real/twilio_serverless_v1.json", endpoints: 39),
    ]

    @Test("imports with the description's operation count and valid unique ids", arguments: descriptions)
    func importsEveryOperation(_ fixture: Case) throws {
        let result = try OpenAPIImporter().importDescription(at: FixtureFiles.url(fixture.file))
        let ids = result.draft.endpoints.map(\.id)
        #expect(ids.count == fixture.endpoints)
        #expect(Set(ids).count == ids.count)
        let valid = ids.filter { id in
            id.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
            }
        }
        #expect(valid.count == ids.count)
        for endpoint in result.draft.endpoints {
            for param in endpoint.params {
                #expect(param.name.unicodeScalars.allSatisfy { $0.isASCII && $0 != "." && $0 != " " })
            }
        }
        #expect(result.draft.comments.contains { $0.contains("\(fixture.endpoints) operations") })
    }

    @Test(
        "bare descriptions judge by HTTP status, their error message the tip",
        arguments: [
            "github/api.github.com.v0.0.4-2020-07-30.json", "github/api.github.com.v1.1.4-2021-12.yaml",
            "openapi/github-ghes-3.6-diff.json", "openapi/oai/v3.0/petstore-expanded.yaml",
            "openapi/oai/v2.0/json/petstore.json", "openapi/digitalocean/DigitalOcean-public.v2.yaml",
        ])
    func bareHasNoEnvelope(_ file: String) throws {
        let draft = try OpenAPIImporter().importDescription(at: FixtureFiles.url(file)).draft
        // No wrapper: no status, the whole body the model; the error answers' `message` is the tip.
        let envelope = try #require(draft.envelope)
        #expect(envelope.status == nil)
        #expect(envelope.successRule == "http")
        #expect(envelope.tip == "message")
        #expect(envelope.model == "")
        if file.hasPrefix("github") || file.contains("petstore") {
            #expect(draft.endpoints.allSatisfy { $0.envelopeModel == nil })
        }
    }

    @Test func digitalOceanKeyedModelsAndBearer() throws {
        let result = try OpenAPIImporter(options: .init(name: "digitalocean"))
            .importDescription(at: FixtureFiles.url("openapi/digitalocean/DigitalOcean-public.v2.yaml"))
        let draft = result.draft
        #expect(draft.baseURL == "https://api.digitalocean.com")
        #expect(draft.auth == .bearer(token: "${env:DIGITALOCEAN_TOKEN}"))
        let list = try #require(draft.endpoints.first { $0.id == "droplets_list" })
        #expect(list.envelopeModel == "droplets")
        #expect(list.query.contains(DraftHeader(name: "per_page", value: "${per_page}")))
        #expect(draft.description == "DigitalOcean API")
    }

    @Test func gitHubServerVariablesAndExampleRefsAsData() throws {
        let draft = try OpenAPIImporter().importDescription(at: FixtureFiles.url("openapi/github-ghes-3.6-diff.json"))
            .draft
        // `{protocol}://{hostname}/api/v3` with defaults substituted.
        #expect(draft.baseURL == "http://HOSTNAME/api/v3")
        // The SCIM examples carry `$ref` as data: it must stay in the body, not be followed.
        let scim = draft.endpoints.filter { $0.path.contains("/scim/") }
        #expect(!scim.isEmpty)
    }

    @Test func swaggerPetstoreSingleFile() throws {
        let draft = try OpenAPIImporter().importDescription(at: FixtureFiles.url("openapi/oai/v2.0/json/petstore.json"))
            .draft
        #expect(draft.baseURL == "http://petstore.swagger.io/v1")
        let list = try #require(draft.endpoints.first { $0.id == "list_pets" })
        #expect(list.query == [DraftHeader(name: "limit", value: "${limit}")])
        let show = try #require(draft.endpoints.first { $0.id == "show_pet_by_id" })
        #expect(show.path == "/pets/{petId}")
        #expect(show.params.first?.required == true)
    }

    @Test func swaggerPetstoreSplitOverFiles() throws {
        let result = try OpenAPIImporter()
            .importDescription(at: FixtureFiles.url("openapi/oai/v2.0/yaml/petstore-separate/spec/swagger.yaml"))
        let draft = result.draft
        #expect(draft.baseURL == "http://petstore.swagger.io/api")
        let find = try #require(draft.endpoints.first { $0.id == "find_pets" })
        #expect(find.params.map(\.name) == ["tags", "limit"])
        let add = try #require(draft.endpoints.first { $0.id == "add_pet" })
        // NewPet.yaml → Pet.yaml (allOf, chained across files): `name` is required.
        #expect(add.body?.objectValue?["name"] == .string(""))
    }

    @Test func formBodyAndServerVariable() throws {
        let draft = try OpenAPIImporter().importDescription(at: FixtureFiles.url("openapi/oai/v3.0/uspto.yaml")).draft
        #expect(draft.baseURL == "https://developer.uspto.gov/ds-api")
        let search = try #require(draft.endpoints.first { $0.id == "perform-search" })
        // The fields are parameters: `criteria` defaults to `*:*` (the description's default), the
        // others are sent only when given.
        #expect(search.bodyText == nil)
        #expect(search.form.map(\.name) == ["criteria", "start", "rows"])
        let criteria = try #require(search.params.first { $0.name == "criteria" })
        #expect(criteria.defaultValue == "*:*")
        #expect(criteria.required)
    }

    @Test func operationIdWithSpacesAndWebhooksSkipped() throws {
        let petstore = try OpenAPIImporter().importDescription(
            at: FixtureFiles.url("openapi/oai/v3.0/petstore-expanded.yaml"))
        #expect(petstore.draft.endpoints.map(\.id) == ["find_pets", "add_pet", "find_pet_by_id", "delete_pet"])
        let hooks = try OpenAPIImporter().importDescription(
            at: FixtureFiles.url("openapi/oai/v3.1/webhook-example.yaml"))
        #expect(hooks.draft.endpoints.isEmpty)
        #expect(hooks.warnings.contains { $0.contains("webhook") })
    }

    @Test func securityAlternativesAndUnsupported() throws {
        let draft = try OpenAPIImporter().importDescription(
            at: FixtureFiles.url("openapi/oai/v3.1/securitySchemes.yaml")
        ).draft
        // An authorization code flow needs a browser: the token itself is read from the
        // environment, and the comments say how to sign in instead.
        #expect(draft.auth == .bearer(token: "${env:SECURITY_SCHEMES_EXAMPLE_TOKEN}"))
        #expect(draft.authComments.contains { $0.contains("authorizationCode") && $0.contains("browser") })
        #expect(draft.authComments.contains { $0.contains("grant: authorization_code") })
        #expect(draft.authComments.contains { $0.contains("mutualTLS") })
    }

    @Test func referenceCycleNamesTheChain() {
        #expect {
            try OpenAPIImporter().importDescription(at: FixtureFiles.url("regressions/ref-cycle/a.yaml"))
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            return error.isReferenceCycle && error.message.contains("b.yaml#/loop")
                && error.message.contains("a.yaml#/components/parameters/back")
        }
    }

    @Test func remoteReferenceRefused() {
        #expect {
            try OpenAPIImporter().importDescription(at: FixtureFiles.url("regressions/remote-ref.yaml"))
        } throws: { error in
            (error as? ImportError)?.isRemoteReferenceRefused == true
        }
    }

    @Test func remoteReferenceFetchedWhenAllowed() throws {
        let options = OpenAPIImporter.Options(allowRemoteRefs: true) { url in
            #expect(url.absoluteString == "https://example.com/params.yaml")
            return Data("limit: {name: limit, in: query, schema: {type: integer, default: 20}}\n".utf8)
        }
        let draft = try OpenAPIImporter(options: options).importDescription(
            at: FixtureFiles.url("regressions/remote-ref.yaml")
        ).draft
        #expect(draft.endpoints.first?.params.first?.defaultValue == "20")
    }

    @Test func nonASCIIAndNoFinalNewline() throws {
        let yaml =
            "openapi: 3.0.0\ninfo: {title: Café ☕, version: '1'}\npaths:\n  /crème:\n    get:\n      summary: Prüfen\n      responses: {'200': {description: ok}}"
        let draft = try OpenAPIImporter().importDescription(
            data: Data(yaml.utf8), location: URL(fileURLWithPath: "/tmp/x.yaml")
        ).draft
        #expect(draft.endpoints.first?.description == "Prüfen")
        #expect(draft.description == "Café ☕")
    }
}
