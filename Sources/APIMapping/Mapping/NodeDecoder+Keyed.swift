/// The keyed container: members of one object, found by coding key with ``MemberLookup``.
struct KeyedNodeContainer<Key: CodingKey>: PositionedKeyedContainer {
    let decoder: NodeDecoder
    let node: Int
    let depth: Int
    private let lookup: MemberLookup

    init(decoder: NodeDecoder, node: Int, depth: Int) {
        self.decoder = decoder
        self.node = node
        self.depth = depth
        self.lookup = MemberLookup(object: node, depth: depth, context: decoder.context)
    }

    var context: DecodingContext { decoder.context }

    var codingPath: [any CodingKey] { context.codingPath(node, depth: depth) }

    /// The keys present, converted by the key strategy, each once.
    var allKeys: [Key] {
        var seen: Set<String> = []
        var keys: [Key] = []
        for member in context.jsonNode(node).members {
            let name = context.keyRule == .convertFromSnakeCase ? SnakeCase.convert(member.key) : member.key
            if seen.insert(name).inserted, let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        lookup.find(key.stringValue, context: context) != nil
    }

    /// The position of the member for `key`, or the missing-key error.
    @inline(__always)
    func position(_ key: Key) throws -> Position {
        guard let value = lookup.find(key.stringValue, context: context) else {
            throw context.missingKey(key, in: node, depth: depth)
        }
        return Position(parent: node, depth: depth, node: value, ordinal: Position.member)
    }

    /// The position of the member for `key`, or `nil` (reported as a default) when it is
    /// missing or `null`.
    @inline(__always)
    func positionIfPresent(_ key: Key) -> Position? {
        guard let value = lookup.find(key.stringValue, context: context) else {
            context.recordDefault(
                .missing, at: context.location(missing: context.jsonName(of: key), in: node, depth: depth))
            return nil
        }
        let position = Position(parent: node, depth: depth, node: value, ordinal: Position.member)
        if context.tag(value) == JSONTape.null {
            context.recordDefault(.null, at: context.location(position))
            return nil
        }
        return position
    }

    /// The decoder for the member `super`, as Foundation names it.
    func superDecoder() throws -> any Decoder {
        guard let value = lookup.find("super", context: context) else {
            throw context.missingKey(PathKey(.key("super")), in: node, depth: depth)
        }
        return decoder.detached(at: Position(parent: node, depth: depth, node: value, ordinal: Position.member))
    }
}
