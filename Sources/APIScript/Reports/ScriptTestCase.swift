package import APIClient
import APIHTTP
package import APIMapping

/// One test case of a report: a request (a `call`, a raw request, a `zip` member or a `replay`)
/// with the expectations that checked its response; or a command that failed on its own (a
/// `repeat` that timed out, a `use` naming no profile).
///
/// ```swift
/// for testCase in unitResult.testCases {
///     print(testCase.name, testCase.verdict, testCase.type ?? "")
///     // smoke.apx:5 login  failed  business-failure
/// }
/// ```
package struct ScriptTestCase: Sendable {
    /// How a case ended.
    package enum Verdict: String, Sendable {
        /// The request got a response and every expectation held.
        case passed
        /// An expectation did not hold (including the outcome a profile expects by default).
        case failed
        /// No response, or the command could not run.
        case error
        /// Not run: the script stopped before it, or a `skip` line or `only` elsewhere left it out.
        case skipped
    }

    /// `FILE[row N]:LINE ENDPOINT`, then `(attempt N)` inside a `repeat`.
    package let name: String
    /// The unit's name: the file, with the row in a data-driven run.
    package let suite: String
    /// The script file.
    package let file: String
    /// The command's line.
    package let line: Int
    /// The endpoint (or `METHOD /path`) the request went to, when known.
    package let endpoint: String?
    /// How the case ended.
    package private(set) var verdict: Verdict = .passed
    /// What failed, for reports: `http-failure`, `business-failure`, `transport`, `timeout` (a
    /// time limit ran out: the request's, the script's or the run's), `interrupted` (a signal
    /// stopped the run before the request), `expectation` or `script`; `nil` when the case passed
    /// or was skipped.
    package private(set) var type: String?
    /// Each failure, as a sentence, secrets masked.
    package private(set) var messages: [String] = []
    /// Why the case was skipped.
    package private(set) var skipReason: String?
    /// The response time.
    package let duration: Duration?
    /// The HTTP status, when a response came.
    package let httpStatus: Int?
    /// The business status, when the envelope has one.
    package let businessStatus: JSONValue?
    /// The API's tip, secrets masked.
    package let tip: String?
    /// The business error as the profile's `errors:` catalogue names it (name, action), or the
    /// uncatalogued code; `nil` for a success or no response.
    package let businessError: BusinessError?
    /// The attempt of each enclosing `repeat`, outermost first; empty outside one.
    package let attempt: [Int]
    /// Whether the request got no response because it was cancelled (a stop cut it off).
    private(set) var cancelledByStop = false

    /// What a request command names as written: `user` of `call user id=1`, `/x` of `get /x`.
    private static func target(of source: String) -> String? {
        source.split(separator: " ").dropFirst().first.map(String.init)
    }

    /// The command words that send a request, each of which is a test case.
    static let requestCommands: Set<String> = ["call", "get", "post", "put", "patch", "delete", "replay"]

    /// The business error in words, for reports: `error token_expired (40013, action reauth)`,
    /// `error 40099 (uncatalogued)`; `nil` without one.
    package var businessErrorText: String? {
        guard let error = businessError else { return nil }
        guard let name = error.name else { return "error \(error.code) (uncatalogued)" }
        return "error \(name) (\(error.code), action \(error.action.rawValue))"
    }

    /// The failures joined into one line, for a report's `message` attribute.
    package var message: String? { messages.isEmpty ? skipReason : messages.joined(separator: "; ") }

    init(report: CommandReport, unit: ScriptRunUnit) {
        let redaction = report.secretRedaction
        // A request names its endpoint; a command failing on its own (a `repeat`, a `use`) its command word.
        let endpoint =
            report.exchange?.endpointID
            ?? (Self.requestCommands.contains(report.command) ? Self.target(of: report.source) : nil)
        self.name =
            "\(unit.name):\(report.line)" + (endpoint.map { " \($0)" } ?? " \(report.command)")
            + Self.attemptSuffix(report.attempt)
        self.suite = unit.name
        self.file = unit.file
        self.line = report.line
        self.endpoint = endpoint
        let response = report.exchange?.response
        duration = response?.timing.total
        httpStatus = response?.status
        businessStatus = report.exchange?.evaluation.status?.node.value
        tip = report.exchange?.evaluation.tip.map(redaction.redact(text:))
        // For a flag-only envelope the code is the tip: masked like it.
        businessError = report.exchange?.businessError.map { error in
            var masked = error
            masked.code = redaction.redact(text: error.code)
            return masked
        }
        attempt = report.attempt
        absorb(report)
    }

    /// ` (attempt 2)`, ` (attempt 2.3)` in nested repeats, or nothing outside a `repeat`.
    static func attemptSuffix(_ attempt: [Int]) -> String {
        attempt.isEmpty ? "" : " (attempt \(attempt.map(String.init).joined(separator: ".")))"
    }

    init(skipped command: ScriptCommand, unit: ScriptRunUnit, reason: String) {
        let endpoint = Self.target(of: command.source)
        name = "\(unit.name):\(command.line)" + (endpoint.map { " \($0)" } ?? "")
        suite = unit.name
        file = unit.file
        line = command.line
        self.endpoint = endpoint
        verdict = .skipped
        skipReason = reason
        duration = nil
        httpStatus = nil
        businessStatus = nil
        tip = nil
        businessError = nil
        attempt = []
    }

    /// A case the run never got to because it was stopped: an error of `type` (`interrupted` or
    /// `timeout`), so no reader counts a stopped run as passed.
    init(unrun command: ScriptCommand?, line: Int, unit: ScriptRunUnit, type: String, message: String) {
        let endpoint = command.flatMap { Self.target(of: $0.source) }
        name = "\(unit.name):\(line)" + (endpoint.map { " \($0)" } ?? " \(type)")
        suite = unit.name
        file = unit.file
        self.line = line
        self.endpoint = endpoint
        duration = nil
        httpStatus = nil
        businessStatus = nil
        tip = nil
        businessError = nil
        attempt = []
        settle(.error, type: type, message)
    }

    /// Adds what a report found: its failures, its transport or script error.
    mutating func absorb(_ report: CommandReport) {
        let redaction = report.secretRedaction
        if let error = report.transportError {
            settle(.error, type: error.isTimeout ? "timeout" : "transport", redaction.redact(text: error.description))
            if error.kind == .cancelled { cancelledByStop = true }
        }
        if let error = report.scriptError {
            settle(.error, type: "script", redaction.redact(text: error.description))
        }
        for failure in report.failures {
            let type =
                switch failure.kind {
                case .businessFailure: "business-failure"
                case .httpFailure: "http-failure"
                case .expectation: "expectation"
                }
            settle(.failed, type: type, redaction.redact(text: failure.message))
        }
    }

    /// Names what really stopped a request that was cancelled: the run's or the script's stop.
    mutating func restate(type: String, _ message: String) {
        self.type = type
        messages.append(message)
    }

    /// Records a failure; an error outranks a failure, and the first kind of failure names the case
    /// unless a business or HTTP failure comes later (what the API said outranks what it meant).
    private mutating func settle(_ verdict: Verdict, type: String, _ message: String) {
        messages.append(message)
        switch (self.verdict, verdict) {
        case (.error, _): return
        case (_, .error), (.passed, _):
            self.verdict = verdict
            self.type = type
        default:
            if self.type == "expectation" && type != "expectation" { self.type = type }
        }
    }
}

