import APIClient
package import APIHTTP
package import APIMapping

/// How a request of a run ended, as run statistics count it: the ``ExchangeOutcome`` of its
/// exchange, with a request stopped by a time limit counted apart from other transport failures.
///
/// Counting by this value rather than by its text keeps a misspelt outcome from becoming a new
/// row; outputs print ``description`` and list outcomes in its order.
///
/// ```swift
/// RequestOutcome.exchange(.businessFailure).description  // "business-failure"
/// RequestOutcome(TransportError(kind: .timeout(.read), request: "GET /", message: ""))  // .timeout
/// ```
package enum RequestOutcome: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The exchange's outcome: the envelope's verdict on a response, or a transport failure that is
    /// not a timeout.
    case exchange(ExchangeOutcome)
    /// A time limit ran out before the response was complete: connect, read, or the whole exchange
    /// (`--max-time`, a profile's `timeouts:`).
    case timeout

    /// The outcome of a request that got no response.
    ///
    /// - Parameter error: Why there was no response.
    package init(_ error: TransportError) {
        self = error.isTimeout ? .timeout : .exchange(.transportFailure)
    }

    /// The text outputs and reports print: `business-failure`, `timeout`.
    package var description: String {
        switch self {
        case .exchange(let outcome): outcome.rawValue
        case .timeout: "timeout"
        }
    }

    /// In the order of their text, as outputs list them.
    package static func < (lhs: RequestOutcome, rhs: RequestOutcome) -> Bool { lhs.description < rhs.description }
}
