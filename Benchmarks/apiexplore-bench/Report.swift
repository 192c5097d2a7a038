import Foundation

/// One acceptance target and how the run did against it.
struct TargetResult: Sendable {
    /// What is checked, such as `parse github-users ratio >= 5x`.
    let name: String
    /// The measured value as printed, or why it was not measured.
    let measured: String
    /// `true` for PASS, `false` for FAIL, `nil` when skipped.
    let passed: Bool?
}

/// Prints the result table line by line (so a slow run shows progress) and collects the targets.
struct Report {
    private(set) var targets: [TargetResult] = []

    /// Prints one line of the table.
    func line(_ text: String) {
        print(text)
        fflush(nil)  // all output streams; `stdout` itself is a global Swift 6 cannot use safely
    }

    /// Prints a section heading.
    func section(_ title: String) {
        line("")
        line("== \(title)")
    }

    /// Records a target with a measured value and returns the `(target ...: PASS)` suffix for its line.
    mutating func check(_ name: String, measured: String, passed: Bool, rule: String) -> String {
        targets.append(TargetResult(name: name, measured: measured, passed: passed))
        return "(target \(rule): \(passed ? "PASS" : "FAIL"))"
    }

    /// Records a target that could not be measured in this run.
    mutating func skip(_ name: String, reason: String) {
        targets.append(TargetResult(name: name, measured: "skipped: \(reason)", passed: nil))
    }

    /// Prints every recorded target with PASS, FAIL or SKIP.
    func summary() {
        section("targets")
        guard !targets.isEmpty else {
            line("(no target measured by the selected groups)")
            return
        }
        let width = targets.map(\.name.count).max() ?? 0
        for target in targets {
            let verdict =
                switch target.passed {
                case true?: "PASS"
                case false?: "FAIL"
                case nil: "SKIP"
                }
            line("\(verdict)  \(pad(target.name, width))  \(target.measured)")
        }
    }
}

/// Number formatting for the table. MB are 10^6 bytes.
enum Format {
    /// `12.3`: a number with `digits` decimals.
    static func number(_ value: Double, _ digits: Int = 1) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "inf"
    }

    /// `50.0 MB`.
    static func megabytes(_ bytes: Int) -> String {
        number(Double(bytes) / 1e6) + " MB"
    }

    /// `612.3 MB/s`, right-aligned to a fixed width.
    static func throughput(_ megabytesPerSecond: Double) -> String {
        rightAligned(number(megabytesPerSecond), 7) + " MB/s"
    }

    /// `11.3x`.
    static func ratio(_ value: Double) -> String {
        number(value, value < 10 ? 2 : 1) + "x"
    }

    /// `1,234,567`.
    static func count(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// `123.4 ms` or `1.234 s`.
    static func duration(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds < 1 ? number(seconds * 1e3) + " ms" : number(seconds, 3) + " s"
    }

    /// `value` padded with spaces on the left to `width`.
    static func rightAligned(_ value: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - value.count)) + value
    }
}

/// `value` padded with spaces on the right to `width`.
func pad(_ value: String, _ width: Int) -> String {
    value + String(repeating: " ", count: max(0, width - value.count))
}
