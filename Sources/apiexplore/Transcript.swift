import APIClient
import APIHTTP
import APIHistory
import APIMapping
import APIScript
import APITerminalUI
import Foundation

/// Prints command reports: one JSON object per line (the default), or a readable transcript
/// (`--pretty`), coloured when standard output is a terminal and `NO_COLOR` is not set.
struct Transcript {
    enum Style {
        case jsonLines
        case pretty(colors: TextColors)
    }

    let style: Style
    /// Whether each response's whole model is printed, not an excerpt.
    let verbose: Bool

    init(pretty: Bool, verbose: Bool = false) {
        style = pretty ? .pretty(colors: Terminal.outputColors) : .jsonLines
        self.verbose = verbose
    }

    /// Prints a report; in a suite, `unit` names the script run it belongs to (a `file` member
    /// and, in a data-driven run, `row` lead the JSON object).
    func print(_ report: CommandReport, unit: ScriptRunUnit? = nil) {
        // A server can echo a credential back in its body: the secrets of every request the report
        // sent are masked in what is printed, as they are in history.
        let redaction = report.secretRedaction
        switch style {
        case .jsonLines:
            var value = report.jsonValue
            if let unit { value = Self.leading(unit, value) }
            let model = verbose ? report.exchange?.evaluation.model?.node : nil
            if model != nil, case .object(var object) = value {
                object.append(key: "model", value: .string(ExchangeJSON.modelMarker))
                value = .object(object)
            }
            Terminal.writeJSON(JSONDocument(value).root, style: .compact, masking: redaction, splicing: model)
        case .pretty(let colors):
            Terminal.write(
                redaction.redact(text: lines(report, palette: Palette(colors: colors)).joined(separator: "\n")) + "\n")
        }
    }

    /// `{"file":…,"row":…}` followed by `value`'s members.
    static func leading(_ unit: ScriptRunUnit, _ value: JSONValue) -> JSONValue {
        var object = JSONObject()
        object.append(key: "file", value: .string(unit.file))
        if let row = unit.row { object.append(key: "row", value: .number(JSONNumber(row))) }
        for (key, member) in value.objectValue?.members ?? [] { object.append(key: key, value: member) }
        return .object(object)
    }

    func summary(_ status: ScriptExitStatus, commands: Int, failed: Int) {
        guard case .pretty(let colors) = style else { return }
        let palette = Palette(colors: colors)
        let verdict =
            status == .passed ? palette.green("passed") : palette.red("\(status) (exit \(status.rawValue))")
        Terminal.write("\n\(commands) commands, \(failed) failed: \(verdict)\n")
    }

    private func lines(_ report: CommandReport, palette: Palette, indent: String = "") -> [String] {
        let mark = report.passed ? palette.green("✓") : palette.red("✗")
        var lines = [
            "\(indent)\(mark) \(palette.dim(String(report.line).leftPadded(3)))  \(report.source.terminalSafe)"
        ]
        let detailIndent = indent + "        "
        if let exchange = report.exchange {
            let redaction = exchange.request.redaction
            for hop in exchange.response.redirects {
                let text = "\(hop.status) \(redaction.redact(url: hop.url)) → \(redaction.redact(url: hop.location))"
                lines.append(detailIndent + palette.dim("redirect ") + text.terminalSafe)
            }
            if let reason = exchange.response.unfollowedRedirect {
                lines.append(detailIndent + palette.yellow("redirect not followed: " + reason))
            }
            lines.append(detailIndent + exchangeLine(exchange, historyID: report.historyID, palette: palette))
            if let model = exchange.evaluation.model {
                let text =
                    verbose
                    ? model.node.jsonText(style: .pretty).replacingOccurrences(of: "\n", with: "\n" + detailIndent)
                    : CommandReport.excerpt(model.node, limit: 100)
                lines.append(detailIndent + palette.dim("model ") + text.terminalSafe)
            }
            if let problem = exchange.body.problem { lines.append(detailIndent + palette.yellow(problem.terminalSafe)) }
        }
        if let error = report.transportError {
            lines.append(detailIndent + palette.red("\(error.kind): ") + error.description.terminalSafe)
        }
        if let error = report.scriptError { lines.append(detailIndent + palette.red(error.description.terminalSafe)) }
        for (key, value) in report.details where ["value", "stopped_at"].contains(key) {
            lines.append(detailIndent + palette.dim(key == "value" ? "= " : "") + prettyValue(value))
        }
        for (key, value) in report.details where key == "entries" {
            for entry in value.arrayValue ?? [] {
                lines.append(detailIndent + Self.historyLine(entry, palette: palette))
            }
        }
        for (key, value) in report.details where ["stored", "history_error", "reauthenticated"].contains(key) {
            // The model store's counts read as a sentence: `stored users: 1 inserted, 0 updated, …`.
            let text =
                key == "stored" ? value.objectValue?["summary"]?.stringValue ?? value.jsonText() : value.jsonText()
            lines.append(detailIndent + palette.dim("\(key) ") + text.terminalSafe)
        }
        for call in report.calls { lines += self.lines(call, palette: palette, indent: indent + "    ") }
        for failure in report.failures { lines.append(detailIndent + palette.red(failure.message.terminalSafe)) }
        return lines
    }

