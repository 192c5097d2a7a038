import Foundation

/// Reading scalars from the tape, with the lenient coercions of ``MappingPolicy``.
extension NodeDecoder {
    func decodeString(at position: Position) throws -> String {
        let record = context.nodes[position.node]
        switch record.header & JSONTape.kindMask {
        case JSONTape.string:
            return context.string(at: position.node)
        case JSONTape.number where context.lenient:
            context.recordCoercion(at: position, to: "String")
            return numberText(record)
        case JSONTape.true where context.lenient, JSONTape.false where context.lenient:
            context.recordCoercion(at: position, to: "String")
            return record.header & JSONTape.kindMask == JSONTape.true ? "true" : "false"
        default:
            throw context.mismatch(String.self, at: position)
        }
    }

    func decodeBool(at position: Position) throws -> Bool {
        switch context.tag(position.node) {
        case JSONTape.true: return true
        case JSONTape.false: return false
        case JSONTape.string where context.lenient:
            switch context.string(at: position.node) {
            case "true", "1":
                context.recordCoercion(at: position, to: "Bool")
                return true
            case "false", "0":
                context.recordCoercion(at: position, to: "Bool")
                return false
            default: break
            }
        case JSONTape.number where context.lenient:
            switch integer(Int.self, position.node) {
            case 1?:
                context.recordCoercion(at: position, to: "Bool")
                return true
            case 0?:
                context.recordCoercion(at: position, to: "Bool")
                return false
            default: break
            }
        default: break
        }
        throw context.mismatch(Bool.self, at: position)
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, at position: Position) throws -> T {
        let tag = context.tag(position.node)
        if tag == JSONTape.number, let value = integer(T.self, position.node) { return value }
        if tag == JSONTape.string, context.lenient, let number = coercedNumber(position.node),
            let value = ExactNumbers.integer(T.self, number.text)
        {
            context.recordCoercion(at: position, to: context.typeName(T.self))
            return value
        }
        throw context.mismatch(T.self, at: position, note: integerNote(position.node))
    }

    func decodeDouble(at position: Position) throws -> Double {
        let tag = context.tag(position.node)
        if tag == JSONTape.number, let value = double(position.node) { return value }
        if tag == JSONTape.string, context.lenient, let number = coercedNumber(position.node), let value = number.double
        {
            context.recordCoercion(at: position, to: "Double")
            return value
        }
        throw context.mismatch(Double.self, at: position, note: tag == JSONTape.number ? "out of range" : nil)
    }

    func decodeFloat(at position: Position) throws -> Float {
        let tag = context.tag(position.node)
        if tag == JSONTape.number, let value = ExactNumbers.float(numberText(context.nodes[position.node])) {
            return value
        }
        if tag == JSONTape.string, context.lenient, let number = coercedNumber(position.node),
            let value = ExactNumbers.float(number.text)
        {
            context.recordCoercion(at: position, to: "Float")
            return value
        }
        throw context.mismatch(Float.self, at: position, note: tag == JSONTape.number ? "out of range" : nil)
    }

    func decodeDecimal(at position: Position) throws -> Decimal {
        let tag = context.tag(position.node)
        if tag == JSONTape.number, let value = context.jsonNode(position.node).numberValue?.decimal { return value }
        if tag == JSONTape.string, context.lenient, let number = coercedNumber(position.node),
            let value = number.decimal
        {
            context.recordCoercion(at: position, to: "Decimal")
            return value
        }
        throw context.mismatch(
            Decimal.self, at: position, note: tag == JSONTape.number ? "more than 38 digits or out of range" : nil)
    }

    func decodeData(at position: Position) throws -> Data {
        if context.tag(position.node) == JSONTape.string,
            let data = Data(base64Encoded: context.string(at: position.node))
        {
            return data
        }
        throw context.mismatch(Data.self, expected: "Data (base64)", at: position)
    }

    func decodeURL(at position: Position) throws -> URL {
        if context.tag(position.node) == JSONTape.string, let url = URL(string: context.string(at: position.node)) {
            return url
        }
        throw context.mismatch(URL.self, at: position)
    }

    func decodeDate(at position: Position) throws -> Date {
        let strategy = context.dateStrategy
        let tag = context.tag(position.node)
        switch strategy.rule {
        case .iso8601:
            if tag == JSONTape.string {
                var text = context.string(at: position.node)
                if let date = text.withUTF8(ISO8601.date(from:)) { return date }
            }
        case .secondsSince1970:
            if let date = dateFromNumber(at: position, scale: 1) { return date }
        case .millisecondsSince1970:
            if let date = dateFromNumber(at: position, scale: 1000) { return date }
        case .formatted(let format):
            if tag == JSONTape.string,
                let date = context.formatter(format).date(from: context.string(at: position.node))
            {
                return date
            }
        case .custom(let read):
            return try withCursor(at: position, type: Date.self) { try read(self) }
        }
        throw context.mismatch(Date.self, expected: "Date (\(strategy))", at: position)
    }

    // MARK: Helpers

    /// A date from a number of seconds divided by `scale`, or `nil` when the value is no number.
    private func dateFromNumber(at position: Position, scale: Double) -> Date? {
        let tag = context.tag(position.node)
        if tag == JSONTape.number, let value = double(position.node) {
            return Date(timeIntervalSince1970: value / scale)
        }
        if tag == JSONTape.string, context.lenient, let value = coercedNumber(position.node)?.double {
            context.recordCoercion(at: position, to: "Date (\(context.dateStrategy))")
            return Date(timeIntervalSince1970: value / scale)
        }
        return nil
    }

    private func numberText(_ record: JSONTape.Node) -> String {
        context.bytes.withUnsafeBufferPointer {
            String(
                decoding: UnsafeBufferPointer(rebasing: $0[Int(record.offset)..<Int(record.offset + record.length)]),
                as: UTF8.self)
        }
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(_ type: T.Type, _ node: Int) -> T? {
        let record = context.nodes[node]
        return context.bytes.withUnsafeBufferPointer {
            ExactNumbers.integer(
                T.self, UnsafeBufferPointer(rebasing: $0[Int(record.offset)..<Int(record.offset + record.length)]))
        }
    }

    private func double(_ node: Int) -> Double? {
        let record = context.nodes[node]
        return context.bytes.withUnsafeBufferPointer {
            ExactNumbers.double(
                UnsafeBufferPointer(rebasing: $0[Int(record.offset)..<Int(record.offset + record.length)]))
        }
    }

    /// The number a string holds, for lenient coercion: `"42"`, `" 4.2e1 "`, `"+42"`, `"042"`.
    private func coercedNumber(_ node: Int) -> JSONNumber? {
        JSONNumber(coercing: context.string(at: node))
    }

    /// Why a number is not a `T`: a fraction, or out of range.
    private func integerNote(_ node: Int) -> String? {
        guard let number = context.jsonNode(node).numberValue else { return nil }
        return number.isInteger ? "out of range" : "not an integer"
    }
}
