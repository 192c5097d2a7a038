import APIClient
import APIHTTP
import APIImport
import Hummingbird
import NIOCore

extension MockServer {
    /// The answer to a request when a description is served too (`serve-mock --openapi`): a request
    /// the description does not allow is answered 400 with its first violation (404 for an unknown
    /// path, 405 for an unknown method); an allowed one gets the newest matching recording, else
    /// the description's example answer. `X-Apiexplore-Operation` names the operation.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - target: The path and query.
    ///   - headers: The request's headers.
    ///   - body: The request's body.
    /// - Returns: The answer.
    func respond(checking method: String, target: String, headers: [HTTPHeader], body: [UInt8]) async -> MockResponse {
        guard let contract else { return await respond(method: method, target: target) }
        let answer = contract.answer(
            OpenAPIContract.Request(
                method: method, target: target, headers: headers.map { ($0.name, $0.value) }, body: body))
        var response = MockResponse(status: answer.status, headers: [], body: answer.body)
        if let type = answer.contentType { response.headers.append(HTTPHeader(name: "Content-Type", value: type)) }
        if let operation = answer.operation {
            response.headers.append(HTTPHeader(name: Self.operationHeader, value: Self.headerText(operation)))
        }
        if let violation = answer.violation {
            response.headers.append(HTTPHeader(name: Self.violationHeader, value: Self.headerText(violation)))
            onRefusal?("refused \(method.uppercased()) \(target.prefix(200)): \(violation)")
        }
        guard answer.violation == nil, store != nil else { return response }
        let replay = await respond(method: method, target: target)
        return replay.headers.contains { $0.name == MockResponse.exchangeHeader } ? replay : response
    }

    /// The header naming the operation of the description that answered.
    package static let operationHeader = "X-Apiexplore-Operation"
    /// The header of a refusal: the first violation of the description, in words.
    package static let violationHeader = "X-Apiexplore-Violation"

    /// Text fit for a header value: printable ASCII (others as `?`), at most 500 characters.
    static func headerText(_ text: String) -> String {
        String(
            text.unicodeScalars.prefix(500).map {
                $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?"
            })
    }

    /// The largest request body the mock reads.
    static let largestRequestBody = 16 << 20

    /// A request's body, at most ``largestRequestBody`` bytes.
    static func body(of request: Request) async throws -> [UInt8] {
        let buffer = try await request.body.collect(upTo: largestRequestBody)
        return Array(buffer.readableBytesView)
    }
}
