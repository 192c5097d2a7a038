import APIHTTP

/// A resolved request as an edit form shows it: every part that holds a secret masked, marked so
/// that leaving it alone keeps the real value (``RequestEdit/Value/kept``).
///
/// ```swift
/// let draft = RequestDraft(request)   // from ExplorerSession.preview(endpoint:parameters:profile:)
/// draft.headers  // [Accept: application/json, Authorization: •••• (secret)]
/// ```
public struct RequestDraft: Sendable, Hashable {
    /// A query item or header as shown.
    public struct Field: Sendable, Hashable {
        /// The name.
        public var name: String
        /// The value, or `Redaction.mask` for a secret.
        public var value: String
        /// Whether ``value`` is the mask of a secret the form must not show.
        public var isSecret: Bool

        /// Creates a field.
        ///
        /// - Parameters:
        ///   - name: The name.
        ///   - value: The value shown.
        ///   - isSecret: Whether the value is a masked secret.
        public init(name: String, value: String, isSecret: Bool = false) {
            self.name = name
            self.value = value
            self.isSecret = isSecret
        }
    }

    /// The method.
    public var method: String
    /// The URL without its query, secrets masked.
    public var url: String
    /// Whether ``url`` had a secret masked (a credential in the base URL).
    public var urlIsSecret: Bool
    /// The query items, decoded, in order.
    public var query: [Field]
    /// The headers, in order.
    public var headers: [Field]
    /// The body's bytes, real (a form never draws them; only an editor the user opens shows them).
    public var body: [UInt8]?
    /// Whether the body holds a value the request's redaction masks.
    public var bodyHasSecret: Bool

    /// The draft of `request`, masked with its own redaction.
    ///
    /// - Parameter request: A resolved request (``Profile/resolveRequest(endpoint:parameters:environment:demoBaseURL:secrets:fields:)``).
    public init(_ request: ResolvedRequest) {
        let redaction = request.redaction
        let (base, _) = ResolvedRequest.split(request.url)
        method = request.method
        url = redaction.redact(url: base)
        urlIsSecret = url != base
        query = URLQuery.items(of: request.url).map { item in
            let secret = redaction.masksQueryItem(item.name) || redaction.redact(text: item.value) != item.value
            return Field(name: item.name, value: secret ? Redaction.mask : item.value, isSecret: secret)
        }
        headers = request.headers.map { header in
            let secret = redaction.masksHeader(header.name) || redaction.redact(text: header.value) != header.value
            return Field(name: header.name, value: secret ? Redaction.mask : header.value, isSecret: secret)
        }
        body = request.body
        // A body the profile masks paths of (`redact: body`) is taken to hold a secret as a whole.
        bodyHasSecret =
            request.body.map { bytes in
                let text = String(decoding: bytes, as: UTF8.self)
                return !redaction.body.isEmpty || redaction.redact(text: text) != text
            } ?? false
    }

    /// An empty draft for an ad-hoc request: `GET`, no URL, nothing else.
    public init() {
        method = "GET"
        url = ""
        urlIsSecret = false
        query = []
        headers = []
        body = nil
        bodyHasSecret = false
    }
}
