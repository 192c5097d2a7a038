public import APIMapping

/// What a text search over the shown model gave.
public enum SearchOutcome: Sendable, Equatable {
    /// The document indices of the matching rows, in document order.
    case rows([Int])
    /// The raw body's lines holding a match, from 0, in order (each once).
    case lines([Int])
    /// The query is not searchable (an empty line, a bad regex); the message says why and where.
    case failed(String)
    /// The search was cancelled before it finished.
    case cancelled
}

extension AppState {
    /// The `/` line and the search it confirmed.
    struct Search: Sendable {
        /// The line being typed after `/`.
        var line = LineEditor()
        /// Its text.
        var text: String { line.text }
        /// The confirmed query, as typed.
        var query: String?
        /// The confirmed search, for highlighting the rows on screen.
        var active: TextSearch?
        /// The matching rows' document indices, sorted.
        var rows: [Int] = []
        /// The raw text view's matching lines, from 0, sorted; a search there fills these instead.
        var lines: [Int] = []
        /// The search running off the key loop, if any; only its answer is applied.
        var pending: Int?
        /// The id of the newest search asked for.
        var generation = 0
        /// Why the line cannot be searched, shown while it is edited.
        var error: String?
    }

    /// What searching `query` over `root` gives; the runtimes call this off the key loop.
    ///
    /// ```swift
    /// AppState.searchOutcome("杭州", in: document.root)  // .rows([12])
    /// ```
    ///
    /// - Parameters:
    ///   - query: The `/` line: a literal, or a regex after `re:`.
    ///   - root: The shown model, if any.
    /// - Returns: The matching rows, or why there are none.
    public static func searchOutcome(_ query: String, in root: JSONNode?) -> SearchOutcome {
        guard let root else { return .failed("no model to search") }
        let search: TextSearch
        do {
            search = try TextSearch(query)
        } catch {
            return .failed(searchMessage(error))
        }
        guard let rows = search.matchingRows(in: root) else { return .cancelled }
        return Task.isCancelled ? .cancelled : .rows(rows)
    }

    /// What searching `query` over a raw body's bytes gives: the lines holding a match.
    ///
    /// - Parameters:
    ///   - query: The `/` line: a literal, or a regex after `re:`.
    ///   - bytes: The body.
    /// - Returns: The matching lines from 0, or why there are none.
    public static func rawSearchOutcome(_ query: String, in bytes: [UInt8]) -> SearchOutcome {
        let search: TextSearch
        do {
            search = try TextSearch(query)
        } catch {
            return .failed(searchMessage(error))
        }
        guard let matches = search.matches(in: bytes) else { return .cancelled }
        var lines: [Int] = []
        for match in matches where lines.last != match.line - 1 { lines.append(match.line - 1) }
        return Task.isCancelled ? .cancelled : .lines(lines)
    }

    /// Whether `/` searches the raw body's text (the raw view in its text format) rather than the tree.
    var searchesRawText: Bool { modelView == .raw && rawFormat == .text && rawBody != nil }

    /// What a bad query says on the info line.
    static func searchMessage(_ error: TextSearch.PatternError) -> String {
        "search: \(error.description)"
    }

    /// `/` in normal mode: opens the search line.
    mutating func openSearch() {
        if modelView == .raw, !searchesRawText {
            message = "/ searches the raw view's text format (:view raw text) or the model tree (v)"
            return
        }
        guard tree != nil || searchesRawText else {
            message = "nothing to search: no model"
            return
        }
        mode = .search
        search.line = LineEditor(history: lineHistory.search)
        search.error = nil
    }

    /// Keys on the `/` line: Enter searches, Esc leaves it, Backspace on an empty line leaves too.
    mutating func handleSearchKey(_ key: Key) -> [AppEffect] {
        switch key {
        case .escape:
            mode = .normal
        case .enter:
            return confirmSearch()
        case .backspace where search.text.isEmpty:
            mode = .normal
        default:
            if search.line.handle(key) { search.error = nil }
        }
        return []
    }

    /// Enter on the `/` line: a bad query stays on the line with its message; a good one runs off the
    /// key loop, cancelling any search still running.
    private mutating func confirmSearch() -> [AppEffect] {
        let query = search.text
        lineHistory.record(search: query)
        do {
            search.active = try TextSearch(query)
        } catch {
            search.error = Self.searchMessage(error)
            return []
        }
        mode = .normal
        var effects = cancelSearch(quietly: true)
        search.query = query
        search.rows = []
        search.lines = []
        search.generation += 1
        search.pending = search.generation
        message = "searching /\(query)…  (Esc cancels)"
        if searchesRawText, let body = rawBody {
            effects.append(.searchRaw(id: search.generation, query: query, body: body))
        } else {
            effects.append(.search(id: search.generation, query: query))
        }
        return effects
    }

    /// Cancels the running search, if there is one.
    mutating func cancelSearch(quietly: Bool = false) -> [AppEffect] {
        guard let id = search.pending else { return [] }
        search.pending = nil
        if !quietly {
            search.active = nil
            search.query = nil
            message = "search cancelled"
        }
        return [.cancelSearch(id: id)]
    }

