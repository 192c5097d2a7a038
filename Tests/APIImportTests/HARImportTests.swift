import APIHTTP
import APIImport
import APIMapping
import Foundation
import Testing

@Suite struct HARImportTests {
    static func fixture(_ name: String) throws -> String {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/har/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func endpoint(_ draft: ProfileDraft, _ method: String, _ path: String) throws -> EndpointDraft {
        try #require(draft.endpoints.first { $0.method == method && $0.path == path }, "\(method) \(path)")
    }

    @Test func browserSessionDeduplicatesToTemplatedPaths() throws {
        let draft = try HARImport.profile(from: try Self.fixture("chrome-shop-session.har"), name: "shop")
        #expect(draft.baseURL == "https://shop.example.com/api/v2")
        #expect(
            draft.endpoints.map { "\($0.id) \($0.method) \($0.path)" } == [
                "get_products GET /products",
                "get_products_product_id GET /products/{product_id}",
                "get_products_product_id_reviews GET /products/{product_id}/reviews",
                "post_cart_items POST /cart/items",
                "put_orders_order_id_items_item_id PUT /orders/{order_id}/items/{item_id}",
                "post_uploads POST /uploads",
                "get_sessions_session_id GET /sessions/{session_id}",
                "post_newsletter POST /newsletter",
            ])
        let product = try Self.endpoint(draft, "GET", "/products/{product_id}")
        #expect(product.params.map(\.name) == ["product_id"])
        #expect(product.params.first?.defaultValue == "1001")
        #expect(product.comments.contains("seen 2 times"))
        let list = try Self.endpoint(draft, "GET", "/products")
        #expect(list.query.map(\.name) == ["category", "page", "in_stock"])
        #expect(list.params.map(\.defaultValue) == ["shoes", "1", "true"])
        let order = try Self.endpoint(draft, "PUT", "/orders/{order_id}/items/{item_id}")
        #expect(order.params.map(\.defaultValue) == ["3f2b8c1e-9d4a-4e5b-8c7d-1a2b3c4d5e6f", "17"])
        #expect(order.body == ["quantity": 3])
    }

