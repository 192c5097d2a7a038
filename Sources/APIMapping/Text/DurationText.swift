/// Durations written as people write them: `250ms`, `1.5s`, `2m`, `1h`: one exact reading for profiles and
/// the command line.
///
/// The number is read digit by digit into whole milliseconds, never through `Double`, so no text can
/// reach a conversion trap: a number too large for any range reads as ``saturated``, which every
/// range refuses by name.
package enum DurationText {
    /// The units a duration may end with, `ms` before `m` and `s`.
    static let units: [(suffix: String, milliseconds: Int64)] = [
        ("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000),
    ]

    /// What any duration too large for `Int64` milliseconds reads as; above every documented range.
    package static let saturated = Int64.max

    /// The duration in whole milliseconds (rounded to the nearest), or `nil` when the text is not
    /// `DIGITS[.DIGITS]UNIT`.
    ///
    /// ```swift
    /// DurationText.milliseconds("1.5s")               // 1_500
    /// DurationText.milliseconds("3000000000000h")     // DurationText.saturated
    /// DurationText.milliseconds("1e300s")             // nil: not a plain decimal number
    /// ```
    ///
    /// - Parameter text: The duration.
    /// - Returns: Milliseconds, saturated at ``saturated``; `nil` when the text is not a duration.
    package static func milliseconds(_ text: String) -> Int64? {
        guard let unit = units.first(where: { text.hasSuffix($0.suffix) }) else { return nil }
        let number = text.utf8.dropLast(unit.suffix.utf8.count)
        let parts = number.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit) else { return nil }
        var total: Int64 = 0
        for digit in whole {
            let (shifted, overflow1) = total.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return saturated }
            total = sum
        }
        let (scaled, overflow) = total.multipliedReportingOverflow(by: unit.milliseconds)
        if overflow { return saturated }
        guard parts.count == 2 else { return scaled }
        let fraction = parts[1]
        guard !fraction.isEmpty, fraction.allSatisfy(isDigit) else { return nil }
        // Six digits are finer than a millisecond in every unit; the rest cannot change the rounding much.
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        for digit in fraction.prefix(6) {
            numerator = numerator * 10 + Int64(digit - UInt8(ascii: "0"))
            denominator *= 10
        }
        let part = (numerator * unit.milliseconds + denominator / 2) / denominator
        let (sum, overflowSum) = scaled.addingReportingOverflow(part)
        return overflowSum ? saturated : sum
    }

    /// Milliseconds as the shortest text in the largest exact unit: `86400000` is `24h`, `1500` is `1500ms`.
    package static func text(milliseconds: Int64) -> String {
        for unit in units.sorted(by: { $0.milliseconds > $1.milliseconds })
        where milliseconds % unit.milliseconds == 0 {
            return "\(milliseconds / unit.milliseconds)\(unit.suffix)"
        }
        return "\(milliseconds)ms"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