extension ScriptUnitResult {
    /// The unit's test cases, in script order: one per request, with the expectations after it
    /// folded in, then the requests the run never reached, skipped.
    package var testCases: [ScriptTestCase] { testCases(stop: nil) }

    /// The unit's test cases, in script order: one per request, with the expectations after it
    /// folded in, then the requests the run never reached.
    ///
    /// Requests a `skip` line or a failure left out are skipped. Those a stop left out (the
    /// script's time limit, the run's, or a signal) are errors of type `timeout` or `interrupted`,
    /// and so is the request the stop cut off; a unit stopped past its last request gets one such
    /// case of its own, so a stopped unit is never read as passed.
    ///
    /// - Parameter stop: Why the run stopped early, for the message of cases it left unrun.
    package func testCases(stop: RunStop?) -> [ScriptTestCase] {
        if let keptCases { return keptCases }
        var cases: [ScriptTestCase] = []
        var current: Int?
        for report in reports {
            if !report.calls.isEmpty {
                for call in report.calls { cases.append(ScriptTestCase(report: call, unit: unit)) }
                current = cases.count - 1
                if report.scriptError != nil { cases[cases.count - 1].absorb(report) }
            } else if Self.requestCommands.contains(report.command) {
                cases.append(ScriptTestCase(report: report, unit: unit))
                current = cases.count - 1
            } else if let index = current, Self.checkCommands.contains(report.command) {
                cases[index].absorb(report)
            } else if !report.passed {
                cases.append(ScriptTestCase(report: report, unit: unit))
            }
        }
        let reached = reports.map(\.line).max() ?? 0
        // Why the rest did not run, when something stopped the unit from outside.
        let stopped: (type: String, message: String)? =
            if let limit = result.timeLimit {
                (
                    "timeout",
                    "the script's time limit (\(DurationText.text(milliseconds: Int64((limit / .milliseconds(1)).rounded())))) "
                        + "was reached"
                )
            } else if verdict == .interrupted {
                (stop?.caseType ?? "interrupted", stop?.description ?? "the run was interrupted")
            } else {
                nil
            }
        if let stopped {
            // The request in flight when the unit was stopped was cancelled by the stop, not by the API.
            for index in cases.indices where cases[index].type == "transport" && cases[index].cancelledByStop {
                cases[index].restate(type: stopped.type, "stopped: " + stopped.message)
            }
            var unrun: [ScriptTestCase] = []
            for command in unit.script.commands where command.line > reached {
                let calls: [ScriptCommand] =
                    if case .zip(let calls) = command.action { calls } else if command.sendsRequest { [command] } else {
                        []
                    }
                unrun += calls.map {
                    ScriptTestCase(
                        unrun: $0, line: $0.line, unit: unit, type: stopped.type, message: "not run: " + stopped.message
                    )
                }
            }
            if unrun.isEmpty && !cases.contains(where: { $0.type == stopped.type }) {
                unrun.append(
                    ScriptTestCase(
                        unrun: nil, line: max(reached, 1), unit: unit, type: stopped.type,
                        message: "stopped: " + stopped.message))
            }
            return cases + unrun
        }
        let reason =
            result.skipReason
            ?? (verdict == .failed ? "not run: the script stopped at line \(reports.last?.line ?? 0)" : nil)
        if let reason {
            for command in unit.script.commands where command.line > reached {
                if case .zip(let calls) = command.action {
                    cases += calls.map { ScriptTestCase(skipped: $0, unit: unit, reason: reason) }
                } else if command.sendsRequest {
                    cases.append(ScriptTestCase(skipped: command, unit: unit, reason: reason))
                }
            }
        }
        return cases
    }

    private static let requestCommands = ScriptTestCase.requestCommands
    private static let checkCommands: Set<String> = ["expect", "probe", "capture"]
}