    private func exchangeLine(_ exchange: APIExchange, historyID: Int64?, palette: Palette) -> String {
        let evaluation = exchange.evaluation
        let response = exchange.response
        var parts: [String] = []
        let http = "\(response.status) \(response.reason)"
        parts.append(evaluation.http.isSuccess ? palette.green(http) : palette.red(http))
        let outcome = evaluation.outcome.rawValue
        switch evaluation.outcome {
        case .success: parts.append(palette.green(outcome))
        case .businessFailure: parts.append(palette.yellow(outcome))
        default: parts.append(palette.red(outcome))
        }
        if let status = evaluation.status { parts.append("status \(status.node.value.jsonText())") }
        if let error = exchange.businessError { parts.append(palette.yellow("error \(error.name ?? "uncatalogued")")) }
        if let tip = evaluation.tip { parts.append("tip " + JSONValue.string(tip).jsonText()) }
        parts += exchange.deliveryNotes().map { "\($0.label) \($0.value)" }
        let (seconds, attoseconds) = response.timing.total.components
        parts.append(String(format: "%.1f ms", Double(seconds) * 1000 + Double(attoseconds) / 1e15))
        parts.append("\(response.body.count) B")
        if let historyID { parts.append(palette.dim("#\(historyID)")) }
        return parts.joined(separator: palette.dim(" · "))
    }

    /// One history row: `#12  2026-11-22T08:00:00Z  demo/user  200  success  "成功"`.
    static func historyLine(_ entry: JSONValue, palette: Palette) -> String {
        // Each field is sanitized before it is painted: the colour codes are ours, the text is not.
        let field = { (key: String) in entry.objectValue?[key] }
        var parts = [
            palette.dim("#\(field("id")?.jsonText() ?? "?")".terminalSafe),
            (field("date")?.stringValue ?? "").terminalSafe,
            ("\(field("profile")?.stringValue ?? "")"
                + (field("environment")?.stringValue.map { "@\($0)" } ?? "")
                + "/\(field("endpoint")?.stringValue ?? "")").terminalSafe,
            (field("http_status").map { $0 == .null ? "---" : $0.jsonText() } ?? "---").terminalSafe,
            outcome((field("outcome")?.stringValue ?? "").terminalSafe, palette: palette),
        ]
        if let name = field("business_error")?.stringValue { parts.append(name.terminalSafe) }
        if let tip = field("tip")?.stringValue { parts.append(JSONValue.string(tip).jsonText()) }
        // Who recorded it, where: `by ada@ci-runner-7`.
        let recorder = HistoryRecorder(
            user: field("recorded_by")?.stringValue, host: field("recorded_on")?.stringValue, tool: nil)
        if let who = recorder.label { parts.append(palette.dim("by " + who.terminalSafe)) }
        return parts.joined(separator: "  ")
    }

    /// An outcome in its colour: green for success, red for a failure, yellow for the rest.
    private static func outcome(_ text: String, palette: Palette) -> String {
        switch ExchangeOutcome(rawValue: text) {
        case .success?: palette.green(text)
        case .businessFailure?, .httpFailure?, .transportFailure?, .profileFailure?: palette.red(text)
        default: palette.yellow(text)
        }
    }

    private func prettyValue(_ value: JSONValue) -> String {
        let text = value.stringValue ?? value.jsonText(style: .pretty)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines.prefix(20).joined(separator: "\n        ")
        return (lines.count > 20 ? shown + "\n        … \(lines.count - 20) more lines" : shown).terminalSafe
    }
}

/// The few colours transcripts use, from the terminal's own capabilities (``TextColors``): plain
/// text off a terminal, with `NO_COLOR`, or on a terminal without colours.
struct Palette {
    let colors: TextColors

    func green(_ text: String) -> String { colors.paint(text, .success) }
    func red(_ text: String) -> String { colors.paint(text, .failure) }
    func yellow(_ text: String) -> String { colors.paint(text, .warning) }
    func dim(_ text: String) -> String { colors.paint(text, .dim) }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

extension Transcript {
    /// The line before a script's reports in a readable transcript: `── smoke.apx[row 3]`.
    func header(_ unit: ScriptRunUnit) {
        guard case .pretty(let colors) = style else { return }
        Terminal.write(Palette(colors: colors).dim("── ") + unit.name.terminalSafe + "\n")
    }

