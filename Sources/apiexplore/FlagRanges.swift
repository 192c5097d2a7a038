import APIClient
import ArgumentParser

/// The one range check for numeric flags: each flag's documented range is in ``InputRanges`` (and
/// README's "Ranges"), and a value outside it is refused by ``validate(_:in:flag:as:)`` in the
/// command's `validate()`, naming the flag, before anything computes with it.
enum FlagRanges {
    /// Throws when `value` is given and outside `range`.
    ///
    /// ```swift
    /// try FlagRanges.validate(0, in: 1...10, flag: "--history-keep")
    /// // Error: --history-keep 0 is out of range; use 1 to 10
    /// ```
    ///
    /// - Parameters:
    ///   - value: The flag's value, `nil` when not given.
    ///   - range: Its documented range.
    ///   - flag: The flag as typed, `--history-keep`.
    ///   - describe: How to write a value of the flag (sizes with units).
    /// - Throws: `ValidationError` naming the flag, the value and the range.
    static func validate(
        _ value: Int?, in range: ClosedRange<Int>, flag: String, as describe: (Int) -> String = { "\($0)" }
    ) throws {
        guard let value, !range.contains(value) else { return }
        let allowed =
            range.upperBound == Int.max
            ? "at least \(describe(range.lowerBound))"
            : "\(describe(range.lowerBound)) to \(describe(range.upperBound))"
        throw ValidationError("\(flag) \(describe(value)) is out of range; use \(allowed).")
    }
}
