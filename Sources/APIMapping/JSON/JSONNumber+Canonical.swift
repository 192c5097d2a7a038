extension JSONNumber {
    /// The number's value written one way only: two numbers have the same canonical text exactly
    /// when ``numericallyCompare(_:)`` finds them equal.
    ///
    /// The text is still a JSON number, computed from the decimal digits, never through `Double`,
    /// so big integers and long fractions stay exact. Zero is `0` (also for `-0` and `0.000`);
    /// integers up to 40 digits are written out; other values are plain decimals while they need
    /// fewer than six leading zeros after the point, otherwise scientific with one digit before
    /// the point and a lower-case `e`.
    ///
    /// ```swift
    /// JSONNumber("1.0")!.canonicalText                     // "1"
    /// JSONNumber("10e-1")!.canonicalText                   // "1"
    /// JSONNumber("-0")!.canonicalText                      // "0"
    /// JSONNumber("12345678901234567890.0")!.canonicalText  // "12345678901234567890"
    /// JSONNumber("0.50")!.canonicalText                    // "0.5"
    /// JSONNumber("1E+400")!.canonicalText                  // "1e400"
    /// JSONNumber("-0.0000000125")!.canonicalText           // "-1.25e-8"
    /// ```
    ///
    /// Exponents beyond ±2^40 are treated as that bound, as ``numericallyCompare(_:)`` does.
    public var canonicalText: String {
        guard let parts = DecimalParts(text) else { return text }
        if parts.isZero { return "0" }
        let digits = String(decoding: parts.digits, as: UTF8.self)
        let sign = parts.negative ? "-" : ""
        // The value is 0.DIGITS × 10^top: `top` digits stand before the point.
        let top = Int64(parts.digits.count) + parts.exponent
        if parts.exponent >= 0, top <= Self.plainIntegerDigits {
            return sign + digits + String(repeating: "0", count: Int(parts.exponent))
        }
        if parts.exponent < 0, top > 0 {
            let point = digits.index(digits.startIndex, offsetBy: Int(top))
            return sign + digits[..<point] + "." + digits[point...]
        }
        if parts.exponent < 0, top > -Self.plainLeadingZeros {
            return sign + "0." + String(repeating: "0", count: Int(-top)) + digits
        }
        let rest = digits.dropFirst()
        return sign + String(digits.prefix(1)) + (rest.isEmpty ? "" : "." + rest) + "e" + String(top - 1)
    }

    /// The longest integer ``canonicalText`` writes out digit by digit.
    private static let plainIntegerDigits: Int64 = 40
    /// The most zeros ``canonicalText`` writes between the point and the first digit.
    private static let plainLeadingZeros: Int64 = 6
}
