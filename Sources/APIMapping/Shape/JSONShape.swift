/// The shape of a sequence of JSON values, inferred from samples: the types seen at each path, which
/// keys are always present, small string sets, and the shape of array elements merged over all of them.
///
/// An endpoint's successful models, oldest first, give the shape the next model is checked against
/// (``drift(of:at:)``) and the JSON Schema it exports (``jsonSchema(title:description:)``).
///
/// ```swift
/// var shape = JSONShape()
/// for text in [#"{"id": 1, "role": "admin"}"#, #"{"id": 2, "role": "member", "age": 31}"#] {
///     shape.add(try JSONDocument(parsing: text).root)
/// }
/// shape.samples  // 2
/// let drift = shape.drift(of: try JSONDocument(parsing: #"{"id": "3", "role": "admin"}"#).root, at: "data")
/// drift.changes.map(\.description)  // ["data>id: int → string"]
/// ```
///
/// Everything is bounded by ``Limits``: a hostile model cannot grow the shape past its node cap, walk
/// deeper than its depth cap, or keep more than a few distinct strings per path.
public struct JSONShape: Sendable, Hashable {
    /// The caps that keep inference bounded on hostile input.
    ///
    /// ```swift
    /// JSONShape(limits: JSONShape.Limits(maxDepth: 8, maxNodes: 500))
    /// ```
    public struct Limits: Sendable, Hashable {
        /// How deep the shape goes; values below are counted by type only. Default 32.
        public var maxDepth: Int
        /// The most paths (nodes) the shape keeps; keys first seen after that are not tracked, and
        /// their object reports no new keys. Default 4,096.
        public var maxNodes: Int
        /// The most distinct strings a path may show and still be enum-like. Default 8.
        public var maxEnumValues: Int
        /// The fewest strings a path must have shown before it is enum-like. Default 5.
        public var minEnumSamples: Int
        /// The longest string (UTF-8 bytes) an enum-like path may hold. Default 64.
        public var maxEnumValueBytes: Int
        /// The most elements read from each array, from its start. Default 1,000. An array cut there
        /// leaves its path without an element shape: the schema gives no `items` and drift checks no
        /// element there.
        public var maxElements: Int
        /// The most changes one ``drift(of:at:)`` reports. Default 100.
        public var maxChanges: Int

        /// Creates limits; every one has a safe default.
        ///
        /// - Parameters:
        ///   - maxDepth: How deep the shape goes.
        ///   - maxNodes: The most paths kept.
        ///   - maxEnumValues: The most distinct strings of an enum-like path.
        ///   - minEnumSamples: The fewest strings before a path is enum-like.
        ///   - maxEnumValueBytes: The longest enum value.
        ///   - maxElements: The most elements read per array.
        ///   - maxChanges: The most changes reported per model.
        public init(
            maxDepth: Int = 32, maxNodes: Int = 4096, maxEnumValues: Int = 8, minEnumSamples: Int = 5,
            maxEnumValueBytes: Int = 64, maxElements: Int = 1000, maxChanges: Int = 100
        ) {
            self.maxDepth = maxDepth
            self.maxNodes = maxNodes
            self.maxEnumValues = maxEnumValues
            self.minEnumSamples = minEnumSamples
            self.maxEnumValueBytes = maxEnumValueBytes
            self.maxElements = maxElements
            self.maxChanges = maxChanges
        }
    }

    /// A JSON type as the shape tells them apart: integers and other numbers apart, by the number's value.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
        /// `null`.
        case null
        /// `true` or `false`.
        case boolean
        /// A number whose value is whole, however written: `42`, `-7`, `5.0`, `2e3`.
        case integer
        /// Any other number: `1.5`, `2e-3`.
        case number
        /// A string.
        case string
        /// An object.
        case object
        /// An array.
        case array

        /// The short name drift reports use: `null`, `bool`, `int`, `number`, `string`, `object`, `array`.
        public var description: String {
            switch self {
            case .boolean: "bool"
            case .integer: "int"
            default: rawValue
            }
        }