    /// Applies the answer of the search ``confirmSearch()`` asked for; older answers are ignored.
    mutating func applySearch(id: Int, outcome: SearchOutcome) {
        guard search.pending == id else { return }
        search.pending = nil
        switch outcome {
        case .rows(let rows):
            search.rows = rows
            guard !rows.isEmpty else {
                message = "no match for /\(search.query ?? "")"
                return
            }
            jumpToMatch(forward: true, includingCursor: true)
        case .lines(let lines):
            search.lines = lines
            guard !lines.isEmpty else {
                message = "no match for /\(search.query ?? "")"
                return
            }
            jumpToLine(forward: true, includingTop: true)
        case .failed(let text):
            search.active = nil
            message = text
        case .cancelled:
            search.active = nil
            message = "search cancelled"
        }
    }

    /// `n` (forward) and `N`: the next or previous match, wrapping around the ends.
    mutating func repeatSearch(forward: Bool) {
        guard search.query != nil, search.pending == nil else {
            message = search.pending == nil ? "no search yet: / searches" : "still searching (Esc cancels)"
            return
        }
        if !search.lines.isEmpty, searchesRawText {
            jumpToLine(forward: forward, includingTop: false)
            return
        }
        guard !search.rows.isEmpty else {
            message = "no match for /\(search.query ?? "")"
            return
        }
        jumpToMatch(forward: forward, includingCursor: false)
    }

    /// Puts the nearest matching line of the raw text view on top, wrapping around the ends.
    private mutating func jumpToLine(forward: Bool, includingTop: Bool) {
        guard let bytes = rawBody, !search.lines.isEmpty else { return }
        let lines = search.lines
        var scroll = currentRawScroll
        let (target, wrapped) = Self.nearestMatch(
            in: lines, from: scroll.line, forward: forward, including: includingTop)
        scroll.move(by: lines[target] - scroll.line, in: bytes)
        rawScroll = scroll
        focus = .model
        let count = "match \(target + 1) of \(lines.count) · line \(lines[target] + 1)"
        message = wrapped ? "search wrapped · \(count)" : count
    }

    /// Moves the cursor to the nearest match from the cursor row, opening folded containers on the
    /// way; says when the search went past an end and started over.
    private mutating func jumpToMatch(forward: Bool, includingCursor: Bool) {
        guard var tree, !search.rows.isEmpty else { return }
        let rows = search.rows
        // Document order is row order, so the cursor's node index places it among the rows.
        let (target, wrapped) = Self.nearestMatch(
            in: rows, from: tree.cursorNode.index, forward: forward, including: includingCursor)
        tree.reveal(node: rows[target], viewHeight: modelHeight)
        self.tree = tree
        focus = .model
        probe.text = tree.cursor.isEmpty ? "" : tree.cursorLocation.profilePath
        let count = "match \(target + 1) of \(rows.count)"
        message = wrapped ? "search wrapped · \(count)" : nil
    }

    /// The position in sorted `rows` of the first value not below `value` (`rows.count` when none).
    /// The index in `matches` (sorted, not empty) of the match `n` (forward) or `N` goes to from
    /// `position`, and whether it went past an end and started over; `including` counts a match at
    /// `position` itself (the first jump of a new search).
    static func nearestMatch(in matches: [Int], from position: Int, forward: Bool, including: Bool) -> (
        index: Int, wrapped: Bool
    ) {
        let after = firstIndex(in: matches, notBelow: position)
        if forward {
            let target = including || after == matches.count || matches[after] != position ? after : after + 1
            return target == matches.count ? (0, true) : (target, false)
        }
        return after == 0 ? (matches.count - 1, true) : (after - 1, false)
    }

    static func firstIndex(in rows: [Int], notBelow value: Int) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = low + (high - low) / 2
            if rows[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether a row (by document index) is a match of the confirmed search.
    func isSearchMatch(_ index: Int) -> Bool {
        let position = Self.firstIndex(in: search.rows, notBelow: index)
        return position < search.rows.count && search.rows[position] == index
    }

    /// `match K of N` when the cursor is on a match, `N matches` otherwise; `nil` without a search.
    var searchStatus: String? {
        guard let query = search.query, search.pending == nil, let tree else { return nil }
        let rows = search.rows
        let position = Self.firstIndex(in: rows, notBelow: tree.cursorNode.index)
        if position < rows.count, rows[position] == tree.cursorNode.index {
            return "match \(position + 1) of \(rows.count)  /\(query)"
        }
        return "\(rows.count) match\(rows.count == 1 ? "" : "es")  /\(query)"
    }
}

extension AppState {
    /// Which parts of a row the confirmed search found: its key, its value, both or neither.
    func searchHighlight(_ row: ModelRow) -> (label: Bool, value: Bool) {
        guard let active = search.active, isSearchMatch(row.node.index) else { return (false, false) }
        let label = row.labelIsKey && active.contains(row.label)
        let value = TextSearch.searchedText(of: row.node).map(active.contains) ?? false
        return (label, value)
    }

    /// The info line while the `/` line is edited: why the query cannot be searched, or how to write one.
    func renderSearchInfo(into screen: inout some Screen, row: Int) {
        if let error = search.error {
            screen.put(error, row: row, column: 1, role: .warning)
        } else {
            screen.put(
                "text in keys and values (lower case ignores case; re: starts a regex)   ⏎ search   Esc cancels",
                row: row, column: 1, role: .dim)
        }
    }
}
