public import APIMapping

/// The verdict the UI colours an exchange by: the envelope's outcome, or why there is no response.
///
/// ```swift
/// DisplayOutcome(EnvelopeEvaluation.Outcome.businessFailure)  // .businessFailure
/// ```
public enum DisplayOutcome: String, Sendable, Hashable, CaseIterable {
    /// HTTP and body agree it worked.
    case success
    /// The body says it failed.
    case businessFailure = "business-failure"
    /// The HTTP status is not 2xx.
    case httpFailure = "http-failure"
    /// The body's status could not be found.
    case undetermined
    /// No response: connection, timeout, TLS or size errors, or a request the profile cannot build.
    case transportFailure = "transport-failure"
    /// The user cancelled the request.
    case cancelled

    /// Maps an envelope outcome.
    ///
    /// ```swift
    /// DisplayOutcome(.success)  // .success
    /// ```
    ///
    /// - Parameter outcome: The envelope's verdict.
    public init(_ outcome: EnvelopeEvaluation.Outcome) {
        switch outcome {
        case .success: self = .success
        case .businessFailure: self = .businessFailure
        case .httpFailure: self = .httpFailure
        case .undetermined: self = .undetermined
        }
    }

    /// The colour role of the outcome.
    var role: ColorRole {
        switch self {
        case .success: .success
        case .businessFailure, .httpFailure, .transportFailure: .failure
        case .undetermined, .cancelled: .warning
        }
    }

    /// A one-character mark for history rows.
    var mark: String {
        switch self {
        case .success: "✓"
        case .businessFailure: "✗"
        case .httpFailure: "✗"
        case .undetermined: "?"
        case .transportFailure: "!"
        case .cancelled: "-"
        }
    }
}