        /// Orders kinds as they are declared (`null`, `bool`, `int`, `number`, `string`, `object`,
        /// `array`), the order drift reports and schema `type` lists use.
        ///
        /// ```swift
        /// [JSONShape.Kind.string, .null, .integer].sorted()  // [.null, .integer, .string]
        /// ```
        ///
        /// - Parameters:
        ///   - lhs: A kind.
        ///   - rhs: Another kind.
        /// - Returns: Whether `lhs` is declared before `rhs`.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
        }

        /// The kind of a value; a number is an integer when its value is whole (`5`, `5.0`, `5e0`), as
        /// JSON Schema draft 2020-12 counts them.
        ///
        /// ```swift
        /// JSONShape.Kind(of: try JSONDocument(parsing: "1.0").root)  // .integer
        /// JSONShape.Kind(of: try JSONDocument(parsing: "1.5").root)  // .number
        /// ```
        ///
        /// - Parameter node: The value.
        public init(of node: JSONNode) {
            switch node.kind {
            case .null: self = .null
            case .bool: self = .boolean
            case .string: self = .string
            case .object: self = .object
            case .array: self = .array
            case .number:
                // Draft 2020-12 counts `5.0` as an integer, and the diff calls `5` and `5.0` equal.
                self = node.numberValue.map(\.isInteger) ?? true ? .integer : .number
            }
        }
    }

    /// One path of the shape, in a flat table (`nodes[0]` is the root).
    struct Node: Sendable, Hashable {
        /// How many values were seen here.
        var seen = 0
        /// Their kinds.
        var kinds: Set<Kind> = []
        /// How many of them were objects: what a key's presence is counted against.
        var objects = 0
        /// The keys seen, in first-seen order.
        var properties: [Property] = []
        /// Where each key is in ``properties``, by the key's UTF-8 bytes (`String` would merge NFC and NFD).
        var propertyIndex: [[UInt8]: Int] = [:]
        /// The element shape of the arrays seen here; `nil` while every array was empty.
        var items: Int?
        /// Whether keys were left untracked here because the shape was full.
        var isCapped = false
        /// Whether values here were below the depth cap, so only their kinds were kept.
        var isDepthCapped = false
        /// Whether an array here had more than ``Limits/maxElements`` elements: the element shape saw
        /// only its start, so it says nothing about the elements after it.
        var isElementCapped = false
        /// How many strings were seen here.
        var strings = 0
        /// The distinct strings seen (as UTF-8 bytes), while they are few and short; `nil` once they are not.
        var values: Set<[UInt8]>? = []
    }

    /// A key of an object path and how often it was present.
    struct Property: Sendable, Hashable {
        var key: String
        var node: Int
        var present: Int
    }

    /// The caps in force.
    public let limits: Limits
    /// How many values (models) were added.
    public internal(set) var samples = 0
    var nodes: [Node] = [Node()]

    /// Creates an empty shape.
    ///
    /// - Parameter limits: The caps; the defaults suit API models.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Infers a shape from values, in order.
    ///
    /// ```swift
    /// let shape = JSONShape(inferringFrom: models.map(\.root))
    /// ```
    ///
    /// - Parameters:
    ///   - values: The samples.
    ///   - limits: The caps.
    public init(inferringFrom values: some Sequence<JSONNode>, limits: Limits = Limits()) {
        self.init(limits: limits)
        for value in values { add(value) }
    }

    /// Whether some keys were left untracked because the shape reached ``Limits/maxNodes``, or values
    /// were below ``Limits/maxDepth``.
    public var isCapped: Bool { nodes.contains { $0.isCapped || $0.isDepthCapped } }

    /// Whether the strings seen at a node make it enum-like: at least ``Limits/minEnumSamples``
    /// strings, at most ``Limits/maxEnumValues`` distinct values, each seen twice on average.
    func enumValues(_ node: Node) -> [String]? {
        guard let values = node.values, !values.isEmpty, node.strings >= limits.minEnumSamples,
            values.count <= limits.maxEnumValues, values.count <= node.strings / 2
        else { return nil }
        return values.sorted { $0.lexicographicallyPrecedes($1) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a string is one of the distinct strings seen at a node, byte for byte.
    func hasSeen(_ string: String, at node: Node) -> Bool {
        node.values?.contains(Array(string.utf8)) ?? false
    }

    /// Whether a key is present in every object seen at its path.
    func isRequired(_ property: Property, of node: Node) -> Bool {
        property.present == node.objects
    }
}
