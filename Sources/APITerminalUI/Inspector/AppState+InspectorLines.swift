import APIClient
import APIHTTP
import APIMapping

/// One line of the headers, request or timing view: text runs with their colours.
struct InspectorLine: Sendable {
    var runs: [(text: String, role: ColorRole)]

    init(_ runs: [(text: String, role: ColorRole)]) { self.runs = runs }

    init(_ text: String, _ role: ColorRole = .normal) { runs = [(text, role)] }
}

extension AppState {
    /// The most request-body bytes the request view shows; the rest is counted, not drawn.
    static let requestBodyShown = 64 * 1024

    /// The lines of the headers, request or timing view (none for the model and raw views, which
    /// draw themselves); `width` is what a wrapped request body may use.
    func inspectorLines(width: Int) -> [InspectorLine] {
        guard let exchange else { return [] }
        if modelView == .diff { return diffLines(width: width) }
        guard let inspection = exchange.inspection else {
            let what = exchange.httpStatus == nil ? "no response arrived" : "not recorded"
            switch modelView {
            case .request:
                return [
                    InspectorLine("\(exchange.method) \(exchange.url)", .key), InspectorLine(""),
                    InspectorLine("headers and body: \(what)", .dim),
                ]
            case .headers, .timing:
                var lines = [InspectorLine("\(what)", .dim)]
                if modelView == .timing, let duration = exchange.duration {
                    lines.append(InspectorLine([("time until failure  ", .dim), (durationText(duration), .normal)]))
                }
                return lines
            case .model, .raw, .diff:
                return []
            }
        }
        switch modelView {
        case .headers: return headerLines(inspection, width: width)
        case .request: return requestLines(inspection, width: width)
        case .timing: return timingLines(inspection, width: width)
        case .model, .raw, .diff: return []
        }
    }

    /// `Name: value` on one line when it fits; otherwise the name, then the value wrapped under it,
    /// indented, so a long value (a URL, a cookie, a content type) is read whole, not cut mid-word.
    private func field(_ name: String, _ value: String, width: Int, role: ColorRole? = nil) -> [InspectorLine] {
        let line = InspectorLine([(name, role ?? .key), (": ", .dim), (value, role ?? .normal)])
        guard DisplayWidth.of(name) + 2 + DisplayWidth.of(value) > width, width > 8 else { return [line] }
        return [InspectorLine([(name, role ?? .key), (":", .dim)])]
            + TextWrap.lines(value, width: width - 2).map { InspectorLine([("  ", .normal), ($0, role ?? .normal)]) }
    }

    private func headerLines(_ inspection: ExchangeInspection, width: Int) -> [InspectorLine] {
        let role: ColorRole = (200..<400).contains(inspection.status) ? .success : .failure
        var lines = [InspectorLine(inspection.statusLine, role)]
        guard let headers = inspection.responseHeaders else {
            return lines + [InspectorLine("headers not recorded", .dim)]
        }
        var limited = 0
        for header in headers {
            let isLimit = ExchangeInspection.isRateLimitHeader(header.name)
            if isLimit { limited += 1 }
            lines += field(header.name, header.value, width: width, role: isLimit ? .warning : nil)
        }
        if headers.isEmpty { lines.append(InspectorLine("(no headers)", .dim)) }
        if limited > 0 {
            lines.append(InspectorLine(""))
            lines.append(InspectorLine("rate-limit headers highlighted (\(limited))", .warning))
        }
        if inspection.source == .history { lines.append(InspectorLine("from history, as stored (redacted)", .dim)) }
        return lines
    }

    private func requestLines(_ inspection: ExchangeInspection, width: Int) -> [InspectorLine] {
        var lines = [InspectorLine(inspection.method, .key)]
        lines += TextWrap.lines(inspection.url, width: max(width - 2, 1)).map {
            InspectorLine([("  ", .normal), ($0, .normal)])
        }
        if DisplayWidth.of(inspection.method) + 1 + DisplayWidth.of(inspection.url) <= width {
            lines = [InspectorLine([(inspection.method + " ", .key), (inspection.url, .normal)])]
        }
        for hop in inspection.redirects {
            lines += TextWrap.lines("redirect " + hop, width: max(width, 1)).map { InspectorLine($0, .dim) }
        }
        if let headers = inspection.requestHeaders {
            for header in headers { lines += field(header.name, header.value, width: width) }
            if headers.isEmpty { lines.append(InspectorLine("(no headers)", .dim)) }
        } else {
            lines.append(InspectorLine("headers not recorded", .dim))
        }
        lines.append(InspectorLine(""))
        guard let body = inspection.requestBody, !body.isEmpty else {
            lines.append(InspectorLine("(no body)", .dim))
            return lines
        }
        let label = inspection.requestBodyIsSummary ? "form (summary)" : "body \(ByteCountDisplay.text(body.count))"
        lines.append(InspectorLine(label, .title))
        let shown = String(decoding: body.prefix(Self.requestBodyShown), as: UTF8.self)
        for line in TextWrap.lines(shown, width: max(width, 1)) { lines.append(InspectorLine(line, .string)) }
        if body.count > Self.requestBodyShown {
            lines.append(InspectorLine("… \(ByteCountDisplay.text(body.count - Self.requestBodyShown)) more", .dim))
        }
        return lines
    }

    private func timingLines(_ inspection: ExchangeInspection, width: Int) -> [InspectorLine] {
        // Values line up in a column, moved left in a narrow pane so they stay visible.
        let column = min(22, max(width - 10, 10))
        func row(_ label: String, _ value: String?) -> InspectorLine {
            let padded = label + String(repeating: " ", count: max(column - label.count, 1))
            return InspectorLine([(padded, .dim), (value ?? "not recorded", value == nil ? .dim : .normal)])
        }
        var lines = [
            row("time to first byte", inspection.headersReceived.map { durationText($0) }),
            row("body transfer", transferText(inspection)),
            row("total", inspection.total.map { durationText($0) }),
            row("attempts", inspection.attempts.map(String.init)),
            row("served from cache", inspection.servedFromCache.map { $0 ? "yes (304)" : "no" }),
            row("protocol", inspection.httpVersion),
            row("body size", bodySizeText(inspection)),
        ]
        lines.append(InspectorLine(""))
        lines.append(
            InspectorLine("phases from the start of the request; first byte includes connect and TLS", .dim))
        if inspection.source == .history {
            lines.append(InspectorLine("from history: attempts and the cache are not stored", .dim))
        }
        return lines
    }

    private func transferText(_ inspection: ExchangeInspection) -> String? {
        guard let first = inspection.headersReceived, let total = inspection.total, total >= first else { return nil }
        return durationText(total - first)
    }

    func bodySizeText(_ inspection: ExchangeInspection) -> String {
        let size = ByteCountDisplay.text(inspection.receivedBodySize)
        guard inspection.body.count < inspection.receivedBodySize else { return size }
        return "\(size) (history kept \(ByteCountDisplay.text(inspection.body.count)))"
    }

    private func durationText(_ duration: Duration) -> String {
        masksVolatileValues ? "·· ms" : duration.displayText
    }
}
