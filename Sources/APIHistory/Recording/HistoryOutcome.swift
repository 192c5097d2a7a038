public import APIMapping

/// How an exchange ended, on one axis for listing and filtering: the envelope's outcome, or why
/// there was no response to evaluate.
///
/// ```swift
/// try await store.entries(HistoryQuery(outcomes: [.businessFailure, .transportFailure]))
/// ```
public enum HistoryOutcome: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// HTTP and business both succeeded.
    case success
    /// HTTP succeeded, the envelope said the business failed.
    case businessFailure = "business-failure"
    /// The HTTP status was a failure.
    case httpFailure = "http-failure"
    /// The envelope could not decide.
    case undetermined
    /// The request was sent but no response came (DNS, refused, timeout, reset…).
    case transportFailure = "transport-failure"
    /// The profile could not build the request (missing parameter or environment variable).
    case profileFailure = "profile-failure"

    /// The envelope outcome this stands for.
    ///
    /// ```swift
    /// HistoryOutcome(.businessFailure)  // .businessFailure
    /// ```
    ///
    /// - Parameter outcome: An envelope evaluation's outcome.
    public init(_ outcome: EnvelopeEvaluation.Outcome) {
        switch outcome {
        case .success: self = .success
        case .businessFailure: self = .businessFailure
        case .httpFailure: self = .httpFailure
        case .undetermined: self = .undetermined
        }
    }

    /// The stored text, such as `business-failure`.
    public var description: String { rawValue }
}
