/// Why a JSONPath query stopped before it finished: it produced more nodes than the limit allows,
/// or its task was cancelled.
///
/// A union such as `$[*,*,*,…]` over a large array, or descendant segments over descendant
/// segments, multiplies the nodes a query produces; the limit stops it with this error instead of
/// allocating gigabytes.
///
/// ```swift
/// do {
///     _ = try JSONPath("$[*,*,*,*]").select(in: root, maximumNodes: 1_000)
/// } catch {
///     print(error)  // JSONPath $[*,*,*,*] stopped after producing 1,000 nodes, its limit
/// }
/// ```
public struct JSONPathEvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case tooManyNodes(limit: Int)
        case cancelled
    }

    let kind: Kind
    /// The query, as written.
    public let query: String

    /// Whether the query stopped because it produced more nodes than its limit.
    public var isTooManyNodes: Bool {
        if case .tooManyNodes = kind { return true }
        return false
    }

    /// Whether the query stopped because its task was cancelled.
    public var isCancelled: Bool { kind == .cancelled }

    public var description: String {
        switch kind {
        case .tooManyNodes(let limit):
            "JSONPath \(query) stopped after producing \(limit) nodes, its limit "
                + "(a union or descendant segment multiplies nodes; narrow the query)"
        case .cancelled:
            "JSONPath \(query) was cancelled"
        }
    }
}
