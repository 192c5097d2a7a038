import APIClient
import APIClientTesting
import APIMock
import Testing

@Suite("Mock request: the query is bounded, and errors say where")
struct MockRequestLimitTests {
    static func target(items: Int) -> String {
        "/users/7?" + (0..<items).map { "p\($0)=\($0)" }.joined(separator: "&")
    }

    @Test func acceptsUpToTheCapAndRefusesMore() throws {
        let most = try MockRequest(method: "GET", target: Self.target(items: MockRequest.maximumQueryItems))
        #expect(most.query.count == MockRequest.maximumQueryItems)
        let error = #expect(throws: MockRequestError.self) {
            try MockRequest(method: "GET", target: Self.target(items: MockRequest.maximumQueryItems + 1))
        }
        #expect(error?.description == "the query has 101 items; the mock reads at most 100")
    }

    @Test func anUnknownOutcomeNamesItsPosition() {
        let error = #expect(throws: MockRequestError.self) {
            try MockRequest(method: "GET", target: "/users/7?page=2&_outcome=sucess")
        }
        #expect(error?.description.hasPrefix("query item 2: _outcome 'sucess' is not an outcome; one of: ") == true)
    }

    @Test func theServerAnswers400PastTheCap() async throws {
        try await withTemporaryStore { store, _ in
            let profile = try Profile(
                yaml: "name: shop\nbase_url: http://127.0.0.1:1\nendpoints: {user: {path: \"/users/{id}\"}}\n",
                file: "shop.yaml")
            let response = await MockServer(profile: profile, store: store).respond(
                method: "GET", target: Self.target(items: 5000))
            #expect(response.status == 400)
            #expect(String(decoding: response.body, as: UTF8.self).contains("at most 100"))
        }
    }
}
