import APIClient
package import APIMapping

/// A JSON report of a run: a summary, then each script run with its test cases, and the latency
/// table when one was kept. The summary's `verdict` is `passed`, `failed`, or `interrupted` when a
/// signal or the run's time limit stopped it (`stopped` says which), and `exit_status` is the
/// process's. A business failure's case carries `business_error`: the code with the catalogued
/// name and action.
///
/// ```json
/// {"summary":{"verdict":"failed","exit_status":4,"stopped":null,"scripts":2,"passed":1,"failed":1,"skipped":0,
///   "interrupted":0,"cases":5,"case_failures":1,"duration_ms":41.2},
///  "scripts":[{"name":"smoke.apx","file":"smoke.apx","row":null,"verdict":"failed","exit_status":4,
///    "skip_reason":null,"duration_ms":12.1,"cases":[{"name":"smoke.apx:5 login","line":5,
///    "endpoint":"login","verdict":"failed","type":"business-failure","message":"…","http_status":200,
///    "business_status":40013,"tip":"token expired","duration_ms":2.9}]}]}
/// ```
package struct JSONRunReport: Sendable {
    /// The results, in suite order.
    package let results: [ScriptUnitResult]
    /// How long the whole run took.
    package let duration: Duration
    /// Latency and outcome counts, with `--timings`.
    package let statistics: ExchangeStatistics?
    /// Why the run stopped early, if it did.
    package let stop: RunStop?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - results: The results, in suite order.
    ///   - duration: How long the whole run took.
    ///   - statistics: Latency and outcome counts, when kept.
    ///   - stop: Why the run stopped early (a signal, its time limit); `nil` when it ran to the end.
    package init(
        results: [ScriptUnitResult], duration: Duration, statistics: ExchangeStatistics? = nil, stop: RunStop? = nil
    ) {
        self.results = results
        self.duration = duration
        self.statistics = statistics
        self.stop = stop
    }

    /// The report as a JSON value.
    package var jsonValue: JSONValue {
        let scripts = results.map { ($0, $0.testCases(stop: stop)) }
        let cases = scripts.flatMap(\.1)
        let status = results.map(\.result.status).max() ?? .passed
        var summary = JSONObject()
        summary.append(
            key: "verdict", value: .string(stop != nil ? "interrupted" : status == .passed ? "passed" : "failed"))
        summary.append(key: "exit_status", value: .number(JSONNumber(Int(stop?.exitStatus ?? status.rawValue))))
        summary.append(key: "stopped", value: stop.map { .string($0.description) } ?? .null)
        summary.append(key: "scripts", value: .number(JSONNumber(results.count)))
        for verdict in [ScriptUnitResult.Verdict.passed, .failed, .skipped, .interrupted] {
            summary.append(key: verdict.rawValue, value: .number(JSONNumber(results.count { $0.verdict == verdict })))
        }
        summary.append(key: "cases", value: .number(JSONNumber(cases.count)))
        summary.append(
            key: "case_failures",
            value: .number(JSONNumber(cases.count { $0.verdict == .failed || $0.verdict == .error })))
        summary.append(key: "duration_ms", value: .number(CommandReport.milliseconds(duration)))
        var object = JSONObject()
        object.append(key: "summary", value: .object(summary))
        object.append(key: "scripts", value: .array(scripts.map { Self.script($0.0, cases: $0.1) }))
        if let statistics { object.append(key: "timings", value: statistics.jsonValue) }
        return .object(object)
    }

    private static func script(_ result: ScriptUnitResult, cases: [ScriptTestCase]) -> JSONValue {
        var object = JSONObject()
        object.append(key: "name", value: .string(result.unit.name))
        object.append(key: "file", value: .string(result.unit.file))
        object.append(key: "row", value: result.unit.row.map { .number(JSONNumber($0)) } ?? .null)
        object.append(key: "verdict", value: .string(result.verdict.rawValue))
        object.append(key: "exit_status", value: .number(JSONNumber(Int(result.result.status.rawValue))))
        object.append(key: "skip_reason", value: result.result.skipReason.map(JSONValue.string) ?? .null)
        object.append(key: "duration_ms", value: .number(CommandReport.milliseconds(result.duration)))
        object.append(key: "cases", value: .array(cases.map(testCase)))
        return .object(object)
    }

    private static func testCase(_ testCase: ScriptTestCase) -> JSONValue {
        var object = JSONObject()
        object.append(key: "name", value: .string(testCase.name))
        object.append(key: "line", value: .number(JSONNumber(testCase.line)))
        object.append(key: "endpoint", value: testCase.endpoint.map(JSONValue.string) ?? .null)
        object.append(key: "verdict", value: .string(testCase.verdict.rawValue))
        object.append(key: "type", value: testCase.type.map(JSONValue.string) ?? .null)
        object.append(key: "message", value: testCase.message.map(JSONValue.string) ?? .null)
        object.append(key: "http_status", value: testCase.httpStatus.map { .number(JSONNumber($0)) } ?? .null)
        object.append(key: "business_status", value: testCase.businessStatus ?? .null)
        object.append(key: "tip", value: testCase.tip.map(JSONValue.string) ?? .null)
        object.append(key: "business_error", value: testCase.businessError?.jsonValue ?? .null)
        object.append(key: "attempt", value: testCase.attempt.last.map { .number(JSONNumber($0)) } ?? .null)
        object.append(
            key: "duration_ms", value: testCase.duration.map { .number(CommandReport.milliseconds($0)) } ?? .null)
        return .object(object)
    }
}
