/// Checked conversions of JSON number text, straight from the document bytes.
///
/// They agree with ``JSONNumber``'s accessors (a value is returned only when it is exact and in
/// range: `1e2` and `100.0` are the integer 100, `1.5` is no integer) but read plain integers
/// and short doubles without building a `String` or splitting digits into arrays first.
enum ExactNumbers {
    /// The integer `text` denotes, or `nil` when it has a fraction or does not fit in `T`.
    @inline(__always)
    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ text: UnsafeBufferPointer<UInt8>) -> T? {
        var i = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { i = 1 }
        var value: T = 0
        while i < text.count {
            let digit = text[i] &- 0x30
            guard digit < 10 else { return slowInteger(T.self, text) }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) =
                negative
                ? times10.subtractingReportingOverflow(T(digit)) : times10.addingReportingOverflow(T(digit))
            if o1 || o2 { return nil }
            value = next
            i += 1
        }
        return value
    }

    /// The integer a number's text denotes, for text already checked against the JSON grammar.
    static func integer<T: FixedWidthInteger>(_ type: T.Type, _ text: String) -> T? {
        var text = text
        return text.withUTF8 { integer(T.self, $0) }
    }

    /// Fractions and exponents: `-1.20e2` is -120.
    private static func slowInteger<T: FixedWidthInteger>(_ type: T.Type, _ text: UnsafeBufferPointer<UInt8>) -> T? {
        guard let parts = DecimalParts(utf8: text) else { return nil }
        if parts.isZero { return 0 }
        // Anything with more than 40 digits overflows every width up to 128 bits.
        guard parts.exponent >= 0, Int64(parts.digits.count) + parts.exponent <= 40 else { return nil }
        var value: T = 0
        for digit in parts.digits {
            guard let next = step(value, T(digit - 0x30), parts.negative) else { return nil }
            value = next
        }
        for _ in 0..<parts.exponent {
            guard let next = step(value, 0, parts.negative) else { return nil }
            value = next
        }
        return value
    }

    @inline(__always)
    private static func step<T: FixedWidthInteger>(_ value: T, _ digit: T, _ negative: Bool) -> T? {
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        let (next, o2) =
            negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
        return o1 || o2 ? nil : next
    }

    /// The nearest `Double`, or `nil` when the number overflows or a non-zero value underflows to 0.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        // Up to 15 digits without fraction or exponent are exact as a Double: no string needed.
        let negative = text.first == UInt8(ascii: "-")
        let digitCount = text.count - (negative ? 1 : 0)
        if digitCount <= 15 {
            var value: Int64 = 0
            var plain = true
            for byte in text[(negative ? 1 : 0)...] {
                let digit = byte &- 0x30
                guard digit < 10 else {
                    plain = false
                    break
                }
                value = value * 10 + Int64(digit)
            }
            if plain { return negative ? -Double(value) : Double(value) }
        }
        let string = String(decoding: text, as: UTF8.self)
        guard let value = Double(string), value.isFinite else { return nil }
        if value == 0 && hasNonZeroDigit(text) { return nil }
        return value
    }

    /// The nearest `Float`, under the same rules as ``double(_:)``.
    static func float(_ text: String) -> Float? {
        guard let value = Float(text), value.isFinite else { return nil }
        if value == 0 {
            var text = text
            if text.withUTF8(hasNonZeroDigit) { return nil }
        }
        return value
    }

    /// Whether the significand (before any exponent) has a digit other than 0.
    private static func hasNonZeroDigit(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text {
            if byte | 0x20 == 0x65 { return false }
            if byte >= 0x31 && byte <= 0x39 { return true }
        }
        return false
    }
}
