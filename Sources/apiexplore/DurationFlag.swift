import APIClient
import APIMapping
import ArgumentParser

/// A duration given on the command line: `500ms`, `2s`, `1.5m`, `1h`, or a bare number of seconds
/// as curl's `--max-time` takes it (`2.5`), range-checked against ``InputRanges``.
struct DurationFlag: ExpressibleByArgument, Sendable, Hashable, CustomStringConvertible {
    /// The duration.
    let duration: Duration
    /// The text as typed, for messages.
    let description: String

    init?(argument: String) {
        let text = argument.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } ? argument + "s" : argument
        guard let milliseconds = DurationText.milliseconds(text), milliseconds > 0 else { return nil }
        duration = .milliseconds(milliseconds)
        description = argument
    }

    /// The milliseconds, saturated, for range checks.
    var milliseconds: Int64 { Int64((duration / .milliseconds(1)).rounded()) }

    /// Throws when `value` is given and outside `range` (milliseconds).
    ///
    /// - Parameters:
    ///   - value: The flag's value, `nil` when not given.
    ///   - range: Its documented range in milliseconds.
    ///   - flag: The flag as typed, `--max-time`.
    /// - Throws: `ValidationError` naming the flag, the value and the range.
    static func validate(_ value: DurationFlag?, in range: ClosedRange<Int64>, flag: String) throws {
        guard let value, !range.contains(value.milliseconds) else { return }
        throw ValidationError(
            "\(flag) \(value.description) is out of range; use \(DurationText.text(milliseconds: range.lowerBound)) "
                + "to \(DurationText.text(milliseconds: range.upperBound)).")
    }
}
