import APIMapping
import Foundation

extension AppState {
    /// The matches of a probe over a root: a `$…` JSONPath query or a profile path.
    static func probeMatches(_ text: String, in root: JSONNode) throws(PathSyntaxError) -> [JSONMatch] {
        if text.hasPrefix("$") { return try JSONPath(text).select(in: root) }
        return try ProfilePath(text).match(in: root).map { [$0] } ?? []
    }

    /// Evaluates the probe line over the model: highlights matches, moves the cursor to the first one.
    mutating func evaluateProbe() {
        guard var tree else {
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
            probe.result = error.description
            probe.isError = true
            return
        }
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
            return "(\(error.description))"
        }
    }

    /// Tab in the probe: completes the last key from the node before it and from keys seen earlier.
    mutating func completeProbe() {
        guard let tree else { return }
        let isJSONPath = probe.text.hasPrefix("$")
        let separator: Character = isJSONPath ? "." : ">"
        let base: String
        let partial: String
        if let cut = lastSeparator(in: probe.text, separator: separator) {
            base = String(probe.text[..<cut])
            partial = String(probe.text[probe.text.index(after: cut)...])
        } else if isJSONPath {
            base = probe.text
            partial = ""
        } else {
            base = ""
            partial = probe.text
        }
        var candidates: [String] = []
        let baseMatch: [JSONMatch]
        do {
            baseMatch =
                base.isEmpty || base == "$"
                ? [JSONMatch(location: .root, node: tree.root)]
                : try Self.probeMatches(base, in: tree.root)
        } catch {
            probe.result = "cannot complete: \(error.description)"
            probe.isError = true
            return
        }
        if let location = baseMatch.first?.location { candidates = tree.keys(at: location) }
        for key in (seenKeys[exchange?.endpoint ?? ""] ?? []).sorted() where !candidates.contains(key) {
            candidates.append(key)
        }
        let fitting = candidates.filter { $0.hasPrefix(partial) && $0 != partial }
        guard let first = fitting.first else { return }
        var completion = fitting.dropFirst().reduce(first) { common, key in String(common.commonPrefix(with: key)) }
        if completion == partial { completion = first }
        let escaped = isJSONPath ? completion : ProfilePath.escaped(key: completion)
        let joiner = base.isEmpty && !isJSONPath ? "" : String(separator)
        probe.text = (isJSONPath && base.isEmpty ? "$" : base) + joiner + escaped
    }

    private func lastSeparator(in text: String, separator: Character) -> String.Index? {
        var found: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\\" {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if text[index] == separator { found = index }
            index = text.index(after: index)
        }
        return found
    }
}
