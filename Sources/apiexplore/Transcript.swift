import APIClient
import APIMapping
import APIScript
import Foundation

/// Prints command reports: one JSON object per line (the default), or a readable transcript
/// (`--pretty`), coloured when standard output is a terminal and `NO_COLOR` is not set.
struct Transcript {
    enum Style {
        case jsonLines
        case pretty(color: Bool)
    }

    let style: Style

    init(pretty: Bool) {
        style = pretty ? .pretty(color: Terminal.colorEnabled) : .jsonLines
    }

    func print(_ report: CommandReport) {
        // A server can echo a credential back in its body: the secrets of every request the report
        // sent are masked in what is printed, as they are in history.
        let redaction = report.secretRedaction
        switch style {
        case .jsonLines:
            Terminal.writeJSON(JSONDocument(report.jsonValue).root, style: .compact, masking: redaction)
        case .pretty(let color):
            Terminal.write(
                redaction.redact(text: lines(report, palette: Palette(enabled: color)).joined(separator: "\n")) + "\n")
        }
    }

    func summary(_ status: ScriptExitStatus, commands: Int, failed: Int) {
        guard case .pretty(let color) = style else { return }
        let palette = Palette(enabled: color)
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
            lines.append(detailIndent + exchangeLine(exchange, historyID: report.historyID, palette: palette))
            if let model = exchange.evaluation.model {
                lines.append(detailIndent + palette.dim("model ") + CommandReport.excerpt(model.node, limit: 100))
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
        for (key, value) in report.details where key == "stored" || key == "history_error" {
            lines.append(detailIndent + palette.dim("\(key) ") + value.jsonText().terminalSafe)
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
        if let tip = evaluation.tip { parts.append("tip " + JSONValue.string(tip).jsonText()) }
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
            "\(field("profile")?.stringValue ?? "")/\(field("endpoint")?.stringValue ?? "")".terminalSafe,
            (field("http_status").map { $0 == .null ? "---" : $0.jsonText() } ?? "---").terminalSafe,
            (field("outcome")?.stringValue ?? "").terminalSafe,
        ]
        if let tip = field("tip")?.stringValue { parts.append(JSONValue.string(tip).jsonText()) }
        return parts.joined(separator: "  ")
    }

    private func prettyValue(_ value: JSONValue) -> String {
        let text = value.stringValue ?? value.jsonText(style: .pretty)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines.prefix(20).joined(separator: "\n        ")
        return (lines.count > 20 ? shown + "\n        … \(lines.count - 20) more lines" : shown).terminalSafe
    }
}

/// ANSI colours, or plain text when disabled.
struct Palette {
    let enabled: Bool

    func green(_ text: String) -> String { paint(text, "32") }
    func red(_ text: String) -> String { paint(text, "31") }
    func yellow(_ text: String) -> String { paint(text, "33") }
    func dim(_ text: String) -> String { paint(text, "2") }

    private func paint(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
