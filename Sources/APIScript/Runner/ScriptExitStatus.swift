/// How a run ended, as the process exit status README documents.
///
/// When several things went wrong, the most serious one decides: a script or profile error, then a
/// transport failure, then a business failure where success was expected, then any other failed
/// expectation.
package enum ScriptExitStatus: Int32, Sendable, Comparable, CustomStringConvertible {
    /// Every command ran and every expectation held.
    case passed = 0
    /// An expectation failed.
    case expectationFailed = 1
    /// Usage, script or profile error.
    case usageError = 2
    /// No response: DNS, refused, timeout, TLS, too large, truncated…
    case transportFailure = 3
    /// The body said the call failed where success was expected.
    case businessFailure = 4

    private var severity: Int {
        switch self {
        case .passed: 0
        case .expectationFailed: 1
        case .businessFailure: 2
        case .transportFailure: 3
        case .usageError: 4
        }
    }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.severity < rhs.severity }

    package var description: String {
        switch self {
        case .passed: "passed"
        case .expectationFailed: "expectation failed"
        case .usageError: "usage, script or profile error"
        case .transportFailure: "transport failure"
        case .businessFailure: "business failure"
        }
    }
}
