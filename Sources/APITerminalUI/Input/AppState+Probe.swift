package import APIMapping
import Foundation

extension AppState {
    /// The matches of a probe over a root: a `$…` JSONPath query or a profile path.
    ///
    /// - Throws: ``PathSyntaxError`` for a line that does not parse; ``JSONPathEvaluationError``
    ///   when a query produces too many nodes or its task is cancelled.
    static func probeMatches(_ text: String, in root: JSONNode) throws -> [JSONMatch] {
        if text.hasPrefix("$") { return try JSONPath(text).select(in: root) }
        return try ProfilePath(text).match(in: root).map { [$0] } ?? []
    }

    /// What a probe error says, as one line of text.
    static func message(_ error: any Error) -> String {
        let text: String
        switch error {
        // Its other lines repeat the path under a caret: the probe line above already shows the path.
        case let error as PathSyntaxError: text = String(error.description.prefix { $0 != "\n" })
        case let error as JSONPathEvaluationError: text = error.description
        default: text = String(describing: error)
        }
        // One line on the info line: our own line breaks become separators, not `\u000a` escapes.
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " · ")
    }

    /// Asks for the probe line to be evaluated off the key loop (a JSONPath over a large model can take
    /// a while, and Esc must still be read); an evaluation still running is cancelled. The line's
    /// own messages (no model, empty line) are shown at once.
    mutating func requestProbe() -> [AppEffect] {
        var effects = cancelProbe()
        guard tree != nil, !probe.text.isEmpty else {
            evaluateProbe()
            return effects
        }
        probe.generation += 1
        probe.pending = probe.generation
        probe.result = "evaluating…"
        probe.isError = false
        effects.append(.evaluateProbe(id: probe.generation, text: probe.text))
        return effects
    }

    /// Cancels the running probe evaluation, if there is one.
    mutating func cancelProbe() -> [AppEffect] {
        guard let id = probe.pending else { return [] }
        probe.pending = nil
        probe.result = "cancelled"
        probe.isError = true
        return [.cancelProbe(id: id)]
    }

    /// What evaluating `text` over `root` gives; the runtimes call this off the key loop.
    ///
    /// - Parameters:
    ///   - text: The probe line: a `$…` JSONPath query or a profile path.
    ///   - root: The shown model, if any.
    /// - Returns: The matches, or why there are none.
    package static func probeOutcome(_ text: String, in root: JSONNode?) -> ProbeOutcome {
        guard let root else { return .failed("no model to probe") }
        do {
            let matches = try probeMatches(text, in: root)
            return Task.isCancelled ? .cancelled : .matches(matches)
        } catch {
            return Task.isCancelled ? .cancelled : .failed(message(error))
        }
    }

    /// Applies the answer of the evaluation ``requestProbe()`` asked for; older answers are ignored.
    mutating func applyProbe(id: Int, outcome: ProbeOutcome) {
        guard probe.pending == id else { return }
        probe.pending = nil
        switch outcome {
        case .matches(let matches):
            showProbe(matches)
        case .failed(let message):
            probe.matches = []
            probe.result = message
            probe.isError = true
        case .cancelled:
            probe.matches = []
            probe.result = "cancelled"
            probe.isError = true
        }
    }

    /// Evaluates the probe line over the model: highlights matches, moves the cursor to the first one.
    mutating func evaluateProbe() {
        guard let tree else {
            probe.result = "no model to probe"
            probe.isError = true
            return
        }
        probe.matches = []
        probe.isError = false
        guard !probe.text.isEmpty else {
            probe.result = "type a profile path (data>name) or a JSONPath ($.data.name)"
            return
        }
        let matches: [JSONMatch]
        do {
            matches = try Self.probeMatches(probe.text, in: tree.root)
        } catch {
            probe.result = Self.message(error)
            probe.isError = true
            return
        }
        showProbe(matches)
    }

    /// Highlights matches and moves the cursor to the first one.
    mutating func showProbe(_ matches: [JSONMatch]) {
        guard var tree else { return }
        probe.isError = false
        probe.matches = Set(matches.prefix(10_000).map(\.node.index))
        if let first = matches.first {
            tree.reveal(first.location, viewHeight: modelHeight)
            self.tree = tree
            let count = matches.count == 1 ? "" : "\(matches.count) matches, first "
            probe.result = "= " + count + JSONSummary.compact(first.node)
        } else {
            probe.result = "no match"
            probe.isError = true
        }
    }

    /// Pins the probe as a watch of the shown endpoint.
    mutating func pinProbe() {
        guard let endpoint = exchange?.endpoint, !probe.text.isEmpty else { return }
        var list = watches[endpoint] ?? []
        if !list.contains(probe.text) { list.append(probe.text) }
        watches[endpoint] = list
        watchResults = list.map { ($0, evaluateWatch($0)) }
        message = "watching \(probe.text) on \(endpoint)"
    }

    /// A watch's value over the shown model, as one line.
    func evaluateWatch(_ text: String) -> String {
        guard let root = tree?.root else { return "(no model)" }
        do {
            let matches = try Self.probeMatches(text, in: root)
            guard let first = matches.first else { return "(no match)" }
            return matches.count == 1
                ? JSONSummary.compact(first.node, limit: 60)
                : "\(matches.count) matches, first " + JSONSummary.compact(first.node, limit: 60)
        } catch {
            return "(\(Self.message(error)))"
        }
    }
}
