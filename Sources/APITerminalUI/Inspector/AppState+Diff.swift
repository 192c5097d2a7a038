import APIMapping

extension AppState {
    /// The load the Diff view or the tree's diff marks need: when either shows an exchange not compared yet.
    mutating func diffLoadIfNeeded() -> [AppEffect] {
        guard modelView == .diff || diffView.marksTree, let exchange, diffView.outcome == nil, diffView.pending == nil
        else { return [] }
        // No response, no row to compare: the endpoint's newest row would be an older exchange.
        guard exchange.httpStatus != nil else {
            diffView.outcome = .unavailable("no response to compare: \(exchange.endpoint) got none this time")
            return []
        }
        let id = diffView.nextID
        diffView.nextID += 1
        diffView.pending = id
        return [.loadDiff(id: id, endpoint: exchange.endpoint, historyID: shownHistoryID)]
    }

    /// A comparison arrived; one for an exchange no longer shown is dropped.
    mutating func diffLoaded(id: Int, _ outcome: ExchangeDiffOutcome) {
        guard diffView.pending == id else { return }
        diffView.pending = nil
        diffView.outcome = outcome
        diffView.placeMarks()
    }

    /// `:view diff [all]`: the Diff view, volatile changes listed with `all`, counted otherwise.
    mutating func chooseDiffView(_ words: ArraySlice<String>) {
        guard words.count <= 1, words.allSatisfy({ $0 == "all" }) else {
            message = "usage: :view diff [all]"
            return
        }
        diffView.showsVolatile = words.first == "all"
        diffView.placeMarks()
        // Back in the Model view, the tree shows the same changes.
        diffView.marksTree = true
        inspectorTop = 0
        switchModelView(to: .diff)
    }

    /// The Diff view's lines: what it compares, one line per change (mark, path, identity, old → new),
    /// then the count of volatile changes left out and why.
    func diffLines(width: Int) -> [InspectorLine] {
        guard let exchange else { return [] }
        guard let outcome = diffView.outcome else {
            return [InspectorLine("comparing with the previous exchange of \(exchange.endpoint)…", .dim)]
        }
        guard case .compared(let comparison) = outcome else {
            if case .unavailable(let why) = outcome { return [InspectorLine(why, .dim)] }
            return []
        }
        let diff = comparison.diff
        let labels: [(text: String, role: ColorRole)] = [
            (comparison.newLabel, .title), (" against ", .dim), (comparison.oldLabel, .title),
        ]
        let whose = "the previous exchange of \(exchange.endpoint)"
        let labelsWidth = labels.reduce(0) { $0 + DisplayWidth.of($1.text) }
        var lines =
            labelsWidth + 2 + DisplayWidth.of(whose) <= width
            ? [InspectorLine(labels + [(", " + whose, .dim)])]
            : [InspectorLine(labels + [(",", .dim)])]
                + TextWrap.lines(whose, width: max(width, 1)).map {
                    InspectorLine($0, .dim)
                }
        var listed = 0
        for change in diff.changes where diffView.showsVolatile || !change.isVolatile {
            listed += 1
            lines += diffLines(change, width: width)
        }
        if diff.significantCount == 0 {
            lines.append(InspectorLine(diff.isComplete ? "no changes" : "no changes found", .success))
        }
        for note in diff.notes { lines.append(InspectorLine("note: " + TerminalSanitizer.sanitize(note), .warning)) }
        lines.append(InspectorLine(""))
        for line in TextWrap.lines(diffSummary(comparison, listed: listed), width: max(width, 1)) {
            lines.append(InspectorLine(line, .dim))
        }
        return lines
    }

    /// One change on one line when it fits: the values get what the line has left after the mark
    /// and the path (half each for `old → new`), at least 8 characters. When they would not fit a
    /// narrow pane, the values go on a second, indented line of their own; the pane clips the rest.
    private func diffLines(_ change: JSONChange, width: Int) -> [InspectorLine] {
        // The mark tells the kinds apart without colour (the mono theme); the role adds colour.
        let role: ColorRole = change.isVolatile ? .dim : change.kind.role
        var head: [(text: String, role: ColorRole)] = [
            (change.kind.mark + " ", role), (change.pathText, change.isVolatile ? .dim : .key),
        ]
        if let identity = change.identityText() { head.append((" [" + identity + "]", .dim)) }
        let headWidth = head.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let oneLine = head + diffTail(change, role: role, room: width - headWidth)
        guard oneLine.reduce(0, { $0 + DisplayWidth.of($1.text) }) > width, width - headWidth < 24 else {
            return [InspectorLine(oneLine)]
        }
        let indent = "    "
        var tail = diffTail(change, role: role, room: width - indent.count)
        if let first = tail.first, first.text == ": " {
            tail.removeFirst()
        } else if let first = tail.first, first.text.hasPrefix(" ") {
            tail[0].text = String(first.text.dropFirst())
        }
        return [InspectorLine(head), InspectorLine([(indent, .normal)] + tail)]
    }

    /// What follows the path: `: value`, `: old → new`, ` moved from PATH`, then `(volatile)`.
    private func diffTail(_ change: JSONChange, role: ColorRole, room: Int) -> [(text: String, role: ColorRole)] {
        let rest = room - 2
        let valueLimit = max(change.kind == .changed ? (rest - 3) / 2 : rest, 8)
        var runs: [(text: String, role: ColorRole)] = []
        switch change.kind {
        case .added:
            runs.append((": ", .dim))
            runs.append((JSONChange.excerpt(change.new, limit: valueLimit), role))
        case .removed:
            runs.append((": ", .dim))
            runs.append((JSONChange.excerpt(change.old, limit: valueLimit), role))
        case .changed:
            runs.append((": ", .dim))
            runs.append((JSONChange.excerpt(change.old, limit: valueLimit), change.isVolatile ? .dim : .failure))
            runs.append((" → ", .dim))
            runs.append((JSONChange.excerpt(change.new, limit: valueLimit), change.isVolatile ? .dim : .success))
        case .moved:
            let from = change.oldLocation.map { $0.components.isEmpty ? "(root)" : $0.profilePath } ?? "?"
            runs.append((" moved from " + TerminalSanitizer.sanitize(from), .dim))
        }
        if change.isVolatile { runs.append(("  (volatile)", .dim)) }
        return runs
    }

    private func diffSummary(_ comparison: ExchangeDiff, listed: Int) -> String {
        let diff = comparison.diff
        var parts = ["\(diff.significantCount) change\(diff.significantCount == 1 ? "" : "s")"]
        let kept = diff.changes.count { !$0.isVolatile }
        if kept < diff.significantCount { parts.append("\(diff.significantCount - kept) not listed") }
        if diff.volatileCount > 0 {
            parts.append(
                "\(diff.volatileCount) volatile " + (diffView.showsVolatile ? "listed" : "hidden (:view diff all)"))
        }
        if !comparison.declared.isEmpty {
            parts.append("declared: " + comparison.declared.map(\.description).joined(separator: ", "))
        }
        if !comparison.detected.isEmpty {
            parts.append("detected: " + comparison.detected.map(\.description).joined(separator: ", "))
        }
        return TerminalSanitizer.sanitize(parts.joined(separator: " · "))
    }
}
