import APIClient
import APIHTTP
import APIMapping
import Foundation
import Testing

/// `form:`, `multipart:` and `json:` fields filled from parameters, endpoint `auth:`, secret
/// parameters, and absolute paths on another host.
@Suite("Profiles: body fields, endpoint auth and hosts")
struct ProfileBodyFieldTests {
    static let yaml = """
        name: shop
        base_url: https://shop.example/v1
        auth: {bearer: {token: "${env:SHOP_TOKEN}"}}
        headers: {X-Shop-Key: "${env:SHOP_KEY}", Accept: application/json}
        endpoints:
          message:
            method: POST
            path: /messages
            form: {To: "${to}", Body: "${body}", Tag: "${tag}"}
            params:
              to: {}
              body: {}
              tag: {required: false, example: urgent}
          upload:
            method: POST
            path: /photos
            multipart: {caption: "${caption}", photo: "${photo}"}
            params:
              caption: {required: false}
              photo: {type: file}
          pet:
            method: POST
            path: /pets
            body: {name: Rex, age: 3, tags: []}
            json: {name: "${name}", age: "${age}", tags: "${tags}"}
            params:
              name: {required: false}
              age: {type: integer, required: false}
              tags: {type: array, required: false}
          public:
            path: /health
            auth: none
          keyed:
            path: /reports
            auth: {header: {name: X-API-Key, value: "${env:SHOP_API_KEY}"}}
            headers: {token: "${token}"}
            params:
              token: {secret: true}
          other_host:
            path: "https://other.example/b"
          other_host_keyed:
            path: "https://other.example/c"
            auth: {bearer: {token: "${env:OTHER_TOKEN}"}}
        """

    static let environment = [
        "SHOP_TOKEN": "shop-token-1", "SHOP_KEY": "shop-key-1", "SHOP_API_KEY": "api-key-1", "OTHER_TOKEN": "other-1",
    ]

    static func profile() throws -> Profile { try Profile(yaml: yaml, file: "shop.yaml") }

    @Test(arguments: [
        ("plus and ampersand", "+1 555 & co", "To=%2B1+555+%26+co"),
        ("equals and percent", "a=b%c", "To=a%3Db%25c"),
        ("UTF-8", "張偉 ☕", "To=%E5%BC%B5%E5%81%89+%E2%98%95"),
        ("unreserved kept", "a-b_c.d*e~f", "To=a-b_c.d*e%7Ef"),
    ])
    func formFieldsAreEncodedAsHTMLFormsDo(_ name: String, _ value: String, _ expected: String) throws {
        let request = try Self.profile().resolveRequest(
            endpoint: "message", parameters: ["to": value, "body": "hi"], environment: Self.environment)
        let body = String(decoding: request.body ?? [], as: UTF8.self)
        #expect(body == expected + "&Body=hi", "\(name)")
    }

    @Test func anOptionalFieldWithoutAValueIsNotSentAndItsExampleNever() throws {
        let request = try Self.profile().resolveRequest(
            endpoint: "message", parameters: ["to": "1", "body": "b"], environment: Self.environment)
        let body = String(decoding: request.body ?? [], as: UTF8.self)
        #expect(body == "To=1&Body=b")
        #expect(!body.contains("urgent"))
        #expect(request.headers.last { $0.name == "Content-Type" }?.value == "application/x-www-form-urlencoded")
    }

    @Test func givenFormFieldsReplaceAndAdd() throws {
        var fields = BodyFields()
        fields.form = [try FormField(parsing: "Body=over"), try FormField(parsing: "Extra=1")]
        let request = try Self.profile().resolveRequest(
            endpoint: "message", parameters: ["to": "1", "body": "b"], environment: Self.environment, fields: fields)
        #expect(String(decoding: request.body ?? [], as: UTF8.self) == "To=1&Body=over&Extra=1")
    }

