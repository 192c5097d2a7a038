/// An RFC 9535 JSONPath query, parsed and checked, ready to select nodes from documents.
///
/// The whole of RFC 9535 is supported: child and descendant segments; name, wildcard, index,
/// slice and filter selectors; comparisons, `&&`, `||`, `!` and parentheses in filters; and the
/// function extensions `length`, `count`, `match`, `search` and `value`, whose patterns are
/// RFC 9485 I-Regexps. Parsing rejects every query the RFC's grammar or type rules reject, with
/// the position of the problem.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"""
///     {"repos": [{"name": "swift", "stars": 67000}, {"name": "tiny", "stars": 3}]}
///     """#)
/// let popular = try JSONPath("$.repos[?@.stars > 1000].name")
/// for match in popular.select(in: document.root) {
///     print(match.location.normalizedPath, match.node.stringValue ?? "")
/// }
/// // $['repos'][0]['name'] swift
/// ```
///
/// Objects with duplicate member names are read the way ``JSONNode/subscript(_:)-(String)``
/// reads them: the last member with a name wins, and earlier ones are not selected, so the
/// location of every match leads back to its node.
///
/// Two queries are equal when their texts are the same sequence of Unicode scalars.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// The query text as given.
    let text: String
    /// The parsed, well-typed query.
    let query: Query
    /// The number of `$` queries inside filters, each cached once per ``select(in:)`` call.
    let cacheSlots: Int

    /// Parses and checks a query.
    ///
    /// Whitespace is allowed where RFC 9535 allows it (spaces, tabs, line feeds and carriage
    /// returns between tokens), but not before `$` or after the last segment.
    ///
    /// ```swift
    /// do {
    ///     _ = try JSONPath("$.items[0")
    /// } catch {
    ///     print(error)
    ///     // invalid JSONPath at column 10: expected ',' or ']' after the selector, found end of query
    ///     //   $.items[0
    ///     //            ^
    /// }
    /// ```
    ///
    /// - Parameter text: The query, starting with `$`.
    /// - Throws: ``PathSyntaxError`` with the offset of the problem (in Unicode scalars) and a
    ///   message saying what was expected, for syntax errors and for ill-typed filters such as
    ///   `$[?length(@.a)]` or `$[?@.* == 1]`.
    public init(_ text: String) throws(PathSyntaxError) {
        var parser = Parser(text)
        self.query = try parser.parseQuery()
        self.text = text
        self.cacheSlots = parser.cacheSlots
    }

    /// The query text exactly as it was given to ``init(_:)``.
    ///
    /// The text is kept verbatim, whitespace and quoting included, so it can be shown back to
    /// the user or stored and parsed again to the same query.
    ///
    /// ```swift
    /// try JSONPath("$[ 'id' ]").description  // "$[ 'id' ]"
    /// ```
    public var description: String { text }

    /// Applies the query to `root` and returns the resulting nodelist.
    ///
    /// The matches come in RFC 9535 order: for each segment, the results of each input node in
    /// turn, and within a node the results of each selector in turn; descendants are visited
    /// before their own descendants, arrays in index order and objects in document order. Each
    /// match carries its location, whose ``JSONLocation/normalizedPath`` is the RFC's normalized
    /// path. `$` in filters refers to `root`.
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: #"{"a": [10, 20, 30]}"#)
    /// let matches = try JSONPath("$.a[-2:]").select(in: document.root)
    /// matches.map(\.location.normalizedPath)   // ["$['a'][1]", "$['a'][2]"]
    /// matches.map { $0.node.numberValue?.int } // [20, 30]
    /// ```
    ///
    /// Evaluation is bounded: it stops with an error once it has produced `maximumNodes` nodes
    /// (counting every segment's and every filter query's), and when its task is cancelled (checked
    /// every few thousand nodes), so a query cannot run away with memory or ignore its caller.
    ///
    /// - Parameters:
    ///   - root: The value the query's `$` stands for, usually ``JSONDocument/root``.
    ///   - maximumNodes: The most nodes the evaluation may produce; ``defaultMaximumNodes`` unless
    ///     the caller knows better.
    /// - Returns: The selected nodes with their locations; empty when nothing matches.
    /// - Throws: ``JSONPathEvaluationError`` when the limit is reached or the task is cancelled.
    public func select(
        in root: JSONNode, maximumNodes: Int = JSONPath.defaultMaximumNodes
    ) throws(JSONPathEvaluationError) -> [JSONMatch] {
        var evaluator = Evaluator(root: root, cacheSlots: cacheSlots, budget: maximumNodes)
        let matches = evaluator.select(query)
        if let stop = evaluator.stop { throw JSONPathEvaluationError(kind: stop, query: text) }
        return matches
    }

    /// The most nodes one evaluation produces by default: 5,000,000 (about 120 MB of
    /// intermediate results), far above what a query over a 200 MB document selects, far below
    /// what an amplifying union would allocate.
    public static let defaultMaximumNodes = 5_000_000

    /// Whether two queries have the same text, compared Unicode scalar by Unicode scalar.
    ///
    /// Texts that differ only in spelling are different queries even when they select the same
    /// nodes, and canonically equivalent but different scalars (`é` and `e` + U+0301) are
    /// different names to RFC 9535, so they are not equal here either.
    ///
    /// ```swift
    /// try JSONPath("$.a") == JSONPath("$.a")      // true
    /// try JSONPath("$.a") == JSONPath("$['a']")   // false: same nodes, different text
    /// ```
    public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
        lhs.text.unicodeScalars.elementsEqual(rhs.text.unicodeScalars)
    }

    /// Hashes the query text, consistently with ``==(_:_:)``.
    ///
    /// Queries can key dictionaries and fill sets, for instance to cache the results of
    /// queries a user has typed before.
    ///
    /// ```swift
    /// let seen: Set<JSONPath> = [try JSONPath("$.a"), try JSONPath("$.a"), try JSONPath("$.b")]
    /// seen.count  // 2
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }
}
