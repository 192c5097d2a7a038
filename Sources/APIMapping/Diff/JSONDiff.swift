/// The semantic difference between two JSON values, as a list of added, removed, changed and
/// moved values with their paths.
///
/// Values are compared as JSON trees, not as text:
///
/// - object members are matched by key, in any order (when a key repeats, the last member counts,
///   as everywhere in apiexplore); keys and strings are compared scalar by scalar **as stored**,
///   without Unicode normalization, so an `é` sent precomposed one day and decomposed the next is
///   a change;
/// - numbers are compared by exact decimal value (``JSONNumber/numericallyCompare(_:)``), never
///   through `Double`: `1`, `1.0` and `1e0` are equal, `12345678901234567890` and
///   `12345678901234567891` are not;
/// - arrays are compared by position, or by an identity key for arrays named in
///   ``Options/identities``;
/// - values under a path of ``Options/volatile`` are still compared, but their changes are marked
///   ``JSONChange/isVolatile`` and do not make the values different.
///
/// ```swift
/// let old = try JSONDocument(parsing: #"{"a": 1, "ts": 10, "b": [1, 2]}"#)
/// let new = try JSONDocument(parsing: #"{"b": [1, 3], "ts": 11, "a": 1.0}"#)
/// let diff = JSONDiff(old: old.root, new: new.root, options: .init(volatile: [try DiffPath("ts")]))
/// diff.isEqual                          // false
/// diff.significantChanges.map(\.profilePath)  // ["b>1"]
/// diff.volatileChanges.map(\.profilePath)     // ["ts"]
/// ```
///
/// The work is bounded for hostile input: comparison stops descending at ``Options/maximumDepth``
/// (and says where in ``notes``, marking the diff ``isComplete`` false), at most
/// ``Options/maximumChanges`` significant and as many volatile changes are kept (the totals still
/// count all of them), and JSONPath queries run within ``Options/maximumPathNodes``. Time is
/// linear in the two documents' sizes, plus `n log n` for each array matched by identity.
public struct JSONDiff: Sendable {
    /// What to ignore and how to match arrays, with the bounds of the work.
    public struct Options: Sendable {
        /// Paths whose changes are expected (timestamps, request ids); their changes are kept apart.
        public var volatile: [DiffPath]
        /// Arrays matched by an identity key.
        public var identities: [DiffIdentity]
        /// How deep comparison descends before it stops with a note: 256 levels by default.
        public var maximumDepth: Int
        /// How many significant changes are kept (and, separately, how many volatile ones): 1,000 by default.
        public var maximumChanges: Int
        /// The node budget of each JSONPath evaluation.
        public var maximumPathNodes: Int

        /// Creates options; the defaults compare everything, by position, with the default bounds.
        public init(
            volatile: [DiffPath] = [], identities: [DiffIdentity] = [], maximumDepth: Int = 256,
            maximumChanges: Int = 1_000, maximumPathNodes: Int = 1_000_000
        ) {
            self.volatile = volatile
            self.identities = identities
            self.maximumDepth = maximumDepth
            self.maximumChanges = maximumChanges
            self.maximumPathNodes = maximumPathNodes
        }
    }

    /// The changes kept, in document order: significant and volatile ones together.
    public let changes: [JSONChange]
    /// How many significant changes there are, including those beyond ``Options/maximumChanges``.
    public let significantCount: Int
    /// How many volatile changes there are, including those beyond ``Options/maximumChanges``.
    public let volatileCount: Int
    /// What the diff could not do as asked: an array compared by position instead of identity, a
    /// JSONPath that ran out of budget, a subtree too deep to compare.
    public let notes: [String]
    /// Whether every value was compared (no subtree was left at ``Options/maximumDepth``).
    public let isComplete: Bool

    /// Compares two values.
    ///
    /// - Parameters:
    ///   - old: The earlier value, usually a model from history.
    ///   - new: The later value.
    ///   - options: Volatile paths, identity keys and bounds.
    public init(old: JSONNode, new: JSONNode, options: Options = Options()) {
        var walker = DiffWalker(old: old, new: new, options: options)
        walker.compare(old, new, depth: 0, volatile: false)
        changes = walker.changes
        significantCount = walker.significantCount
        volatileCount = walker.volatileCount
        notes = walker.notes
        isComplete = walker.isComplete
    }

    /// The changes that count: not under a volatile path.
    public var significantChanges: [JSONChange] { changes.filter { !$0.isVolatile } }

    /// The changes under volatile paths.
    public var volatileChanges: [JSONChange] { changes.filter(\.isVolatile) }

    /// Whether the values are the same once volatile paths are ignored, and all of them were compared.
    public var isEqual: Bool { significantCount == 0 && isComplete }

    /// Whether some changes were found but not kept (beyond ``Options/maximumChanges``).
    public var isTruncated: Bool { changes.count < significantCount + volatileCount }
}
