import APIClient
public import APIHTTP
import Synchronization

/// A `Transport` (APIHTTP) that answers from a closure instead of the network, and keeps every
/// request it was given: for testing profiles, envelopes, middleware and front ends without a
/// server.
///
/// ```swift
/// let transport = StubTransport { request in
///     request.url.hasSuffix("/users/7") ? .json(#"{"code":0,"data":{"id":7}}"#) : .text("", status: 404)
/// }
/// let client = ProfileClient(transport: transport, environment: [:])
/// let exchange = try await client.call(profile: profile, endpoint: "user", parameters: ["id": "7"])
/// transport.requests.map(\.url)  // ["https://api.example.com/users/7"]
/// ```
public final class StubTransport: Transport {
    /// What the stub answers: a response, or the transport error to throw.
    public enum Answer: Sendable {
        /// A response, as if it came over the network.
        case response(HTTPResponseRecord)
        /// No response: this error is thrown.
        case failure(TransportError)

        /// A JSON response.
        ///
        /// - Parameters:
        ///   - text: The body.
        ///   - status: The status code; 200 by default.
        ///   - headers: More headers; `Content-Type: application/json` is always sent.
        public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> Answer {
            self.text(text, status: status, contentType: "application/json", headers: headers)
        }

        /// A response with a text body.
        ///
        /// - Parameters:
        ///   - text: The body, as UTF-8.
        ///   - status: The status code; 200 by default.
        ///   - contentType: The `Content-Type`; `text/plain` by default.
        ///   - headers: More headers.
        public static func text(
            _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8",
            headers: [(String, String)] = []
        ) -> Answer {
            .response(
                HTTPResponseRecord(
                    status: status, reason: status < 400 ? "OK" : "Error",
                    headers: [(name: "Content-Type", value: contentType)] + headers.map { (name: $0.0, value: $0.1) },
                    body: Array(text.utf8), httpVersion: "HTTP/1.1",
                    timing: HTTPResponseRecord.Timing(headersReceived: .zero, bodyComplete: .zero)))
        }
    }

    private let answer: @Sendable (HTTPRequestSpec) -> Answer
    private let sent = Mutex<[HTTPRequestSpec]>([])

    /// Creates a stub that answers each request with what `answer` returns for it.
    ///
    /// - Parameter answer: Called once per request, in the order they are sent.
    public init(answer: @escaping @Sendable (HTTPRequestSpec) -> Answer) {
        self.answer = answer
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequestSpec] { sent.withLock { $0 } }

    /// Records the request and answers it; progress is reported once, with the whole body.
    public func send(
        _ request: HTTPRequestSpec, progress: (@Sendable (ProgressReport) -> Void)?
    ) async throws(TransportError) -> HTTPResponseRecord {
        sent.withLock { $0.append(request) }
        switch answer(request) {
        case .response(let record):
            progress?(ProgressReport(bytesReceived: record.body.count, expectedLength: record.body.count))
            return record
        case .failure(let error):
            throw error
        }
    }
}