    @Test func browserNoiseAndSecretsAreDropped() throws {
        let draft = try HARImport.profile(from: try Self.fixture("chrome-shop-session.har"), name: "shop")
        #expect(draft.auth == .bearer(token: "${env:SHOP_TOKEN}"))
        #expect(draft.headers.contains(DraftHeader(name: "accept", value: "application/json")))
        let everything = "\(draft.headers) \(draft.endpoints) \(draft.auth.map { "\($0)" } ?? "")"
        for dropped in [
            "FAKE-TEST-TOKEN", "FAKE-SESSION-COOKIE", ":authority", "sec-ch-ua", "gzip", "content-length", "Mozilla",
        ] {
            #expect(!everything.contains(dropped), "\(dropped)")
        }
        let cart = try Self.endpoint(draft, "POST", "/cart/items")
        #expect(cart.body == ["product_id": 1001, "quantity": 2])
        #expect(cart.headers == [DraftHeader(name: "content-type", value: "application/json")])
        let upload = try Self.endpoint(draft, "POST", "/uploads")
        #expect(
            upload.multipart == [
                DraftHeader(name: "kind", value: "avatar"), DraftHeader(name: "file", value: "${file}"),
            ])
        #expect(upload.headers.isEmpty)
        let newsletter = try Self.endpoint(draft, "POST", "/newsletter")
        #expect(newsletter.bodyText == "email=ada%40example.com&lists=news%2Cdeals")
        #expect(draft.comments.contains("skipped 1 requests to other hosts: https://collect.analytics.example.net (1)"))
        #expect(draft.comments.contains("skipped 1 CORS preflights (OPTIONS)"))
        #expect(draft.comments.contains("skipped 1 browser document requests"))
        #expect(draft.comments.contains("skipped 1 browser script requests"))
        #expect(draft.comments.contains { $0.hasPrefix("dropped the Cookie header of 10 requests") })
        #expect(draft.comments.contains("set in the environment: SHOP_TOKEN"))
    }

    @Test func cookiesAreKeptAsPlaceholdersWhenAsked() throws {
        var options = HARImportOptions()
        options.includeCookies = true
        let draft = try HARImport.profile(
            from: try Self.fixture("chrome-shop-session.har"), name: "shop", options: options)
        #expect(draft.headers.contains(DraftHeader(name: "cookie", value: "${env:SHOP_COOKIE}")))
        #expect(!"\(draft)".contains("FAKE-SESSION-COOKIE"))
    }

    @Test func apiexploreExportKeepsEndpointIDs() throws {
        let draft = try HARImport.profile(from: try Self.fixture("apiexplore-export-demo.har"), name: "demo")
        #expect(draft.baseURL == "http://127.0.0.1:8080")
        #expect(draft.comments.contains("exported from profile demo"))
        #expect(
            draft.endpoints.map { "\($0.id) \($0.method) \($0.path)" } == [
                "user GET /cmd/users/{user_id}", "user_update POST /cmd/users/{user_id}", "orders GET /cmd/orders",
            ])
        let user = draft.endpoints[0]
        #expect(user.params.map(\.name) == ["user_id", "fields"])
        #expect(user.params.map(\.defaultValue) == ["1001", "name,city"])
        #expect(user.comments.contains("seen 3 times"))
        #expect(draft.auth == .header(name: "Authorization", value: "${env:DEMO_API_KEY}"))
        let update = draft.endpoints[1]
        // Redacted in the capture, and a secret by its name: read from the environment.
        #expect(update.body == ["name": "Ada", "password": "${env:DEMO_PASSWORD}"])
        #expect(update.secretVariables == ["DEMO_PASSWORD"])
        #expect(update.comments.contains { $0.contains("redacted") })
        let orders = draft.endpoints[2]
        #expect(orders.query.last == DraftHeader(name: "token", value: "${env:DEMO_TOKEN}"))
        #expect(orders.params.map(\.name) == ["status"])
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let kind: HARImportError.Kind
        let path: String
        let line: Int?
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(name: "not JSON", text: "{\"log\":\n  {entries: []}}", kind: .notJSON, path: "$", line: 2),
        ErrorCase(
            name: "no entries", text: #"{"log":{"version":"1.2"}}"#, kind: .notHAR, path: "$.log.entries", line: nil),
        ErrorCase(
            name: "entry without url",
            text:
                #"{"log":{"entries":[{"request":{"method":"GET","url":"https://x.test"}},{"request":{"method":"GET"}}]}}"#,
            kind: .missingString, path: "$.log.entries[1].request.url", line: nil),
    ]

    @Test(arguments: errorCases)
    func errors(_ testCase: ErrorCase) {
        #expect {
            try HARImport.profile(from: testCase.text, name: "x")
        } throws: { error in
            guard let error = error as? HARImportError else { return false }
            return error.kind == testCase.kind && error.path == testCase.path && error.position?.line == testCase.line
        }
    }

    @Test(arguments: [
        ("/users/1001", "/users/{user_id}"),
        ("/categories/42/products/7", "/categories/{category_id}/products/{product_id}"),
        ("/1001/1002", "/{id}/{id2}"),
        ("/v1/customers/cus_NffrFeUfNV2Hib", "/v1/customers/{customer_id}"),
        ("/addresses/a8f5f167f44f4964e6c998dee827110c", "/addresses/{address_id}"),
        ("/boxes/7/boxes/8", "/boxes/{box_id}/boxes/{box_id2}"),
        ("/v2/chat.postMessage", "/v2/chat.postMessage"),
        ("/api/v10/users/@me", "/api/v10/users/@me"),
    ])
    func pathTemplating(_ path: String, _ templated: String) throws {
        let har = #"{"log":{"entries":[{"request":{"method":"GET","url":"https://x.test\#(path)"}}]}}"#
        let draft = try HARImport.profile(from: har, name: "x")
        #expect(draft.baseURL + (draft.endpoints.first?.path ?? "") == "https://x.test" + templated)
    }
}
