import APIClient
import APIHTTP
import APIImport
import APIMapping
import Foundation
import Testing

/// What an imported operation sends: body fields as parameters, security per operation,
/// credential parameters as secrets, and the pagination and tip the whole description implies.
@Suite("OpenAPI import: operations as they are sent")
struct OpenAPIOperationTests {
    static func importing(_ yaml: String, name: String = "shop") throws -> ProfileDraft {
        let options = OpenAPIImporter.Options(name: name)
        return try OpenAPIImporter(options: options).importDescription(
            data: Data(yaml.utf8), location: URL(fileURLWithPath: "/tmp/\(name).yaml")
        ).draft
    }

    static func profile(_ draft: ProfileDraft) throws -> Profile {
        try draft.validatedYAML(file: "\(draft.name).yaml").profile
    }

    @Test func twilioFormFieldsAreParameters() throws {
        let draft = try OpenAPIImporter(options: .init(name: "studio")).importDescription(
            at: FixtureFiles.url("openapi/real/twilio_studio_v2.json")
        ).draft
        let create = try #require(draft.endpoints.first { $0.id == "create_flow" })
        #expect(create.bodyText == nil)
        #expect(create.form.map(\.name) == ["FriendlyName", "Status", "Definition", "CommitMessage"])
        let status = try #require(create.params.first { $0.name == "Status" })
        #expect(status.allowedValues == ["draft", "published"])
        #expect(status.required)
        let message = try #require(create.params.first { $0.name == "CommitMessage" })
        #expect(!message.required)
        let profile = try Self.profile(draft)
        // Only what is given is sent; the optional CommitMessage is left out.
        let request = try profile.resolveRequest(
            endpoint: "create_flow",
            parameters: ["FriendlyName": "Main & Co = 1+1", "Status": "draft", "Definition": #"{"a":"é"}"#],
            environment: ["STUDIO_USERNAME": "AC123", "STUDIO_PASSWORD": "token-value"])
        #expect(
            String(decoding: request.body ?? [], as: UTF8.self)
                == "FriendlyName=Main+%26+Co+%3D+1%2B1&Status=draft&Definition=%7B%22a%22%3A%22%C3%A9%22%7D")
        #expect(request.headers.contains(HTTPHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")))
        #expect(request.headers.contains { $0.name == "Authorization" && $0.value.hasPrefix("Basic ") })
        #expect {
            try profile.resolveRequest(
                endpoint: "create_flow", parameters: ["FriendlyName": "x", "Status": "draft"],
                environment: ["STUDIO_USERNAME": "AC123", "STUDIO_PASSWORD": "t"])
        } throws: { error in
            (error as? ProfileError)?.message.contains("missing parameter 'Definition'") == true
        }
    }

    static let multipartAndSecurity = """
        openapi: 3.0.3
        info: {title: Shop, version: '1'}
        servers: [{url: 'https://shop.example/v1'}]
        security: [{bearer: []}]
        paths:
          /photos:
            post:
              operationId: uploadPhoto
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [photo]
                      properties:
                        photo: {type: string, format: binary}
                        caption: {type: string, example: A cat}
              responses: {'201': {description: created}}
          /reports:
            get:
              operationId: listReports
              security: [{apiKey: []}]
              parameters:
                - {name: token, in: header, description: A session token, schema: {type: string, default: abc123}}
              responses: {'200': {description: ok}}
          /health:
            get:
              operationId: health
              security: []
              responses: {'200': {description: ok}}
          /both:
            get:
              operationId: both
              security: [{apiKey: [], appId: []}]
              responses: {'200': {description: ok}}
          /pets:
            post:
              operationId: addPet
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name]
                      properties:
                        name: {type: string}
                        age: {type: integer}
                    example: {name: Rex, age: 3}
              responses: {'200': {description: ok}}
        components:
          securitySchemes:
            bearer: {type: http, scheme: bearer}
            apiKey: {type: apiKey, in: header, name: X-API-Key}
            appId: {type: apiKey, in: query, name: app_id}
        """

    @Test func multipartFieldsAndAFileParameter() throws {
        let draft = try Self.importing(Self.multipartAndSecurity)
        let upload = try #require(draft.endpoints.first { $0.id == "upload_photo" })
        #expect(upload.multipart.map(\.name) == ["photo", "caption"])
        let photo = try #require(upload.params.first { $0.name == "photo" })
        #expect(photo.type == "file")
        #expect(photo.required)
        let caption = try #require(upload.params.first { $0.name == "caption" })
        #expect(caption.example == "A cat")
        #expect(caption.defaultValue == nil)
        #expect(draft.yaml().contains("multipart:"))
    }

    @Test func jsonFieldsOverTheExampleBody() throws {
        let profile = try Self.profile(try Self.importing(Self.multipartAndSecurity))
        let request = try profile.resolveRequest(
            endpoint: "add_pet", parameters: ["name": "Tom", "age": "4"], environment: ["SHOP_TOKEN": "t0k3n"])
        #expect(String(decoding: request.body ?? [], as: UTF8.self) == #"{"name":"Tom","age":4}"#)
        let example = try profile.resolveRequest(
            endpoint: "add_pet", parameters: [:], environment: ["SHOP_TOKEN": "t0k3n"])
        #expect(String(decoding: example.body ?? [], as: UTF8.self) == #"{"name":"Rex","age":3}"#)
        var fields = BodyFields()
        fields.rawJSON = ["tags"]
        let raw = try profile.resolveRequest(
            endpoint: "add_pet", parameters: ["tags": #"["a","b"]"#], environment: ["SHOP_TOKEN": "t0k3n"],
            fields: fields)
        #expect(String(decoding: raw.body ?? [], as: UTF8.self) == #"{"name":"Rex","age":3,"tags":["a","b"]}"#)
    }

    @Test func operationSecurityOverridesTheGlobal() throws {
        let draft = try Self.importing(Self.multipartAndSecurity)
        #expect(draft.auth == .bearer(token: "${env:SHOP_TOKEN}"))
        let reports = try #require(draft.endpoints.first { $0.id == "list_reports" })
        #expect(reports.auth == .own(.header(name: "X-API-Key", value: "${env:SHOP_API_KEY}")))
        let health = try #require(draft.endpoints.first { $0.id == "health" })
        #expect(health.auth == EndpointAuthDraft.none)
        let both = try #require(draft.endpoints.first { $0.id == "both" })
        #expect(both.auth == .own(.header(name: "X-API-Key", value: "${env:SHOP_API_KEY}")))
        #expect(both.query.contains(DraftHeader(name: "app_id", value: "${env:SHOP_APP_ID}")))
        let profile = try Self.profile(draft)
        let environment = ["SHOP_TOKEN": "bearer-secret", "SHOP_API_KEY": "key-secret", "SHOP_APP_ID": "app-secret"]
        let request = try profile.resolveRequest(
            endpoint: "list_reports", parameters: ["token": "session-secret"], environment: environment)
        #expect(request.headers.contains(HTTPHeader(name: "X-API-Key", value: "key-secret")))
        #expect(!request.headers.contains { $0.name == "Authorization" })
        let open = try profile.resolveRequest(endpoint: "health", parameters: [:], environment: environment)
        #expect(open.headers.isEmpty)
    }

    @Test func credentialParametersAreSecretsWithoutDefaults() throws {
        let draft = try Self.importing(Self.multipartAndSecurity)
        let reports = try #require(draft.endpoints.first { $0.id == "list_reports" })
        let token = try #require(reports.params.first { $0.name == "token" })
        #expect(token.secret)
        #expect(!draft.yaml().contains("abc123"))
        let profile = try Self.profile(draft)
        let request = try profile.resolveRequest(
            endpoint: "list_reports", parameters: ["token": "session-secret"],
            environment: ["SHOP_API_KEY": "key-secret"])
        #expect(request.headers.contains(HTTPHeader(name: "token", value: "session-secret")))
        #expect(!request.description.contains("session-secret"))
        #expect(request.redaction.redact(text: "echo: session-secret") == "echo: ••••")
    }

    static let pagingAndErrors = """
        openapi: 3.0.3
        info: {title: Chat, version: '1'}
        paths:
          /conversations.list:
            get:
              operationId: conversationsList
              parameters:
                - {name: cursor, in: query, schema: {type: string}}
                - {name: limit, in: query, schema: {type: integer}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          ok: {type: boolean}
                          channels: {type: array, items: {type: object}}
                          response_metadata: {type: object, properties: {next_cursor: {type: string}}}
                default:
                  description: error
                  content:
                    application/json:
                      schema: {type: object, properties: {ok: {type: boolean}, error: {type: string}}}
          /users.list:
            get:
              operationId: usersList
              parameters:
                - {name: cursor, in: query, schema: {type: string}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          ok: {type: boolean}
                          members: {type: array, items: {type: object}}
                          response_metadata: {type: object, properties: {next_cursor: {type: string}}}
                default:
                  description: error
                  content:
                    application/json:
                      schema: {type: object, properties: {ok: {type: boolean}, error: {type: string}}}
          /charges:
            get:
              operationId: listCharges
              parameters:
                - {name: starting_after, in: query, schema: {type: string}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          ok: {type: boolean}
                          data: {type: array, items: {type: object}}
                          has_more: {type: boolean}
        """

    @Test func tipFromTheErrorAnswersAndPagesFromTheSchemas() throws {
        let draft = try Self.importing(Self.pagingAndErrors, name: "chat")
        let envelope = try #require(draft.envelope)
        #expect(envelope.status == "ok")
        #expect(envelope.tip == "error")
        let conversations = try #require(draft.endpoints.first { $0.id == "conversations_list" })
        #expect(
            conversations.paginate?.fields == [
                DraftHeader(name: "cursor", value: "response_metadata>next_cursor"),
                DraftHeader(name: "param", value: "cursor"), DraftHeader(name: "size", value: "limit"),
            ])
        let charges = try #require(draft.endpoints.first { $0.id == "list_charges" })
        #expect(charges.paginate?.fields.first == DraftHeader(name: "cursor", value: "data>-1>id"))
        #expect(charges.paginate?.fields.contains(DraftHeader(name: "has_more", value: "has_more")) == true)
        let profile = try Self.profile(draft)
        #expect(profile.pagination(for: "list_charges") != nil)
        #expect(draft.yaml().contains("# paginate: inferred from"))
    }

    @Test func twilioPagesByTheNextPageURL() throws {
        let draft = try OpenAPIImporter(options: .init(name: "studio")).importDescription(
            at: FixtureFiles.url("openapi/real/twilio_studio_v2.json")
        ).draft
        let profile = try Self.profile(draft)
        guard case .nextURL(let path)? = profile.pagination(for: "list_flow")?.style else {
            Issue.record("expected next_url paging, got \(String(describing: profile.pagination(for: "list_flow")))")
            return
        }
        #expect(path.description == "meta>next_page_url")
    }
}
