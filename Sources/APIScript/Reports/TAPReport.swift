import APIClient
import APIMapping

/// A TAP (Test Anything Protocol, version 13) report of a run: one test point per request, a
/// YAML block with the failure's type and message (and a business error's catalogued name and
/// action) under each `not ok`, and `# SKIP` for requests that did not run.
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
public struct TAPReport: Sendable {
    /// The results, in suite order.
    public let results: [ScriptUnitResult]

    /// Creates a report.
    ///
    /// - Parameter results: The results, in suite order.
    public init(results: [ScriptUnitResult]) {
        self.results = results
    }

    /// The report as TAP text.
    public var text: String {
        let suites = results.map { ($0, $0.testCases) }
        var lines = ["TAP version 13", "1..\(suites.reduce(0) { $0 + $1.1.count })"]
        var number = 0
        for (result, cases) in suites {
            lines.append("# \(Self.line(result.unit.name)): \(result.verdict.rawValue)")
            for testCase in cases {
                number += 1
                let description = Self.description(testCase.name)
                switch testCase.verdict {
                case .passed:
                    lines.append("ok \(number) - \(description)")
                case .skipped:
                    lines.append("ok \(number) - \(description) # SKIP \(Self.line(testCase.skipReason ?? "skipped"))")
                case .failed, .error:
                    lines.append("not ok \(number) - \(description)")
                    lines.append("  ---")
                    lines.append("  type: \(Self.yamlString(testCase.type ?? ""))")
                    lines.append("  message: \(Self.yamlString(testCase.message ?? ""))")
                    lines.append("  file: \(Self.yamlString(testCase.file))")
                    lines.append("  line: \(testCase.line)")
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
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
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
