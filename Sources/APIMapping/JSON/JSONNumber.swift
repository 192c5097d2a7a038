public import Foundation

/// A JSON number, kept exactly as its source text.
///
/// JSON numbers have no fixed precision, so apiexplore never rounds one on its way through: the
/// text the server sent is what ``text`` holds and what the writer prints back. The accessors
/// convert on demand and are *checked*: they return `nil` instead of a rounded or saturated value.
///
/// ```swift
/// let big = JSONNumber("12345678901234567890")!
/// big.int        // nil: does not fit in Int
/// big.decimal    // 12345678901234567890
/// JSONNumber("1.10")!.text   // "1.10", not "1.1"
/// JSONNumber("1e400")!.double // nil: overflows Double
/// ```
///
/// Two numbers are `==` when their texts are identical (the lossless identity). Use
/// ``numericallyCompare(_:)`` to compare values, so that `200` and `200.0` are equal.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number's JSON text, exactly as written in the source.
    public let text: String

    /// Creates a number from JSON number text, or returns `nil` if the text is not an RFC 8259 number.
    ///
    /// - Parameter text: Text such as `-0.5e3`. Leading `+`, leading zeros, `.5` and `NaN` are rejected.
    public init?(_ text: String) {
        var text = text
        let valid = text.withUTF8 { JSONNumberGrammar.scan($0, from: 0) == $0.count && !$0.isEmpty }
        guard valid else { return nil }
        self.text = text
    }

    /// Reads a number from text the way a coercion should: surrounding whitespace, a leading `+`
    /// and leading zeros (`" 007"`, `"+1.5"`, `"0000"`) are accepted; anything else must be an
    /// RFC 8259 number. Used where the user opted into treating strings as numbers.
    init?(coercing text: String) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        var sign = ""
        if body.first == "+" {
            body = body.dropFirst()
            // One sign at most: "+-1" is not a number.
            if body.first == "-" || body.first == "+" { return nil }
        } else if body.first == "-" {
            sign = "-"
            body = body.dropFirst()
        }
        let firstNonZero = body.firstIndex { $0 != "0" } ?? body.endIndex
        if firstNonZero != body.startIndex {
            let rest = body[firstNonZero...]
            body = rest.first?.isNumber == true ? rest : "0" + rest
        }
        self.init(sign + body)
    }

    /// Creates a number that already passed the parser's grammar check.
    init(validatedText text: String) {
        self.text = text
    }

    /// Creates the number for an integer.
    public init(_ value: some BinaryInteger) {
        self.text = String(value)
    }

    /// Creates the number for a finite double, or returns `nil` for infinities and NaN.
    ///
    /// The text is the shortest that reads back as the same double (`0.1` gives `"0.1"`).
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == 0 {
            self.text = value.sign == .minus ? "-0" : "0"
        } else if value == value.rounded(), abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = "\(value)"
        }
    }

    public var description: String { text }

    /// The value as `Int`, or `nil` unless it is an integer that fits exactly.
    ///
    /// `1e2` and `100.0` give `100`; `1.5` and `12345678901234567890` give `nil`.
    public var int: Int? { int64.flatMap { Int(exactly: $0) } }

    /// The value as `Int64`, or `nil` unless it is an integer that fits exactly.
    public var int64: Int64? {
        guard let parts = DecimalParts(text) else { return nil }
        return parts.integerValue(bound: UInt64(Int64.max) + (parts.negative ? 1 : 0)).map {
            parts.negative ? Int64(truncatingIfNeeded: 0 &- $0) : Int64($0)
        }
    }

    /// The value as `UInt64`, or `nil` unless it is a non-negative integer that fits exactly.
    public var uint64: UInt64? {
        guard let parts = DecimalParts(text) else { return nil }
        if parts.negative && !parts.isZero { return nil }
        return parts.integerValue(bound: UInt64.max)
    }

    /// The value as `Double`, or `nil` when it overflows to infinity or a non-zero value underflows to zero.
    ///
    /// Most decimal fractions have no exact binary form; the result is the nearest double, as with
    /// every JSON parser. Use ``decimal`` or ``text`` when digits matter.
    public var double: Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        if value == 0, let parts = DecimalParts(text), !parts.isZero { return nil }
        return value
    }

    /// The value as Foundation `Decimal`, or `nil` when it needs more than 38 significant digits or
    /// an exponent outside `Decimal`'s range.
    public var decimal: Decimal? {
        guard let parts = DecimalParts(text) else { return nil }
        if parts.isZero { return Decimal(0) }
        guard parts.digits.count <= 38 else { return nil }
        let exponent = parts.exponent
        guard exponent >= -128, exponent <= 127 else { return nil }
        guard let significand = Decimal(string: String(decoding: parts.digits, as: UTF8.self)) else { return nil }
        return Decimal(sign: parts.negative ? .minus : .plus, exponent: Int(exponent), significand: significand)
    }

    /// Whether the number is mathematically an integer (`3`, `3.0`, `3e2`), whatever its size.
    public var isInteger: Bool {
        guard let parts = DecimalParts(text) else { return false }
        return parts.isZero || parts.exponent >= 0
    }

    /// Compares two numbers by mathematical value, exactly, whatever their precision. Decimal
    /// exponents are compared up to ±2^40; beyond that numbers are treated as infinitely large or small.
    ///
    /// ```swift
    /// JSONNumber("200")!.numericallyCompare(JSONNumber("2.00e2")!)  // .equal
    /// ```
    public func numericallyCompare(_ other: JSONNumber) -> NumericOrder {
        guard let lhs = DecimalParts(text), let rhs = DecimalParts(other.text) else {
            return text == other.text ? .equal : (text < other.text ? .less : .greater)
        }
        return lhs.compare(rhs)
    }

    /// The result of ``JSONNumber/numericallyCompare(_:)``.
    public enum NumericOrder: Sendable, Equatable {
        /// The left number is smaller.
        case less
        /// The numbers have the same value.
        case equal
        /// The left number is greater.
        case greater
    }
}

