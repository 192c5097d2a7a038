import APIMapping

extension ExchangeOutcome {
    /// The colour role of the outcome.
    var role: ColorRole {
        switch self {
        case .success: .success
        case .businessFailure, .httpFailure, .transportFailure, .profileFailure: .failure
        case .undetermined, .cancelled: .warning
        }
    }

    /// A one-character mark for history rows.
    var mark: String {
        switch self {
        case .success: "✓"
        case .businessFailure, .httpFailure: "✗"
        case .undetermined: "?"
        case .transportFailure, .profileFailure: "!"
        case .cancelled: "-"
        }
    }
}
