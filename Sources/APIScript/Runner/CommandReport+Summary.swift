import APIClient
import APIHTTP
import APIMapping

extension CommandReport {
    /// The report as a few plain lines, for places with no room for JSON (the TUI's `:` line):
    /// a verdict mark, the source, and what the command found or why it failed.
    ///
    /// ```swift
    /// report.summary   // "✓ call user: 200 OK, success, tip \"成功\" (#12)"
    /// ```
    package var summary: String {
        var lines = ["\(passed ? "✓" : "✗") \(source)" + (headline.map { ": \($0)" } ?? "")]
        lines += calls.map { "  " + $0.summary }
        lines += failures.map { "  " + $0.message }
        if let scriptError { lines.append("  " + scriptError.description) }
        return lines.joined(separator: "\n")
    }

    /// The one-line result: the exchange, the transport error, the probed or captured value, or
    /// the history rows.
    private var headline: String? {
        if let exchange {
            let evaluation = exchange.evaluation
            var parts = ["\(exchange.response.status) \(exchange.response.reason)", evaluation.outcome.rawValue]
            if let error = exchange.businessError { parts.append("error \(error)") }
            if let tip = evaluation.tip { parts.append("tip " + JSONValue.string(tip).jsonText()) }
            parts += exchange.deliveryNotes().map { "\($0.label) \($0.value)" }
            return parts.joined(separator: ", ") + (historyID.map { " (#\($0))" } ?? "")
        }
        if let transportError { return transportError.description }
        if let value = details.first(where: { $0.key == "value" })?.value {
            return Self.excerpt(JSONDocument(value).root, limit: 160)
        }
        if let entries = details.first(where: { $0.key == "entries" })?.value.arrayValue {
            return "\(entries.count) exchange\(entries.count == 1 ? "" : "s")"
                + (entries.first?.objectValue?["id"].map { ", newest #\($0.jsonText())" } ?? "")
        }
        return nil
    }
}
