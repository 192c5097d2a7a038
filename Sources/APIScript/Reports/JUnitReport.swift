import APIClient
import APIMapping
import Foundation

/// A JUnit XML report of a run, the format Jenkins, GitLab and most CI servers show natively: one
/// `<testsuite>` per script run (per row in a data-driven run), one `<testcase>` per request.
///
/// ```swift
/// let xml = JUnitReport(results: results, duration: elapsed).xml
/// // <testsuites name="apiexplore" tests="12" failures="1" errors="0" skipped="0" time="0.412">
/// //   <testsuite name="smoke.apx" …>
/// //     <testcase name="smoke.apx:5 login" classname="smoke.apx" file="smoke.apx" line="5" time="0.003">
/// //       <failure type="business-failure" message="expected success, got business-failure (…)">…</failure>
/// ```
///
/// A failed expectation is a `<failure>` whose `type` says what failed (`expectation`,
/// `business-failure`, `http-failure`); no response or a command that cannot run is an `<error>`
/// (`transport`, `timeout`, `script`). A business error's catalogued name and action (the
/// profile's `errors:`) are in the message and the body. A run stopped by a signal or its time
/// limit turns the requests it never reached into `<error type="interrupted">` (or `timeout`)
/// naming the cause, so no reader counts it as passed. Text that came from a server is masked like
/// history and kept to the characters XML 1.0 allows.
package struct JUnitReport: Sendable {
    /// The results, in suite order.
    package let results: [ScriptUnitResult]
    /// How long the whole run took.
    package let duration: Duration
    /// Why the run stopped early, if it did.
    package let stop: RunStop?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - results: The results, in suite order.
    ///   - duration: How long the whole run took.
    ///   - stop: Why the run stopped early (a signal, its time limit); `nil` when it ran to the end.
    package init(results: [ScriptUnitResult], duration: Duration, stop: RunStop? = nil) {
        self.results = results
        self.duration = duration
        self.stop = stop
    }

    /// The report as an XML document.
    package var xml: String {
        let suites = results.map { ($0, $0.testCases(stop: stop)) }
        let all = suites.flatMap(\.1)
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"apiexplore\" \(Self.counts(all)) time=\"\(Self.seconds(duration))\">",
        ]
        for (result, cases) in suites {
            let timestamp = result.started.formatted(.iso8601)
            lines.append(
                "  <testsuite name=\"\(XMLText.escape(result.unit.name))\" \(Self.counts(cases)) "
                    + "time=\"\(Self.seconds(result.duration))\" timestamp=\"\(timestamp)\">")
            if let reason = result.result.skipReason, cases.isEmpty, result.verdict != .interrupted {
                lines.append(
                    "    <properties><property name=\"skipped\" value=\"\(XMLText.escape(reason))\"/></properties>")
            }
            for testCase in cases {
                var attributes =
                    "name=\"\(XMLText.escape(testCase.name))\" classname=\"\(XMLText.escape(testCase.suite))\" "
                    + "file=\"\(XMLText.escape(testCase.file))\" line=\"\(testCase.line)\""
                attributes += " time=\"\(Self.seconds(testCase.duration ?? .zero))\""
                let message = XMLText.escape(
                    [testCase.message, testCase.businessErrorText].compactMap { $0 }.joined(separator: "; "))
                switch testCase.verdict {
                case .passed:
                    lines.append("    <testcase \(attributes)/>")
                case .skipped:
                    lines.append("    <testcase \(attributes)>")
                    lines.append("      <skipped message=\"\(message)\"/>")
                    lines.append("    </testcase>")
                case .failed, .error:
                    let element = testCase.verdict == .failed ? "failure" : "error"
                    lines.append("    <testcase \(attributes)>")
                    lines.append(
                        "      <\(element) type=\"\(testCase.type ?? "")\" message=\"\(message)\">"
                            + XMLText.escape(Self.detail(testCase)) + "</\(element)>")
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The failure's body: every message, then the response's statuses and tip.
    private static func detail(_ testCase: ScriptTestCase) -> String {
        var lines = testCase.messages
        if let status = testCase.httpStatus { lines.append("HTTP status: \(status)") }
        if let status = testCase.businessStatus { lines.append("business status: \(status.jsonText())") }
        if let error = testCase.businessErrorText { lines.append("business " + error) }
        if let tip = testCase.tip { lines.append("tip: \(tip)") }
        return lines.joined(separator: "\n")
    }

    private static func counts(_ cases: [ScriptTestCase]) -> String {
        let count = { (verdict: ScriptTestCase.Verdict) in cases.count { $0.verdict == verdict } }
        return "tests=\"\(cases.count)\" failures=\"\(count(.failed))\" errors=\"\(count(.error))\" "
            + "skipped=\"\(count(.skipped))\""
    }

    /// Seconds with millisecond precision: `0.412`.
    static func seconds(_ duration: Duration) -> String {
        // Negative (a replayed history row can say anything) reads as zero; a day or more as a day.
        let (seconds, attoseconds) = duration.components
        let milliseconds =
            seconds < 0 || attoseconds < 0 ? 0 : min(seconds, 86_400) * 1000 + attoseconds / 1_000_000_000_000_000
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

/// Text made safe for XML 1.0 content and attribute values.
enum XMLText {
    /// Escapes markup characters and line breaks (so attributes keep them), and replaces characters
    /// XML 1.0 forbids (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF) with U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
