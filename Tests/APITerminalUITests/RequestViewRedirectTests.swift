import APIClient
import APIHTTP
import APIMapping
import Foundation
import Testing

@testable import APITerminalUI

/// The Request view lists the redirects followed before the answer, their URLs redacted.
@Suite("Request view redirects")
struct RequestViewRedirectTests {
    @Test func theChainIsShownMasked() throws {
        let base = try InspectorKeyTests.exchange(body: InspectorKeyTests.cjkBody)
        var response = base.response
        response.redirects = [
            RedirectHop(
                method: "GET", url: "http://demo.test/old?token=t0psecret", status: 302,
                location: "http://other.test/new?sig=abc&page=2")
        ]
        let exchange = APIExchange(
            profileName: base.profileName, endpointID: base.endpointID, request: base.request, response: response,
            body: base.body, evaluation: base.evaluation)
        let inspection = ExchangeInspection(exchange: exchange, source: .live)
        #expect(inspection.redirects == ["302 http://demo.test/old?token=•••• → http://other.test/new?sig=••••&page=2"])
        var state = try InspectorKeyTests.shown(ExchangeDisplay(exchange: exchange))
        InspectorKeyTests.press(":view request<enter>", &state)
        let text = InspectorKeyTests.screen(state).text
        #expect(text.contains("redirect 302 http://demo.test/old"), "\(text)")
        #expect(!text.contains("t0psecret"))
    }
}
