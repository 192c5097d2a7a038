/// How an exchange ended, on one axis: the envelope's verdict on a response, or why there was no
/// response to judge. History stores it, the terminal UI colours by it, and JSON output prints its
/// `rawValue`.
///
/// An envelope evaluation only ever gives the first four (``isVerdictOnAResponse``); the others
/// describe calls that got no response.
///
/// ```swift
/// envelope.evaluate(httpStatus: 200, body: root).outcome  // .businessFailure
/// ExchangeOutcome.transportFailure.rawValue                // "transport-failure"
/// ```
public enum ExchangeOutcome: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// HTTP and body agree it worked.
    case success
    /// The body says it failed (HTTP may have said 2xx).
    case businessFailure = "business-failure"
    /// The HTTP status is not 2xx and the envelope requires it.
    case httpFailure = "http-failure"
    /// The body's status could not be found, so nothing can be said.
    case undetermined
    /// The request was sent but no response came (DNS, refused, timeout, reset, TLS, size limits).
    case transportFailure = "transport-failure"
    /// The profile could not build the request (a missing parameter or environment variable).
    case profileFailure = "profile-failure"
    /// The user cancelled the request.
    case cancelled

    /// Whether this is the envelope's verdict on a response, rather than why there was none.
    public var isVerdictOnAResponse: Bool {
        switch self {
        case .success, .businessFailure, .httpFailure, .undetermined: true
        case .transportFailure, .profileFailure, .cancelled: false
        }
    }

    /// The text stored and printed, such as `business-failure`.
    public var description: String { rawValue }
}
