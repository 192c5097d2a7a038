public import APIHTTP
public import APIMapping

/// One request and what came back: the resolved request, the HTTP response, the body as read, and
/// the envelope's evaluation of it.
///
/// ```swift
/// let exchange = try await client.call(profile: slack, endpoint: "auth_test")
/// exchange.evaluation.outcome   // .businessFailure
/// exchange.evaluation.tip       // "invalid_auth"
/// exchange.response.status      // 200
/// ```
public struct APIExchange: Sendable, CustomStringConvertible {
    /// The profile the request came from.
    public let profileName: String
    /// The endpoint id.
    public let endpointID: String
    /// The request as sent; its description is redacted.
    public let request: ResolvedRequest
    /// The response: status, headers, raw body, timing.
    public let response: HTTPResponseRecord
    /// The body read as JSON, XML or neither.
    public let body: ResponseBody
    /// The envelope's verdicts, tip and model.
    public let evaluation: EnvelopeEvaluation
    /// The business failure as the profile's `errors:` catalogue names it; `nil` for a success.
    public var businessError: BusinessError?
    /// What the response's headers say about the rate limit, if anything.
    public var rateLimit: RateLimitStatus?

    /// Creates an exchange from its parts; ``ProfileClient`` builds them, and so can a replay or a test.
    ///
    /// ```swift
    /// let body = ResponseBody(bytes: record.body, contentType: record.header("Content-Type"), xmlArrays: [])
    /// let exchange = APIExchange(
    ///     profileName: "demo", endpointID: "user", request: request, response: record, body: body,
    ///     evaluation: request.envelope.evaluate(httpStatus: record.status, body: body.document?.root))
    /// ```
    ///
    /// - Parameters:
    ///   - profileName: The profile's name.
    ///   - endpointID: The endpoint id.
    ///   - request: The request as sent.
    ///   - response: The response.
    ///   - body: The body as read.
    ///   - evaluation: The envelope's evaluation of the body.
    ///   - businessError: The catalogued (or uncatalogued) business failure.
    ///   - rateLimit: The rate limit the headers report.
    public init(
        profileName: String, endpointID: String, request: ResolvedRequest, response: HTTPResponseRecord,
        body: ResponseBody, evaluation: EnvelopeEvaluation, businessError: BusinessError? = nil,
        rateLimit: RateLimitStatus? = nil
    ) {
        self.businessError = businessError
        self.rateLimit = rateLimit
        self.profileName = profileName
        self.endpointID = endpointID
        self.request = request
        self.response = response
        self.body = body
        self.evaluation = evaluation
    }

    /// One line, redacted: `GET https://…?access_token=•••• -> 200 OK, business-failure`.
    public var description: String {
        "\(request.method) \(request.redaction.redact(url: request.url)) -> \(response.status) \(response.reason), "
            + evaluation.outcome.rawValue
    }
}