    /// The line after a script's reports: its verdict, commands, failures and time.
    func summary(_ result: ScriptUnitResult) {
        let failed = result.reports.count { !$0.passed }
        switch style {
        case .jsonLines:
            var summary = JSONObject()
            summary.append(key: "verdict", value: .string(result.verdict.rawValue))
            summary.append(key: "exit_status", value: .number(JSONNumber(Int(result.result.status.rawValue))))
            summary.append(key: "commands", value: .number(JSONNumber(result.reports.count)))
            summary.append(key: "failed", value: .number(JSONNumber(failed)))
            summary.append(key: "skip_reason", value: result.result.skipReason.map(JSONValue.string) ?? .null)
            summary.append(key: "duration_ms", value: .number(CommandReport.milliseconds(result.duration)))
            let value = Self.leading(result.unit, ["summary": .object(summary)])
            Terminal.writeJSON(JSONDocument(value).root, style: .compact)
        case .pretty(let colors):
            let palette = Palette(colors: colors)
            var parts = [
                Self.verdict(result.verdict, palette: palette), "\(result.reports.count) commands", "\(failed) failed",
                Self.milliseconds(result.duration),
            ]
            if let reason = result.result.skipReason { parts.append("skipped: " + reason.terminalSafe) }
            Terminal.write(
                "   \(result.unit.name.terminalSafe): " + parts.joined(separator: palette.dim(" · ")) + "\n\n")
        }
    }

    /// The run's last line: scripts passed, failed, skipped and interrupted, and the exit status
    /// (128 + the signal, or 3, when `stop` ended the run early).
    func total(_ tally: SuiteTally, duration: Duration, stop: RunStop? = nil) {
        let status = tally.status
        let exitStatus = stop?.exitStatus ?? status.rawValue
        switch style {
        case .jsonLines:
            var total = JSONObject()
            total.append(key: "scripts", value: .number(JSONNumber(tally.count)))
            total.append(key: "passed", value: .number(JSONNumber(tally.passed)))
            total.append(key: "failed", value: .number(JSONNumber(tally.failed)))
            total.append(key: "skipped", value: .number(JSONNumber(tally.skipped)))
            total.append(key: "interrupted", value: .number(JSONNumber(tally.interrupted)))
            total.append(key: "stopped", value: stop.map { .string($0.description) } ?? .null)
            total.append(key: "exit_status", value: .number(JSONNumber(Int(exitStatus))))
            total.append(key: "duration_ms", value: .number(CommandReport.milliseconds(duration)))
            Terminal.writeJSON(JSONDocument(["total": .object(total)]).root, style: .compact)
        case .pretty(let colors):
            let palette = Palette(colors: colors)
            let verdict =
                if let stop {
                    palette.red("\(stop) (exit \(exitStatus))")
                } else {
                    status == .passed ? palette.green("passed") : palette.red("\(status) (exit \(status.rawValue))")
                }
            Terminal.write(
                "\(tally.passed) passed, \(tally.failed) failed, \(tally.skipped) skipped"
                    + (stop == nil ? " " : ", \(tally.interrupted) interrupted ")
                    + "(\(tally.count) scripts, \(Self.milliseconds(duration))): \(verdict)\n")
        }
    }

    /// Per endpoint: count, p50, p95 and max response times.
    func timings(_ statistics: ExchangeStatistics) {
        switch style {
        case .jsonLines:
            Terminal.writeJSON(JSONDocument(["timings": statistics.jsonValue]).root, style: .compact)
        case .pretty:
            Terminal.write("\n" + Self.latencyTable(statistics.rows + [statistics.total]) + "\n")
        }
    }

    /// A latency table: endpoint, count, p50, p95, p99 and max in milliseconds.
    static func latencyTable(_ rows: [ExchangeStatistics.Row]) -> String {
        let width = max(8, rows.map(\.endpoint.count).max() ?? 0)
        let header =
            "endpoint".padding(toLength: width, withPad: " ", startingAt: 0)
            + "   count     p50 ms     p95 ms     p99 ms     max ms"
        let lines = rows.map { row in
            row.endpoint.terminalSafe.padding(toLength: width, withPad: " ", startingAt: 0)
                + String(format: " %7d %10.2f %10.2f %10.2f %10.2f", row.count, row.p50, row.p95, row.p99, row.max)
        }
        return ([header] + lines).joined(separator: "\n")
    }

    static func verdict(_ verdict: ScriptUnitResult.Verdict, palette: Palette) -> String {
        switch verdict {
        case .passed: palette.green("passed")
        case .failed: palette.red("failed")
        case .skipped: palette.yellow("skipped")
        case .interrupted: palette.red("interrupted")
        }
    }

    static func milliseconds(_ duration: Duration) -> String {
        let value = CommandReport.milliseconds(duration).description
        return "\(value) ms"
    }
}
