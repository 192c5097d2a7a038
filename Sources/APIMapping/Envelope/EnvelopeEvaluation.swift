/// What an envelope says about one response, with HTTP and business kept apart.
///
/// ```swift
/// let evaluation = envelope.evaluate(httpStatus: 200, body: document.root)
/// evaluation.outcome          // .businessFailure   (HTTP said 200, the body said "code": 40013)
/// evaluation.http             // .success(200)
/// evaluation.business         // .failure
/// evaluation.status?.value    // 40013
/// evaluation.tip              // "invalid token"
/// evaluation.issues           // []
/// ```
public struct EnvelopeEvaluation: Hashable, Sendable {
    /// The overall verdict.
    public let outcome: Outcome
    /// What the HTTP status says on its own.
    public let http: HTTPVerdict
    /// What the body says on its own (before ``Envelope/requireHTTPSuccess`` is applied).
    public let business: BusinessVerdict
    /// The raw business status value with its location, when the status path was found.
    public let status: JSONMatch?
    /// The tip message: the first present, non-empty tip path's value; non-strings as compact JSON;
    /// capped at ``TextBudget/messageBytes`` for storage and display (`… (N more bytes)`). The whole
    /// text is ``fullTip``, and in the body at ``tipLocation``.
    public let tip: String?
    /// The whole tip message, uncapped: what `expect tip` compares.
    public let fullTip: String?
    /// Where the tip came from.
    public let tipLocation: JSONLocation?
    /// The model, or `nil` when the model path is missing (see ``issues``).
    public let model: JSONMatch?
    /// The model path that was looked up.
    public let modelPath: ProfilePath
    /// Everything that did not go as the envelope expects, for display: "status path `code` not found".
    public let issues: [String]
    /// The whole body the envelope was evaluated over, or `nil` when it was not JSON; the root for
    /// ``toJSON(path:)`` and ``string(at:)``.
    public let body: JSONNode?

    /// The overall verdict of a response.
    public typealias Outcome = ExchangeOutcome

    /// What the HTTP status says.
    public enum HTTPVerdict: Hashable, Sendable {
        /// 2xx.
        case success(Int)
        /// Anything else.
        case failure(Int)

        /// The status code.
        public var code: Int {
            switch self {
            case .success(let code), .failure(let code): code
            }
        }

        /// Whether the status is 2xx.
        public var isSuccess: Bool { if case .success = self { true } else { false } }
    }

    /// What the body says.
    public enum BusinessVerdict: String, Hashable, Sendable, CustomStringConvertible {
        /// The status matched the success rule.
        case success
        /// The status did not match.
        case failure
        /// The status path was not found (and the rule is not `absent`), or the body is not JSON.
        case undetermined
        /// The envelope has no business status (HTTP decides).
        case notApplicable = "not-applicable"

        public var description: String { rawValue }
    }
}