    @Test func aFileParameterUploadsTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("body-fields-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { _ = Result { try FileManager.default.removeItem(at: folder) } }
        let file = folder.appendingPathComponent("cat.txt")
        try Data("meow".utf8).write(to: file)
        let request = try Self.profile().resolveRequest(
            endpoint: "upload", parameters: ["photo": file.path], environment: Self.environment)
        let upload = try #require(request.upload)
        #expect(upload.fields == [FormField(name: "photo", source: .file(path: file.path))])
        #expect(request.headers.last { $0.name == "Content-Type" }?.value == upload.contentType)
        #expect(request.body == nil)
        #expect {
            try Self.profile().resolveRequest(
                endpoint: "upload", parameters: ["photo": folder.appendingPathComponent("missing").path],
                environment: Self.environment)
        } throws: { error in
            (error as? ProfileError)?.message.contains("the form of endpoint 'upload'") == true
        }
    }

    /// A profile that names a file of the user's as a default (an SSH key) cannot make a call upload
    /// it: the file must be given for the call.
    @Test func aFileParameterNeverTakesItsDefault() throws {
        let yaml = Self.yaml.replacingOccurrences(
            of: "photo: {type: file}", with: "photo: {type: file, default: \"~/.ssh/id_ed25519\"}")
        let profile = try Profile(yaml: yaml, file: "shop.yaml")
        #expect {
            try profile.resolveRequest(endpoint: "upload", parameters: [:], environment: Self.environment)
        } throws: { error in
            (error as? ProfileError)?.message
                == "parameter 'photo' of endpoint 'upload' is a file to upload, and a file is never taken from a "
                + "default: give it for this call (photo=PATH)"
        }
    }

    @Test func jsonFieldsTakeTheirTypes() throws {
        let profile = try Self.profile()
        let request = try profile.resolveRequest(
            endpoint: "pet", parameters: ["age": "7", "tags": #"["a"]"#, "name": "7"], environment: Self.environment)
        #expect(String(decoding: request.body ?? [], as: UTF8.self) == #"{"name":"7","age":7,"tags":["a"]}"#)
        #expect {
            try profile.resolveRequest(endpoint: "pet", parameters: ["age": "seven"], environment: Self.environment)
        } throws: { error in
            (error as? ProfileError)?.message.contains("parameter 'age' of endpoint 'pet' is sent as JSON") == true
        }
    }

    @Test func endpointAuthNoneAndItsOwn() throws {
        let profile = try Self.profile()
        let open = try profile.resolveRequest(endpoint: "public", parameters: [:], environment: Self.environment)
        #expect(!open.headers.contains { $0.name == "Authorization" })
        let keyed = try profile.resolveRequest(
            endpoint: "keyed", parameters: ["token": "session-secret-9"], environment: Self.environment)
        #expect(keyed.headers.contains(HTTPHeader(name: "X-API-Key", value: "api-key-1")))
        #expect(!keyed.headers.contains { $0.name == "Authorization" })
        #expect(!keyed.redactedHead.contains("session-secret-9"))
        #expect(!keyed.redactedHead.contains("api-key-1"))
    }

    @Test func aSecretParameterCannotHaveADefault() {
        let yaml =
            "name: t\nbase_url: http://x\nendpoints:\n  a:\n    path: /a\n    params: {k: {secret: true, default: abc}}\n"
        #expect {
            try Profile(yaml: yaml, file: "t.yaml")
        } throws: { error in
            (error as? ProfileError)?.message.contains("is secret and cannot have a default") == true
        }
    }

    @Test func anotherHostGetsNoneOfTheProfileCredentials() throws {
        let profile = try Self.profile()
        let bare = try profile.resolveRequest(endpoint: "other_host", parameters: [:], environment: Self.environment)
        #expect(bare.url == "https://other.example/b")
        #expect(bare.headers == [HTTPHeader(name: "Accept", value: "application/json")])
        let keyed = try profile.resolveRequest(
            endpoint: "other_host_keyed", parameters: [:], environment: Self.environment)
        #expect(keyed.headers.contains(HTTPHeader(name: "Authorization", value: "Bearer other-1")))
        #expect(!keyed.headers.contains { $0.value.contains("shop-") })
        let home = try profile.resolveRequest(endpoint: "public", parameters: [:], environment: Self.environment)
        #expect(home.headers.contains(HTTPHeader(name: "X-Shop-Key", value: "shop-key-1")))
    }

    @Test func twoKindsOfBodyAreRefused() {
        let yaml =
            "name: t\nbase_url: http://x\nendpoints:\n  a:\n    path: /a\n    form: {a: b}\n    multipart: {c: d}\n"
        #expect {
            try Profile(yaml: yaml, file: "t.yaml")
        } throws: { error in
            (error as? ProfileError)?.message.contains("has both 'form' and 'multipart'") == true
        }
    }
}
