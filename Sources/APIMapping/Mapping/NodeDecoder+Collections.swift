import Foundation

/// Arrays and string-keyed dictionaries, read by the decoder itself so that the lenient policy can
/// drop the elements that fail, each with its location and reason, instead of failing the whole
/// collection.
extension NodeDecoder {
    func decodeArray<Element: Decodable>(_ type: Element.Type, at position: Position) throws -> [Element] {
        let array = position.node
        guard context.tag(array) == JSONTape.array else { throw context.mismatch([Element].self, at: position) }
        let count = Int(context.nodes[array].length)
        let depth = context.enterChild(position)
        var result: [Element] = []
        result.reserveCapacity(count)
        var element = array + 1
        for ordinal in 0..<count {
            let at = Position(parent: array, depth: depth, node: element, ordinal: ordinal)
            if context.lenient {
                let mark = context.entryCount
                do {
                    result.append(try decodeValue(Element.self, at: at))
                } catch {
                    drop(at: at, error, since: mark)
                }
            } else {
                result.append(try decodeValue(Element.self, at: at))
            }
            element = Int(context.nodes[element].next)
        }
        return result
    }

    /// Object members become entries with the key as written (no key strategy); when a key
    /// repeats, the last member wins.
    func decodeDictionary<Value: Decodable>(_ type: Value.Type, at position: Position) throws -> [String: Value] {
        let object = position.node
        guard context.tag(object) == JSONTape.object else {
            throw context.mismatch([String: Value].self, at: position)
        }
        let count = Int(context.nodes[object].length)
        let depth = context.enterChild(position)
        var result: [String: Value] = [:]
        result.reserveCapacity(count)
        var keyNode = object + 1
        for _ in 0..<count {
            let at = Position(parent: object, depth: depth, node: keyNode + 1, ordinal: Position.member)
            let key = context.string(at: keyNode)
            if context.lenient {
                let mark = context.entryCount
                do {
                    result[key] = try decodeValue(Value.self, at: at)
                } catch {
                    drop(at: at, error, since: mark)
                }
            } else {
                result[key] = try decodeValue(Value.self, at: at)
            }
            keyNode = Int(context.nodes[keyNode + 1].next)
        }
        return result
    }

    private func drop(at position: Position, _ error: any Error, since mark: Int) {
        guard context.recording else { return }
        context.recordDrop(at: position, reason: context.mappingError(from: error, fallback: position), since: mark)
    }
}

// MARK: Types read from the tape

extension NodeDecodable where Self: FixedWidthInteger {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> Self {
        try decoder.decodeInteger(Self.self, at: position)
    }
}

extension Int: NodeDecodable {}
extension Int8: NodeDecodable {}
extension Int16: NodeDecodable {}
extension Int32: NodeDecodable {}
extension Int64: NodeDecodable {}
extension Int128: NodeDecodable {}
extension UInt: NodeDecodable {}
extension UInt8: NodeDecodable {}
extension UInt16: NodeDecodable {}
extension UInt32: NodeDecodable {}
extension UInt64: NodeDecodable {}
extension UInt128: NodeDecodable {}

extension String: NodeDecodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> String {
        try decoder.decodeString(at: position)
    }
}

extension Bool: NodeDecodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> Bool {
        try decoder.decodeBool(at: position)
    }
}

extension Double: NodeDecodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> Double {
        try decoder.decodeDouble(at: position)
    }
}

extension Float: NodeDecodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> Float {
        try decoder.decodeFloat(at: position)
    }
}

extension Decimal: NodeDecodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> Decimal {
        try decoder.decodeDecimal(at: position)
    }
}

extension Date: NodeDecodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> Date {
        try decoder.decodeDate(at: position)
    }
}

extension Data: NodeDecodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> Data {
        try decoder.decodeData(at: position)
    }
}

extension URL: NodeDecodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> URL {
        try decoder.decodeURL(at: position)
    }
}

extension Array: NodeDecodable where Element: Decodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> [Element] {
        try decoder.decodeArray(Element.self, at: position)
    }
}

extension Dictionary: NodeDecodable where Key == String, Value: Decodable {
    static func decode(from decoder: NodeDecoder, at position: Position) throws -> [String: Value] {
        try decoder.decodeDictionary(Value.self, at: position)
    }
}
