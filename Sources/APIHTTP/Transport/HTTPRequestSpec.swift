/// One HTTP request as the transport sends it: method, absolute URL, ordered headers and an optional body.
///
/// Headers keep their order and duplicates, because some APIs care (and so do signatures).
///
/// ```swift
/// let request = HTTPRequestSpec(
///     method: "GET",
///     url: "http://127.0.0.1:8080/cmd/users/1001",
///     headers: [("Accept", "application/json")]
/// )
/// ```
public struct HTTPRequestSpec: Sendable {
    /// The method, such as `GET` or `POST`.
    public var method: String
    /// The absolute URL, query included.
    public var url: String
    /// The header fields in the order they are sent.
    public var headers: [(name: String, value: String)]
    /// The body, if any.
    public var body: [UInt8]?
    /// Query parameter names whose values are masked wherever the request is described (errors,
    /// logs), on top of ``TransportConfiguration/redactedQueryNames``; a profile's `redact: query:`.
    public var redactedQueryNames: Set<String>
    /// Header names (any case) whose values are masked wherever the request is described or
    /// logged, on top of the profile's and the defaults; ``AuthMiddleware`` adds its header here.
    public var redactedHeaderNames: Set<String> = []
    /// This request's total time limit, headers and body; `nil` uses ``TransportConfiguration/totalTimeout``.
    public var totalTimeout: Duration?
    /// This request's largest body in bytes; `nil` uses ``TransportConfiguration/maximumBodySize``.
    public var maximumBodySize: Int?
    /// This request's connect timeout; `nil` uses ``TransportConfiguration/connectTimeout``.
    public var connectTimeout: Duration?
    /// This request's read timeout (the longest wait for the next bytes); `nil` uses
    /// ``TransportConfiguration/readTimeout``.
    public var readTimeout: Duration?
    /// Whether this request verifies the server's certificate; `nil` uses ``TransportConfiguration/verifiesTLS``.
    public var verifiesTLS: Bool?
    /// A form streamed from disk as the body, in place of ``body``, with its `Content-Length` known up front.
    public var upload: MultipartUpload?
    /// Hears each chunk of ``upload`` as it is sent.
    public var uploadProgress: (@Sendable (UploadProgress) -> Void)?
    /// Which redirects this request follows; `nil` uses ``TransportConfiguration/redirects``.
    public var redirects: RedirectPolicy?
    /// Takes the response body as it arrives (a download to a file, an event stream) instead of the
    /// transport collecting it; `nil` collects every body.
    public var bodyHandler: (any ResponseBodyHandler)?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The method; `GET` by default.
    ///   - url: The absolute URL.
    ///   - headers: The header fields, in order.
    ///   - body: The body, if any.
    ///   - redactedQueryNames: Query parameter names masked wherever the request is described.
    ///   - totalTimeout: The time limit for the whole exchange; `nil` uses the transport's.
    ///   - maximumBodySize: The largest body accepted; `nil` uses the transport's.
    ///   - connectTimeout: The connect timeout; `nil` uses the transport's.
    ///   - readTimeout: The read timeout; `nil` uses the transport's.
    ///   - verifiesTLS: Whether the certificate is verified; `nil` uses the transport's setting.
    ///   - upload: A form streamed from disk as the body.
    ///   - uploadProgress: Hears each chunk of the upload as it is sent.
    public init(
        method: String = "GET",
        url: String,
        headers: [(name: String, value: String)] = [],
        body: [UInt8]? = nil,
        redactedQueryNames: Set<String> = [],
        totalTimeout: Duration? = nil,
        maximumBodySize: Int? = nil,
        connectTimeout: Duration? = nil,
        readTimeout: Duration? = nil,
        verifiesTLS: Bool? = nil,
        upload: MultipartUpload? = nil,
        uploadProgress: (@Sendable (UploadProgress) -> Void)? = nil
    ) {
        self.upload = upload
        self.uploadProgress = uploadProgress
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.redactedQueryNames = redactedQueryNames
        self.totalTimeout = totalTimeout
        self.maximumBodySize = maximumBodySize
        self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout
        self.verifiesTLS = verifiesTLS
    }
}
