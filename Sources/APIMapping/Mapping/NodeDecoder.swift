/// The `Decoder` ``JSONNodeDecoder`` hands to `init(from:)`: a cursor over the document tape.
///
/// One instance serves a whole decode. Descending into a nested value moves the cursor and puts
/// it back afterwards, as Foundation's `JSONDecoderImpl` does, so no decoder is allocated per
/// value; containers remember the node and depth they were made for.
final class NodeDecoder: Decoder {
    let context: DecodingContext
    private(set) var node: Int
    private(set) var depth: Int
    /// The type whose `init(from:)` is running, to name it in messages.
    private(set) var type: Any.Type

    init(context: DecodingContext, node: Int, depth: Int, type: Any.Type) {
        self.context = context
        self.node = node
        self.depth = depth
        self.type = type
    }

    /// The keys from the document root to the current value, as the JSON spells them.
    var codingPath: [any CodingKey] { context.codingPath(node, depth: depth) }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard context.tag(node) == JSONTape.object else {
            throw context.mismatch(
                self.type, expected: "object (\(context.typeName(self.type)))", at: Position(itself: node, depth: depth)
            )
        }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(decoder: self, node: node, depth: depth))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard context.tag(node) == JSONTape.array else {
            throw context.mismatch(
                self.type, expected: "array (\(context.typeName(self.type)))", at: Position(itself: node, depth: depth))
        }
        return UnkeyedNodeContainer(decoder: self, node: node, depth: depth)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueNodeContainer(decoder: self, node: node, depth: depth)
    }

    // MARK: Decoding any value

    /// Decodes the value at `position` as `T`: the types the decoder reads itself (numbers,
    /// strings, dates, arrays, dictionaries…) directly, anything else through `init(from:)` with the
    /// cursor moved to the value.
    func decodeValue<T: Decodable>(_ type: T.Type, at position: Position) throws -> T {
        if let native = T.self as? any NodeDecodable.Type {
            return try native.decode(from: self, at: position) as! T
        }
        // The cursor moves inline rather than through `withCursor`: passing a large value out of a
        // generic closure costs a copy of every reference it holds.
        let saved = enter(position, type: T.self)
        defer { (node, depth, self.type) = saved }
        do {
            return try T(from: self)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw context.wrapped(error, at: Position(itself: node, depth: depth))
        }
    }

    /// Runs `body` with the cursor on the value at `position`, then puts the cursor back. An error
    /// other than `DecodingError` is wrapped so it keeps the value's location.
    func withCursor<R>(at position: Position, type: Any.Type, _ body: () throws -> R) throws -> R {
        let saved = enter(position, type: type)
        defer { (node, depth, self.type) = saved }
        do {
            return try body()
        } catch let error as DecodingError {
            throw error
        } catch {
            throw context.wrapped(error, at: Position(itself: node, depth: depth))
        }
    }

    /// Moves the cursor to the value at `position` and returns where it was.
    @inline(__always)
    private func enter(_ position: Position, type: Any.Type) -> (Int, Int, Any.Type) {
        let childDepth = context.enterChild(position)
        let saved = (node, depth, self.type)
        node = position.node
        depth = childDepth
        self.type = type
        return saved
    }

    /// A separate decoder for `superDecoder()`, which may outlive the current step.
    func detached(at position: Position) -> NodeDecoder {
        let childDepth = context.enterChild(position)
        return NodeDecoder(context: context, node: position.node, depth: childDepth, type: type)
    }
}

/// Types the decoder reads straight from the tape, bypassing their own `init(from:)`: exact
/// numbers, strategy-driven dates, base64 data, and collections (so lenient decoding can drop
/// elements).
protocol NodeDecodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> Self
}
