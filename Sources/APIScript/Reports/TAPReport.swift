import APIClient
import APIMapping

/// A TAP (Test Anything Protocol, version 13) report of a run: one test point per request, a
/// YAML block with the failure's type and message (and a business error's catalogued name and
/// action) under each `not ok`, and `# SKIP` for requests that did not run. A run stopped by a
/// signal or its time limit ends with `Bail out!` after the points it reached, so `prove` and
/// every TAP reader count it as failed.
///
/// ```
/// TAP version 13
/// 1..3
/// # smoke.apx: failed
/// ok 1 - smoke.apx:3 user
/// not ok 2 - smoke.apx:5 login
///   ---
///   type: "business-failure"
///   message: "expected success, got business-failure (HTTP 200, status 40013, \"token expired\")"
///   ...
/// ok 3 - smoke.apx:7 user # SKIP not run: the script stopped at line 5
/// ```
package struct TAPReport: Sendable {
    /// The results, in suite order.
    package let results: [ScriptUnitResult]
    /// Why the run stopped early, if it did.
    package let stop: RunStop?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - results: The results, in suite order.
    ///   - stop: Why the run stopped early (a signal, its time limit); `nil` when it ran to the end.
    package init(results: [ScriptUnitResult], stop: RunStop? = nil) {
        self.results = results
        self.stop = stop
    }

    /// The report as TAP text.
    package var text: String {
        let suites = results.map { ($0, $0.testCases(stop: stop)) }
        var lines = ["TAP version 13", "1..\(suites.reduce(0) { $0 + $1.1.count })"]
        var number = 0
        for (result, cases) in suites {
            // What a stop left unrun is not a test point: the bail-out says why the rest is missing.
            if let stop, result.verdict == .interrupted {
                lines.append("# \(Self.line(result.unit.name)): \(result.verdict.rawValue)")
                for testCase in cases where testCase.type != stop.caseType {
                    number += 1
                    lines += Self.point(testCase, number: number)
                }
                continue
            }
            lines.append("# \(Self.line(result.unit.name)): \(result.verdict.rawValue)")
            for testCase in cases {
                number += 1
                lines += Self.point(testCase, number: number)
            }
        }
        if let stop {
            let finished = results.count { $0.verdict != .interrupted }
            lines.append(
                "Bail out! \(Self.line(stop.description)): \(finished) of \(results.count) script runs finished")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One test point, with its YAML block when it failed.
    private static func point(_ testCase: ScriptTestCase, number: Int) -> [String] {
        let description = Self.description(testCase.name)
        switch testCase.verdict {
        case .passed:
            return ["ok \(number) - \(description)"]
        case .skipped:
            return ["ok \(number) - \(description) # SKIP \(Self.line(testCase.skipReason ?? "skipped"))"]
        case .failed, .error:
            var lines = [
                "not ok \(number) - \(description)", "  ---", "  type: \(Self.yamlString(testCase.type ?? ""))",
                "  message: \(Self.yamlString(testCase.message ?? ""))", "  file: \(Self.yamlString(testCase.file))",
                "  line: \(testCase.line)",
            ]
            if let status = testCase.httpStatus { lines.append("  http_status: \(status)") }
            if let status = testCase.businessStatus {
                lines.append("  business_status: \(Self.yamlString(status.stringValue ?? status.jsonText()))")
            }
            if let error = testCase.businessError {
                lines.append("  business_error: \(Self.yamlString(error.name ?? "uncatalogued"))")
                if error.catalogued {
                    lines.append("  business_error_action: \(Self.yamlString(error.action.rawValue))")
                }
            }
            lines.append("  ...")
            return lines
        }
    }

    /// A description: one line, `#` escaped so it does not start a directive.
    private static func description(_ text: String) -> String {
        line(text).replacingOccurrences("\\", with: "\\\\").replacingOccurrences("#", with: "\\#")
    }

    /// Text on one line: line breaks and other control characters become spaces.
    private static func line(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    /// A double-quoted YAML string (JSON's escapes are YAML's).
    private static func yamlString(_ text: String) -> String {
        JSONValue.string(text).jsonText()
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
