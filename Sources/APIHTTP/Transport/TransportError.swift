/// Why an HTTP exchange failed, with the request it was for (secrets in the query masked).
///
/// ```swift
/// do {
///     _ = try await transport.send(HTTPRequestSpec(url: "http://127.0.0.1:1/users?token=abc"))
/// } catch {
///     error.kind         // .refused
///     error.description  // "connection refused: GET http://127.0.0.1:1/users?token=•••• (…)"
/// }
/// ```
public struct TransportError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is.
    public var kind: Kind
    /// The request as `METHOD URL`, with the values of secret query parameters replaced by `••••`.
    public var request: String
    /// What the underlying library said, for diagnosis.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The kind of failure.
    ///   - request: The redacted request description.
    ///   - message: The underlying message.
    public init(kind: Kind, request: String, message: String) {
        self.kind = kind
        self.request = request
        self.message = message
    }

    /// Whether a time limit ran out (connect, read, or the whole exchange): a request with a limit
    /// hit is its own outcome in reports, apart from other failures to get a response.
    public var isTimeout: Bool {
        kind == .timeout(.connect) || kind == .timeout(.read) || kind == .timeout(.total)
    }

    /// `kind: request (message)`.
    public var description: String {
        message.isEmpty ? "\(kind): \(request)" : "\(kind): \(request) (\(message))"
    }
}

extension TransportError {
    /// The phase a timeout expired in.
    public enum TimeoutPhase: String, Sendable, Hashable {
        /// Establishing the connection (TCP, TLS, proxy handshake).
        case connect
        /// Waiting for the next bytes of the response.
        case read
        /// The whole exchange, body included.
        case total
    }

    /// The kind of a transport failure; compare with `==` against the static members.
    ///
    /// A struct rather than an enum, so that kinds can be added without breaking callers that switch.
    ///
    /// ```swift
    /// if error.kind == .timeout(.read) { … }
    /// ```
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Code: Hashable, Sendable {
            case dns
            case refused
            case tls
            case timeout(TimeoutPhase)
            case tooLarge(Int)
            case decompressionRatio(Int)
            case truncatedBody
            case connectionClosed
            case redirectLimit
            case redirectRefused
            case invalidContent
            case invalidRequest
            case cancelled
            case signIn
            case other
        }

        private let code: Code

        /// The host name could not be resolved.
        public static let dns = Kind(code: .dns)
        /// Nothing listens on the port (`ECONNREFUSED`).
        public static let refused = Kind(code: .refused)
        /// The TLS handshake failed (certificate, protocol).
        public static let tls = Kind(code: .tls)
        /// A timeout expired in the given phase.
        public static func timeout(_ phase: TimeoutPhase) -> Kind { Kind(code: .timeout(phase)) }
        /// The body (counted decompressed) grew past the request's or the transport's limit of `limit` bytes.
        public static func tooLarge(limit: Int) -> Kind { Kind(code: .tooLarge(limit)) }
        /// A compressed body expanded more than `ratio` times, the
        /// ``TransportConfiguration/maximumDecompressionRatio`` (a defence against zip bombs).
        public static func decompressionRatio(limit ratio: Int) -> Kind { Kind(code: .decompressionRatio(ratio)) }
        /// The connection ended before the announced body was complete.
        public static let truncatedBody = Kind(code: .truncatedBody)
        /// The server closed the connection without sending a response.
        public static let connectionClosed = Kind(code: .connectionClosed)
        /// Too many redirects, or a redirect cycle.
        public static let redirectLimit = Kind(code: .redirectLimit)
        /// A redirect the request's ``RedirectPolicy`` does not follow: from HTTPS to HTTP, a 307 or 308
        /// that would send the body to another origin, or a `Location` that is no http(s) URL.
        public static let redirectRefused = Kind(code: .redirectRefused)
        /// The response was not valid HTTP, or its content coding could not be decoded.
        public static let invalidContent = Kind(code: .invalidContent)
        /// The request itself cannot be sent (bad URL, unsupported scheme, invalid header).
        public static let invalidRequest = Kind(code: .invalidRequest)
        /// The calling task was cancelled.
        public static let cancelled = Kind(code: .cancelled)
        /// Getting a token failed (the OAuth 2.0 token endpoint or the profile's login refused, or
        /// answered without one); ``TransportError/message`` says why.
        public static let signIn = Kind(code: .signIn)
        /// Anything else; ``TransportError/message`` says what.
        public static let other = Kind(code: .other)

        /// A short lowercase phrase, such as `read timeout`.
        public var description: String {
            switch code {
            case .dns: "DNS resolution failed"
            case .refused: "connection refused"
            case .tls: "TLS failure"
            case .timeout(let phase): "\(phase.rawValue) timeout"
            case .tooLarge(let limit): "response larger than \(limit) bytes"
            case .decompressionRatio(let ratio): "response expands more than \(ratio) times when decompressed"
            case .truncatedBody: "truncated body"
            case .connectionClosed: "connection closed without a response"
            case .redirectLimit: "too many redirects"
            case .redirectRefused: "redirect refused"
            case .invalidContent: "invalid response"
            case .invalidRequest: "invalid request"
            case .cancelled: "cancelled"
            case .signIn: "sign-in failed"
            case .other: "transport failure"
            }
        }
    }
}
