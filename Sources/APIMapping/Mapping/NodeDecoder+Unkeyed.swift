/// The unkeyed container: the elements of one array, in order.
///
/// `[T]` does not come through here: the decoder reads arrays itself (see
/// `NodeDecoder+Collections.swift`). This serves types that read arrays by hand, `Set`, and the
/// like.
struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let node: Int
    let depth: Int
    let count: Int?
    private(set) var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var cursor: Int

    init(decoder: NodeDecoder, node: Int, depth: Int) {
        self.decoder = decoder
        self.node = node
        self.depth = depth
        self.count = Int(decoder.context.nodes[node].length)
        self.cursor = node + 1
    }

    private var context: DecodingContext { decoder.context }

    var codingPath: [any CodingKey] { context.codingPath(node, depth: depth) }

    var isAtEnd: Bool { currentIndex >= count! }

    /// The position of the current element, or the error for reading past the end.
    private func current(_ type: Any.Type) throws -> Position {
        guard !isAtEnd else { throw context.missingElement(type, index: currentIndex, in: node, depth: depth) }
        return Position(parent: node, depth: depth, node: cursor, ordinal: currentIndex)
    }

    private mutating func advance() {
        cursor = Int(context.nodes[cursor].next)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        let position = try current(Never?.self)
        guard context.tag(position.node) == JSONTape.null else { return false }
        advance()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.decodeValue(T.self, at: current(T.self))
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let position = try current([String: Any].self)
        guard context.tag(position.node) == JSONTape.object else {
            throw context.mismatch([String: Any].self, expected: "object", at: position)
        }
        let depth = context.enterChild(position)
        advance()
        return KeyedDecodingContainer(
            KeyedNodeContainer<NestedKey>(decoder: decoder, node: position.node, depth: depth))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let position = try current([Any].self)
        guard context.tag(position.node) == JSONTape.array else {
            throw context.mismatch([Any].self, expected: "array", at: position)
        }
        let depth = context.enterChild(position)
        advance()
        return UnkeyedNodeContainer(decoder: decoder, node: position.node, depth: depth)
    }

    mutating func superDecoder() throws -> any Decoder {
        let position = try current(Any.self)
        advance()
        return decoder.detached(at: position)
    }
}
