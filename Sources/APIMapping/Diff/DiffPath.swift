/// A path a diff treats specially (a volatile value, an array compared by identity), written in
/// either of the two path languages: a JSONPath when it starts with `$`, a profile path otherwise.
///
/// A profile path names one place (`data>ts`); a JSONPath can name many (`$..request_id`,
/// `$.items[*].updated_at`). Either way the diff asks each document which locations the path
/// reaches, so a digit segment of a profile path reaches an array element as it does everywhere
/// else.
///
/// ```swift
/// let volatile = try DiffPath("$..request_id")
/// let document = try JSONDocument(parsing: #"{"a": {"request_id": "r1"}, "request_id": "r2"}"#)
/// volatile.locations(in: document.root).locations.map(\.profilePath)  // ["request_id", "a>request_id"]
/// ```
public enum DiffPath: Hashable, Sendable, CustomStringConvertible {
    /// A profile path such as `data>ts`.
    case profile(ProfilePath)
    /// A JSONPath query such as `$..request_id`.
    case jsonPath(JSONPath)

    /// Reads a path: a JSONPath when the text starts with `$`, a profile path otherwise.
    ///
    /// - Parameter text: Such as `data>ts` or `$..request_id`.
    /// - Throws: ``PathSyntaxError`` with the position of the problem.
    public init(_ text: String) throws(PathSyntaxError) {
        if text.hasPrefix("$") {
            self = .jsonPath(try JSONPath(text))
        } else {
            self = .profile(try ProfilePath(text))
        }
    }

    /// The path as written.
    public var description: String {
        switch self {
        case .profile(let path): path.description
        case .jsonPath(let path): path.description
        }
    }

    /// The locations the path reaches in `root`, and why it reached none when a query ran out of
    /// its node budget.
    ///
    /// - Parameters:
    ///   - root: The document's root.
    ///   - maximumNodes: The JSONPath evaluation budget (see ``JSONPath/select(in:maximumNodes:)``).
    /// - Returns: The locations, and the evaluation error when the query stopped.
    public func locations(
        in root: JSONNode, maximumNodes: Int = JSONPath.defaultMaximumNodes
    ) -> (locations: [JSONLocation], error: JSONPathEvaluationError?) {
        switch self {
        case .profile(let path):
            return (path.match(in: root).map { [$0.location] } ?? [], nil)
        case .jsonPath(let path):
            do {
                return (try path.select(in: root, maximumNodes: maximumNodes).map(\.location), nil)
            } catch {
                return ([], error)
            }
        }
    }
}
