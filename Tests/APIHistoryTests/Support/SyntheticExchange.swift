import APIClient
import APIHTTP
import APIMapping

/// Exchanges built without a network, for tests that need many rows (retention, search).
enum SyntheticExchange {
    static func make(
        profile: Profile, index: Int, message: String? = nil, status: Int = 200, redirects: [RedirectHop] = []
    ) throws -> APIExchange {
        let request = try profile.resolveRequest(
            endpoint: "user", parameters: ["id": String(index)], environment: [:], demoBaseURL: "http://127.0.0.1:9")
        let tip = message ?? "message \(index)"
        let bytes = Array(
            JSONValue.object([
                "code": .number(JSONNumber(index % 3 == 0 ? 0 : 40000 + index)), "msg": .string(tip),
                "data": ["id": .number(JSONNumber(index)), "filler": .string(String(repeating: "x", count: 900))],
            ]).jsonText().utf8)
        var response = HTTPResponseRecord(
            status: status, reason: "OK", headers: [("Content-Type", "application/json")], body: bytes,
            httpVersion: "HTTP/1.1",
            timing: .init(headersReceived: .microseconds(200), bodyComplete: .microseconds(400)))
        response.redirects = redirects
        let body = ResponseBody(bytes: bytes, contentType: "application/json", xmlArrays: [])
        return APIExchange(
            profileName: profile.name, endpointID: "user", request: request, response: response, body: body,
            evaluation: request.envelope.evaluate(httpStatus: status, body: body.document?.root))
    }
}
