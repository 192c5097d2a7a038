/// A keyed container that finds a key's value as a ``Position``: the object's members
/// (``KeyedNodeContainer``) or profile paths over a body (``PathMappedContainer``). Everything
/// else a keyed container does follows from that, once, here.
protocol PositionedKeyedContainer: KeyedDecodingContainerProtocol {
    var decoder: NodeDecoder { get }
    var context: DecodingContext { get }
    /// Where `key`'s value is, or the located missing-key error.
    func position(_ key: Key) throws -> Position
    /// Where `key`'s value is, or `nil` (recorded as a default) when it is missing or `null`.
    func positionIfPresent(_ key: Key) -> Position?
}

extension PositionedKeyedContainer {
    func decodeNil(forKey key: Key) throws -> Bool {
        context.tag(try position(key).node) == JSONTape.null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.decodeBool(at: position(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.decodeString(at: position(key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.decodeDouble(at: position(key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.decodeFloat(at: position(key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decoder.decodeInteger(Int.self, at: position(key))
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try decoder.decodeInteger(Int8.self, at: position(key))
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try decoder.decodeInteger(Int16.self, at: position(key))
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try decoder.decodeInteger(Int32.self, at: position(key))
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try decoder.decodeInteger(Int64.self, at: position(key))
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try decoder.decodeInteger(UInt.self, at: position(key))
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try decoder.decodeInteger(UInt8.self, at: position(key))
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try decoder.decodeInteger(UInt16.self, at: position(key))
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try decoder.decodeInteger(UInt32.self, at: position(key))
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try decoder.decodeInteger(UInt64.self, at: position(key))
    }

    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        try decoder.decodeInteger(Int128.self, at: position(key))
    }

    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        try decoder.decodeInteger(UInt128.self, at: position(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeValue(T.self, at: position(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try positionIfPresent(key).map { try decoder.decodeBool(at: $0) }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try positionIfPresent(key).map { try decoder.decodeString(at: $0) }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try positionIfPresent(key).map { try decoder.decodeDouble(at: $0) }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try positionIfPresent(key).map { try decoder.decodeFloat(at: $0) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try positionIfPresent(key).map { try decoder.decodeInteger(Int.self, at: $0) }
    }

    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try positionIfPresent(key).map { try decoder.decodeInteger(Int8.self, at: $0) }
    }

    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try positionIfPresent(key).map { try decoder.decodeInteger(Int16.self, at: $0) }
    }

    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try positionIfPresent(key).map { try decoder.decodeInteger(Int32.self, at: $0) }
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try positionIfPresent(key).map { try decoder.decodeInteger(Int64.self, at: $0) }
    }

    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try positionIfPresent(key).map { try decoder.decodeInteger(UInt.self, at: $0) }
    }

    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try positionIfPresent(key).map { try decoder.decodeInteger(UInt8.self, at: $0) }
    }

    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try positionIfPresent(key).map { try decoder.decodeInteger(UInt16.self, at: $0) }
    }

    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try positionIfPresent(key).map { try decoder.decodeInteger(UInt32.self, at: $0) }
    }

    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try positionIfPresent(key).map { try decoder.decodeInteger(UInt64.self, at: $0) }
    }

    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try positionIfPresent(key).map { try decoder.decodeInteger(Int128.self, at: $0) }
    }

    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try positionIfPresent(key).map { try decoder.decodeInteger(UInt128.self, at: $0) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try positionIfPresent(key).map { try decoder.decodeValue(T.self, at: $0) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let position = try position(key)
        guard context.tag(position.node) == JSONTape.object else {
            throw context.mismatch([String: Any].self, expected: "object", at: position)
        }
        let depth = context.enterChild(position)
        return KeyedDecodingContainer(
            KeyedNodeContainer<NestedKey>(decoder: decoder, node: position.node, depth: depth))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let position = try position(key)
        guard context.tag(position.node) == JSONTape.array else {
            throw context.mismatch([Any].self, expected: "array", at: position)
        }
        let depth = context.enterChild(position)
        return UnkeyedNodeContainer(decoder: decoder, node: position.node, depth: depth)
    }

    /// A decoder for the value at `key`, for a superclass's `init(from:)`.
    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.detached(at: try position(key))
    }
}
