/// A complete HTTP response: status, ordered headers, the whole (decoded) body and when each part arrived.
///
/// ```swift
/// let record = try await transport.send(HTTPRequestSpec(url: url))
/// record.status        // 200
/// record.header("content-type")  // "application/json; charset=utf-8"
/// record.timing.total  // 0.004 seconds
/// ```
public struct HTTPResponseRecord: Sendable {
    /// The status code.
    public var status: Int
    /// The reason phrase (the standard one for HTTP/2, which sends none).
    public var reason: String
    /// The header fields in the order received.
    public var headers: [(name: String, value: String)]
    /// The body, decompressed when the server used a content coding.
    public var body: [UInt8]
    /// The protocol version, such as `HTTP/1.1` or `HTTP/2.0`.
    public var httpVersion: String
    /// When the response head and the end of the body arrived, counted from the start of the request.
    public var timing: Timing
    /// How many times the request was sent to get this response (``RetryMiddleware`` counts).
    public var attempts = 1
    /// Whether the body came from the validator store after a `304` (``ConditionalGETCache``).
    public var servedFromCache = false
    /// The redirects followed before this response, first to last; empty when there were none.
    /// Their URLs are as sent: mask them (``Redaction/redact(url:)-(String)``) before showing them.
    public var redirects: [RedirectHop] = []
    /// Why this response, a redirect, was not followed (``RedirectPolicy/Mode``); `nil` otherwise.
    public var unfollowedRedirect: String?
    /// What a ``ResponseBodyHandler``'s reader made of a streamed body; `nil` when the body was
    /// collected whole. ``body`` is then what the reader kept (a saved file's first bytes, a stream's raw head).
    public var stream: StreamedBody?

    /// The phases of one exchange, each measured from the moment the request started.
    public struct Timing: Sendable, Equatable {
        /// Time until the status line and headers arrived (time to first byte, redirects included).
        public var headersReceived: Duration
        /// Time until the whole body arrived.
        public var bodyComplete: Duration

        /// Creates timing from two offsets.
        ///
        /// - Parameters:
        ///   - headersReceived: Time until the headers arrived.
        ///   - bodyComplete: Time until the body was complete.
        public init(headersReceived: Duration, bodyComplete: Duration) {
            self.headersReceived = headersReceived
            self.bodyComplete = bodyComplete
        }

        /// The whole exchange; the same as ``bodyComplete``.
        public var total: Duration { bodyComplete }
    }

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - reason: The reason phrase.
    ///   - headers: The header fields in order.
    ///   - body: The body bytes.
    ///   - httpVersion: The protocol version text.
    ///   - timing: The phase timing.
    public init(
        status: Int,
        reason: String,
        headers: [(name: String, value: String)],
        body: [UInt8],
        httpVersion: String,
        timing: Timing
    ) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
        self.timing = timing
    }

    /// The first value of a header field, matched without regard to case.
    ///
    /// ```swift
    /// record.header("etag")  // "\"demo-octocat-v1\""
    /// ```
    ///
    /// - Parameter name: The field name.
    /// - Returns: The value, or `nil` when the field is absent.
    public func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }
}
