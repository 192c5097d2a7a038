import APIClient
package import APIMapping

/// A request to the mock, as matched against recorded exchanges: the method, the path as sent
/// (percent-encoded), the query items (decoded) and the outcome asked for with `_outcome`.
///
/// ```swift
/// let request = try MockRequest(method: "get", target: "/cmd/users/1002?lang=zh&_outcome=success")
/// request.method   // "GET"
/// request.path     // "/cmd/users/1002"
/// request.query    // [MockQueryItem(name: "lang", value: "zh")]
/// request.outcome  // .success
/// ```
package struct MockRequest: Sendable, Hashable {
    /// The method, upper-case.
    package var method: String
    /// The path as sent, percent-encoded, without query or fragment.
    package var path: String
    /// The query items in order, decoded, without `_outcome`.
    package var query: [MockQueryItem]
    /// The outcome `_outcome` asks for; `nil` for the newest exchange whatever its outcome.
    package var outcome: ExchangeOutcome?

    /// The query item that picks an outcome instead of the newest exchange; never matched as a parameter.
    package static let outcomeItem = "_outcome"

    /// The most query items a request may carry (`_outcome` included); each is compared with the
    /// query of every recorded exchange examined, so the cost of a request stays bounded.
    package static let maximumQueryItems = 100

    /// Reads a request line's method and target.
    ///
    /// - Parameters:
    ///   - method: The HTTP method, any case.
    ///   - target: The request target: path and query (`/users/7?page=2`).
    /// - Throws: ``MockRequestError`` when `_outcome` names no outcome, or the query has more than
    ///   ``maximumQueryItems`` items.
    package init(method: String, target: String) throws(MockRequestError) {
        self.method = method.uppercased()
        let withoutFragment = target.prefix { $0 != "#" }
        // An absolute-form target (`GET http://host/path`, as sent to a proxy) is read as its path.
        path = MockMatcher.path(ofURL: String(withoutFragment))
        var query: [MockQueryItem] = []
        var outcome: ExchangeOutcome?
        let items = URLQuery.items(of: String(withoutFragment))
        guard items.count <= Self.maximumQueryItems else {
            throw MockRequestError(.tooManyQueryItems(items.count))
        }
        for (position, item) in items.enumerated() {
            guard item.name == Self.outcomeItem else {
                query.append(MockQueryItem(name: item.name, value: item.value))
                continue
            }
            guard let chosen = ExchangeOutcome(rawValue: item.value) else {
                throw MockRequestError(.unknownOutcome(String(item.value.prefix(200)), position: position + 1))
            }
            outcome = chosen
        }
        self.query = query
        self.outcome = outcome
    }
}

/// One decoded query item of a request or a recorded URL.
package struct MockQueryItem: Sendable, Hashable {
    /// The name.
    package var name: String
    /// The value.
    package var value: String

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A request the mock cannot read: `_outcome` names no outcome, or the query has too many items.
///
/// ```swift
/// do { _ = try MockRequest(method: "GET", target: "/x?_outcome=sucess") } catch { error.description }
/// // "query item 1: _outcome 'sucess' is not an outcome; one of: success, business-failure, …"
/// ```
package struct MockRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Reason: Sendable, Hashable {
        /// The value given, and the item's position in the query, from 1.
        case unknownOutcome(String, position: Int)
        /// How many items the query has.
        case tooManyQueryItems(Int)
    }

    private let reason: Reason

    init(_ reason: Reason) { self.reason = reason }

    /// What went wrong and where in the query: the outcomes that exist, or the limit.
    package var description: String {
        switch reason {
        case .unknownOutcome(let value, let position):
            let known = ExchangeOutcome.allCases.map(\.rawValue).joined(separator: ", ")
            return "query item \(position): \(MockRequest.outcomeItem) '\(value)' is not an outcome; one of: \(known)"
        case .tooManyQueryItems(let count):
            return "the query has \(count) items; the mock reads at most \(MockRequest.maximumQueryItems)"
        }
    }
}
