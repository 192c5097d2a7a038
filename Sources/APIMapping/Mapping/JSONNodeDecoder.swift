/// Decodes `Decodable` types straight from a parsed ``JSONDocument``, with errors that say where.
///
/// The decoder reads the document's tape: no `Data` round trip, no intermediate dictionaries.
/// Numbers are checked (a number that does not fit the property's type is an error, never a
/// truncation), and every error and report entry carries the full location from the document
/// root, even when decoding starts at a model inside the body.
///
/// ```swift
/// // {"code": 0, "data": {"items": [{"id": 1, "name": "Ann"}, {"id": "abc", "name": "Bob"}]}}
/// let body = try JSONDocument(parsing: bytes).root
/// struct Page: Decodable { let items: [Item] }
///
/// try JSONNodeDecoder().decode(Page.self, from: body["data"]!)
/// // throws: $.data.items[1].id: expected Int, found string "abc"
///
/// let lenient = JSONNodeDecoder(policy: .lenient)
/// let (page, report) = try lenient.decodeWithReport(Page.self, from: body["data"]!)
/// // page.items.count == 1
/// // report: $.data.items[1]: dropped element ($.data.items[1].id: expected Int, found string "abc")
/// ```
///
/// The decoder is a value with safe defaults; configure it once and share it freely.
public struct JSONNodeDecoder: Sendable {
    /// What to do with values that do not match their type exactly. Default ``MappingPolicy/strict``.
    public var policy: MappingPolicy
    /// How coding keys match JSON keys. Default ``KeyDecodingStrategy/useDefaultKeys``.
    public var keyStrategy: KeyDecodingStrategy
    /// How `Date` values are read. Default ``DateDecodingStrategy/iso8601``.
    public var dateStrategy: DateDecodingStrategy
    /// Values the types being decoded can read from `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates a decoder.
    ///
    /// ```swift
    /// let decoder = JSONNodeDecoder(policy: .lenient, keyStrategy: .convertFromSnakeCase)
    /// ```
    ///
    /// - Parameters:
    ///   - policy: Strict (the default) or lenient.
    ///   - keyStrategy: How keys match; exact by default.
    ///   - dateStrategy: How dates are read; ISO 8601 by default.
    ///   - userInfo: Values for `decoder.userInfo`.
    public init(
        policy: MappingPolicy = .strict, keyStrategy: KeyDecodingStrategy = .useDefaultKeys,
        dateStrategy: DateDecodingStrategy = .iso8601, userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.policy = policy
        self.keyStrategy = keyStrategy
        self.dateStrategy = dateStrategy
        self.userInfo = userInfo
    }

    /// Decodes a value of type `T` from `node`.
    ///
    /// Under the lenient policy the coercions still happen; use ``decodeWithReport(_:from:)`` to
    /// see them.
    ///
    /// ```swift
    /// let user = try JSONNodeDecoder().decode(User.self, from: document.root)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - node: The value, anywhere in its document; locations in errors start at the document root.
    /// - Returns: The decoded value.
    /// - Throws: ``MappingError`` at the first value that does not fit (strict) or cannot be
    ///   coerced (lenient).
    public func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws(MappingError) -> T {
        try run(type, node, recording: false).value
    }

    /// Decodes a value of type `T` from `node` and reports every coercion, default and dropped
    /// element.
    ///
    /// ```swift
    /// let (user, report) = try JSONNodeDecoder(policy: .lenient).decodeWithReport(User.self, from: root)
    /// for entry in report.entries { log.warning("\(entry)") }   // $.age: coerced string "42" to Int
    /// ```
    ///
    /// Under the strict policy the report lists only optional values that were missing or `null`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - node: The value, anywhere in its document.
    /// - Returns: The value, and the report of what the JSON did not say literally.
    /// - Throws: ``MappingError``, as ``decode(_:from:)``.
    public func decodeWithReport<T: Decodable>(
        _ type: T.Type, from node: JSONNode
    ) throws(MappingError) -> (value: T, report: MappingReport) {
        try run(type, node, recording: true)
    }

    private func run<T: Decodable>(
        _ type: T.Type, _ node: JSONNode, recording: Bool
    ) throws(MappingError) -> (value: T, report: MappingReport) {
        let context = DecodingContext(storage: node.storage, options: self, recording: recording)
        let position = context.position(of: node.index)
        let decoder = NodeDecoder(context: context, node: node.index, depth: position.depth, type: T.self)
        do {
            let value = try decoder.decodeValue(T.self, at: position)
            return (value, MappingReport(entries: context.entries))
        } catch {
            throw context.mappingError(from: error, fallback: position)
        }
    }
}
