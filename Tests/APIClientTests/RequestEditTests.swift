import APIClient
import APIHTTP
import APITesting
import Foundation
import Testing

/// The request-override layer: an edit applied over a resolved request, kept secrets taken from it,
/// the form's masked draft, full URLs in raw requests, and ad-hoc requests.
@Suite struct RequestEditTests {
    static let profileText = """
        name: edits
        base_url: https://api.example.test/v1
        headers:
          Accept: application/json
          X-Api-Key: "${env:EDIT_KEY}"
        endpoints:
          user:
            path: /users/{id}
            query: {lang: "${lang}", sig: "${env:EDIT_SIG}"}
            params:
              id: {default: "7"}
              lang: {default: zh}
          create:
            method: POST
            path: /users
            body: {name: "${name}", key: "${env:EDIT_KEY}"}
            params:
              name: {default: 张伟}
        """
    static let environment = ["EDIT_KEY": "key-0123456789", "EDIT_SIG": "sig-0123456789"]

    static func profile() throws -> Profile { try Profile(yaml: profileText, file: "edits.yaml") }

    static func resolved(_ endpoint: String = "user") throws -> ResolvedRequest {
        try profile().resolveRequest(endpoint: endpoint, parameters: [:], environment: environment)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let edit: RequestEdit
        let url: String
        let headers: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "nothing changes", edit: RequestEdit(),
            url: "https://api.example.test/v1/users/7?lang=zh&sig=sig-0123456789",
            headers: ["Accept: application/json", "X-Api-Key: key-0123456789"]),
        Case(
            name: "a query value typed, the secret kept",
            edit: RequestEdit(query: [.init(name: "lang", value: .text("en gb")), .init(name: "sig", value: .kept)]),
            url: "https://api.example.test/v1/users/7?lang=en%20gb&sig=sig-0123456789",
            headers: ["Accept: application/json", "X-Api-Key: key-0123456789"]),
        Case(
            name: "an item removed, one added, the URL changed",
            edit: RequestEdit(
                url: "https://api.example.test/v1/users/8",
                query: [.init(name: "sig", value: .kept), .init(name: "名", value: .text("李娜"))]),
            url: "https://api.example.test/v1/users/8?sig=sig-0123456789&%E5%90%8D=%E6%9D%8E%E5%A8%9C",
            headers: ["Accept: application/json", "X-Api-Key: key-0123456789"]),
        Case(
            name: "headers replaced, the secret kept by any case",
            edit: RequestEdit(
                headers: [.init(name: "x-api-key", value: .kept), .init(name: "X-Trace", value: .text("on"))]),
            url: "https://api.example.test/v1/users/7?lang=zh&sig=sig-0123456789",
            headers: ["X-Api-Key: key-0123456789", "X-Trace: on"]),
        Case(
            name: "a kept item the request lacks is left out",
            edit: RequestEdit(
                query: [.init(name: "token", value: .kept)], headers: [.init(name: "Cookie", value: .kept)]),
            url: "https://api.example.test/v1/users/7", headers: []),
        Case(
            name: "another origin gets no kept secret",
            edit: RequestEdit(
                url: "https://elsewhere.test/v1/users/7",
                query: [.init(name: "lang", value: .kept), .init(name: "sig", value: .kept)],
                headers: [.init(name: "X-Api-Key", value: .kept), .init(name: "X-Trace", value: .text("on"))]),
            url: "https://elsewhere.test/v1/users/7", headers: ["X-Trace: on"]),
        Case(
            name: "another origin with no lists keeps no query and no credential header",
            edit: RequestEdit(url: "http://api.example.test/v1/users/7"),
            url: "http://api.example.test/v1/users/7", headers: ["Accept: application/json"]),
        Case(
            name: "a secret replaced by typing",
            edit: RequestEdit(headers: [.init(name: "X-Api-Key", value: .text("typed"))]),
            url: "https://api.example.test/v1/users/7?lang=zh&sig=sig-0123456789", headers: ["X-Api-Key: typed"]),
    ]

    @Test(arguments: cases)
    func anEditAppliesOverTheResolvedRequest(_ test: Case) throws {
        let request = try Self.resolved().applying(test.edit)
        #expect(request.url == test.url)
        #expect(request.headers.map(\.description) == test.headers)
        #expect(request.method == "GET")
    }

    @Test func methodAndBodyAreReplaced() throws {
        let request = try Self.resolved("create").applying(RequestEdit(method: "put", body: Array(#"{"a":1}"#.utf8)))
        #expect(request.method == "PUT")
        #expect(request.body == Array(#"{"a":1}"#.utf8))
        #expect(try Self.resolved("create").applying(RequestEdit()).body == Self.resolved("create").body)
    }

    @Test func theDraftMasksEverySecretAndMarksIt() throws {
        let draft = RequestDraft(try Self.resolved())
        #expect(draft.url == "https://api.example.test/v1/users/7")
        #expect(draft.query.map { "\($0.name)=\($0.value) \($0.isSecret)" } == ["lang=zh false", "sig=•••• true"])
        #expect(
            draft.headers.map { "\($0.name): \($0.value) \($0.isSecret)" } == [
                "Accept: application/json false", "X-Api-Key: •••• true",
            ])
        #expect(!draft.bodyHasSecret)
        let create = RequestDraft(try Self.resolved("create"))
        #expect(create.bodyHasSecret)
        // Nothing in the draft's shown parts holds a secret.
        let shown = ([create.url] + create.query.map(\.value) + create.headers.map(\.value)).joined()
        #expect(!shown.contains("key-0123456789"))
    }

    @Test func anAdHocRequestSendsOnlyWhatWasTyped() async throws {
        let transport = StubTransport { _ in .json(#"{"ok":true}"#) }
        let client = ProfileClient(transport: transport, environment: Self.environment)
        let edit = RequestEdit(
            method: "post", url: "http://127.0.0.1:9/echo", query: [.init(name: "q", value: .text("a b"))],
            headers: [.init(name: "X-Trace", value: .text("on")), .init(name: "X-Api-Key", value: .kept)],
            body: Array(#"{"名":1}"#.utf8))
        let exchange = try await client.send(profile: try Self.profile(), edit: edit)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == "POST")
        #expect(sent.url == "http://127.0.0.1:9/echo?q=a%20b")
        #expect(sent.headers.map { "\($0.0): \($0.1)" } == ["X-Trace: on", "Content-Type: application/json"])
        #expect(sent.body == Array(#"{"名":1}"#.utf8))
        #expect(exchange.endpointID == "POST http://127.0.0.1:9/echo?q=a%20b")
        await #expect(throws: ClientError.self) {
            try await client.send(profile: try Self.profile(), edit: RequestEdit(url: "/relative"))
        }
    }
}
