/// The single-value container: the decoder's current value itself.
struct SingleValueNodeContainer: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    let node: Int
    let depth: Int

    private var position: Position { Position(itself: node, depth: depth) }

    var codingPath: [any CodingKey] { decoder.context.codingPath(node, depth: depth) }

    func decodeNil() -> Bool {
        decoder.context.tag(node) == JSONTape.null
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try decoder.decodeBool(at: position)
    }

    func decode(_ type: String.Type) throws -> String {
        try decoder.decodeString(at: position)
    }

    func decode(_ type: Double.Type) throws -> Double {
        try decoder.decodeDouble(at: position)
    }

    func decode(_ type: Float.Type) throws -> Float {
        try decoder.decodeFloat(at: position)
    }

    func decode(_ type: Int.Type) throws -> Int {
        try decoder.decodeInteger(Int.self, at: position)
    }

    func decode(_ type: Int8.Type) throws -> Int8 {
        try decoder.decodeInteger(Int8.self, at: position)
    }

    func decode(_ type: Int16.Type) throws -> Int16 {
        try decoder.decodeInteger(Int16.self, at: position)
    }

    func decode(_ type: Int32.Type) throws -> Int32 {
        try decoder.decodeInteger(Int32.self, at: position)
    }

    func decode(_ type: Int64.Type) throws -> Int64 {
        try decoder.decodeInteger(Int64.self, at: position)
    }

    func decode(_ type: UInt.Type) throws -> UInt {
        try decoder.decodeInteger(UInt.self, at: position)
    }

    func decode(_ type: UInt8.Type) throws -> UInt8 {
        try decoder.decodeInteger(UInt8.self, at: position)
    }

    func decode(_ type: UInt16.Type) throws -> UInt16 {
        try decoder.decodeInteger(UInt16.self, at: position)
    }

    func decode(_ type: UInt32.Type) throws -> UInt32 {
        try decoder.decodeInteger(UInt32.self, at: position)
    }

    func decode(_ type: UInt64.Type) throws -> UInt64 {
        try decoder.decodeInteger(UInt64.self, at: position)
    }

    func decode(_ type: Int128.Type) throws -> Int128 {
        try decoder.decodeInteger(Int128.self, at: position)
    }

    func decode(_ type: UInt128.Type) throws -> UInt128 {
        try decoder.decodeInteger(UInt128.self, at: position)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.decodeValue(T.self, at: position)
    }
}
