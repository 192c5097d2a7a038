import APIMapping

extension AppState {
    /// Status: HTTP status and reason, business status, one badge per axis, duration, size, type, watches.
    func renderStatus(into screen: inout some Screen, rect: Rect) {
        screen.box(rect, title: "Status", focused: focus == .status)
        let left = rect.column + 2
        let limit = rect.right - 1
        var row = rect.row + 1
        // A value too long for the rest of its line goes on the next line when it fits there whole
        // (or the rest is very narrow); otherwise it wraps beside its label, at spaces when it can,
        // up to `maxLines` lines.
        func line(_ label: String, _ value: String, _ role: ColorRole, maxLines: Int = 3) {
            guard row < rect.bottom - 1 else { return }
            var x = screen.put(label, row: row, column: left, limit: limit, role: .dim)
            let width = DisplayWidth.of(value)
            if !label.isEmpty, width > limit - x, limit - x < 10 || width <= limit - left - 1 {
                row += 1
                x = left + 1
            }
            let pieces = TextWrap.lines(value, width: max(limit - x, 1))
            for (index, piece) in pieces.prefix(maxLines).enumerated() {
                guard row < rect.bottom - 1 else { return }
                let cut = index == maxLines - 1 && pieces.count > maxLines
                screen.put(cut ? piece + "…" : piece, row: row, column: x, limit: limit, role: role)
                row += 1
            }
        }
        guard let exchange else {
            line("", "no request yet", .dim)
            line("", "e: pick an endpoint", .dim)
            return
        }
        if exchange.method == SessionTerminalServices.storeMethod {
            line("store ", String(exchange.url.dropFirst("store:".count)), .title)
            line("", "from the model store,", .dim)
            line("", "no request sent", .dim)
            return
        }
        if let status = exchange.httpStatus {
            line("HTTP ", "\(status) \(exchange.reason)", (200..<300).contains(status) ? .success : .failure)
        } else if exchange.outcome == .cancelled {
            line("HTTP ", "cancelled", .warning)
        } else {
            line("HTTP ", "no response", .failure)
        }
        // Why no response came belongs here, with its kind; the Tip pane keeps the API's own words.
        if let kind = exchange.failureKind, exchange.outcome != .cancelled { line("error ", kind, .failure) }
        line("business ", exchange.businessStatus ?? "—", businessRole(exchange.business))
        if let name = exchange.businessError { line("error ", name, businessRole(exchange.business)) }
        guard row < rect.bottom - 1 else { return }
        let httpRole: ColorRole =
            exchange.httpStatus.map { (200..<300).contains($0) ? .success : .failure } ?? .failure
        let httpBadge = "[HTTP \(httpRole == .success ? "✓" : "✗")]"
        let businessBadge = "[BIZ \(businessMark(exchange.business))]"
        var x = screen.put(httpBadge, row: row, column: left, limit: limit, role: httpRole)
        // Each badge keeps its own colour; the second moves to the next line when the pane is narrow.
        if x + 1 + DisplayWidth.of(businessBadge) > limit, row + 1 < rect.bottom - 1 {
            row += 1
            x = left
        } else {
            x += 1
        }
        screen.put(businessBadge, row: row, column: x, limit: limit, role: businessRole(exchange.business))
        row += 1
        line("outcome ", exchange.outcome.rawValue, exchange.outcome.role)
        let duration = exchange.duration.map { masksVolatileValues ? "·· ms" : $0.displayText } ?? "—"
        if exchange.outcome == .cancelled {
            // A cancelled request has no time of its own to show: it says so, and how long it ran.
            let ran = exchange.duration.map { $0 > .zero } ?? false
            line("time ", ran ? "cancelled after \(duration)" : "cancelled", .warning)
        } else {
            line("time ", duration, .normal)
        }
        if let failure = exchange.failure {
            if !exchange.url.isEmpty { line("url ", exchange.url, .normal) }
            line("! ", failure, exchange.outcome == .cancelled ? .warning : .failure, maxLines: 6)
        } else {
            line("size ", ByteCountDisplay.text(exchange.size), .normal)
            // The parameters (`; charset=utf-8`) only when they fit: the Headers view has them all.
            var type = exchange.contentType ?? "—"
            if DisplayWidth.of(type) > limit - left - DisplayWidth.of("type "), let semicolon = type.firstIndex(of: ";")
            {
                type = String(type[..<semicolon])
            }
            line("type ", type, .normal)
        }
        if let media = exchange.media { line("body ", media, .normal) }
        if let page = exchange.page { line("page ", String(page.description.dropFirst("page ".count)), .normal) }
        for (label, value) in exchange.delivery { line(label, value, .normal) }
        if !exchange.modelPath.isEmpty { line("model ", exchange.modelPath, .key) }
        if let marker = shapeMarker { line("shape ", marker, .warning) }
        for note in exchange.notes { line("! ", note, .warning, maxLines: 6) }
        guard !watchResults.isEmpty, row < rect.bottom - 2 else { return }
        row += 1
        line("", "Watches", .title)
        for watch in watchResults {
            line("", watch.probe, .key)
            line("  = ", watch.value, .string)
        }
    }

    private func businessRole(_ verdict: EnvelopeEvaluation.BusinessVerdict) -> ColorRole {
        switch verdict {
        case .success: .success
        case .failure: .failure
        case .undetermined: .warning
        case .notApplicable: .dim
        }
    }

    private func businessMark(_ verdict: EnvelopeEvaluation.BusinessVerdict) -> String {
        switch verdict {
        case .success: "✓"
        case .failure: "✗"
        case .undetermined: "?"
        case .notApplicable: "n/a"
        }
    }

    /// Tip: the wrapped message, the failure, or the last command's output.
    func renderTip(into screen: inout some Screen, rect: Rect) {
        let title = commandOutput != nil ? "Output" : "Tip"
        screen.box(rect, title: title, focused: focus == .tip)
        let text: String
        let role: ColorRole
        if let commandOutput {
            (text, role) = (commandOutput, .normal)
        } else if let exchange {
            if let tip = exchange.tip {
                (text, role) = (tip, exchange.outcome == .success ? .normal : exchange.outcome.role)
            } else if let preview = exchange.textPreview {
                (text, role) = (preview, .dim)
            } else if exchange.outcome == .cancelled {
                (text, role) = ("(cancelled: no response)", .dim)
            } else if exchange.failure != nil {
                (text, role) = ("(no response: the Status pane says why)", .dim)
            } else {
                (text, role) = ("(no tip)", .dim)
            }
        } else {
            (text, role) = ("", .dim)
        }
        let lines = TextWrap.lines(text, width: rect.width - 4)
        for (offset, line) in lines.dropFirst(min(tipScroll, max(lines.count - 1, 0))).prefix(rect.height - 2)
            .enumerated()
        {
            screen.put(line, row: rect.row + 1 + offset, column: rect.column + 2, limit: rect.right - 1, role: role)
        }
    }
}