/// A number's text split into sign, significant digits and a power of ten: `-0.0120e3` is
/// `-(12) × 10^0`. Digits carry no leading or trailing zeros; zero has no digits.
struct DecimalParts {
    var negative: Bool
    var digits: [UInt8]
    var exponent: Int64

    var isZero: Bool { digits.isEmpty }

    init?(_ text: String) {
        var text = text
        guard let parts = text.withUTF8({ DecimalParts(utf8: $0) }) else { return nil }
        self = parts
    }

    init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var i = 0
        negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var all: [UInt8] = []
        var fractionDigits: Int64 = 0
        var inFraction = false
        while i < bytes.count {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                all.append(b)
                if inFraction { fractionDigits += 1 }
            } else if b == UInt8(ascii: ".") {
                inFraction = true
            } else {
                break
            }
            i += 1
        }
        var exp: Int64 = 0
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var expNegative = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                expNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                // Saturate: an exponent this large already over/underflows every consumer.
                exp = min(exp * 10 + Int64(bytes[i] - 0x30), 1 << 40)
                i += 1
            }
            if expNegative { exp = -exp }
        }
        guard i == bytes.count, !all.isEmpty else { return nil }
        let firstNonZero = all.firstIndex { $0 != 0x30 } ?? all.count
        let lastNonZero = all.lastIndex { $0 != 0x30 }.map { $0 + 1 } ?? firstNonZero
        digits = Array(all[firstNonZero..<lastNonZero])
        exponent = exp - fractionDigits + Int64(all.count - lastNonZero)
    }

    /// The magnitude as an integer not above `bound`, or `nil` when it has a fraction or is larger.
    func integerValue(bound: UInt64) -> UInt64? {
        if isZero { return 0 }
        guard exponent >= 0, Int64(digits.count) + exponent <= 20 else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit - 0x30))
            guard !o1, !o2 else { return nil }
            value = sum
        }
        for _ in 0..<exponent {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            value = times10
        }
        return value <= bound ? value : nil
    }

    func compare(_ other: DecimalParts) -> JSONNumber.NumericOrder {
        let lhsSign = isZero ? 0 : (negative ? -1 : 1)
        let rhsSign = other.isZero ? 0 : (other.negative ? -1 : 1)
        if lhsSign != rhsSign { return lhsSign < rhsSign ? .less : .greater }
        if lhsSign == 0 { return .equal }
        let magnitude = compareMagnitude(other)
        if lhsSign > 0 { return magnitude }
        switch magnitude {
        case .less: return .greater
        case .greater: return .less
        case .equal: return .equal
        }
    }

    private func compareMagnitude(_ other: DecimalParts) -> JSONNumber.NumericOrder {
        // The position of the leading digit decides first; then the digits left to right.
        let lhsTop = Int64(digits.count) + exponent
        let rhsTop = Int64(other.digits.count) + other.exponent
        if lhsTop != rhsTop { return lhsTop < rhsTop ? .less : .greater }
        for (a, b) in zip(digits, other.digits) where a != b {
            return a < b ? .less : .greater
        }
        if digits.count == other.digits.count { return .equal }
        return digits.count < other.digits.count ? .less : .greater
    }
}

/// The RFC 8259 number grammar over bytes, shared by the parser and ``JSONNumber/init(_:)-(String)``.
enum JSONNumberGrammar {
    /// Scans a number starting at `start` and returns the index just past it, or `-(offset + 1)`
    /// of the first offending byte.
    @inline(__always)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        let end = bytes.count
        @inline(__always) func isDigit(_ i: Int) -> Bool { i < end && bytes[i] &- 0x30 < 10 }
        if i < end && bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { return -(i + 1) }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            while isDigit(i) { i += 1 }
        }
        if i < end && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { return -(i + 1) }
            while isDigit(i) { i += 1 }
        }
        if i < end && bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard isDigit(i) else { return -(i + 1) }
            while isDigit(i) { i += 1 }
        }
        return i
    }
}
