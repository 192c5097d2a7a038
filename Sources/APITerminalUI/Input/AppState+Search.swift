package import APIMapping

/// What a text search over the shown model gave.
package enum SearchOutcome: Sendable, Equatable {
    /// The document indices of the matching rows, in document order.
    case rows([Int])
    /// The raw body's lines holding a match, from 0, in order (each once).
    case lines([Int])
    /// The byte offsets where matches start in a body, in order (the hex views place them on their lines).
    case offsets([Int])
    /// The query is not searchable (an empty line, a bad regex); the message says why and where.
    case failed(String)
    /// The search was cancelled before it finished.
    case cancelled
}

/// What `/` searches: what the model pane shows.
enum SearchScope: Sendable, Equatable {
    /// The model tree: keys and decoded values.
    case tree
    /// A binary body's hex lines in the Model view.
    case modelHex
    /// The raw view in one of its formats.
    case raw(RawFormat)
    /// The lines of the headers, request, timing or diff view.
    case lines(ModelView)

    /// How the info line names it.
    var name: String {
        switch self {
        case .tree: "the model tree"
        case .modelHex: "the hex lines"
        case .raw(let format): "the raw \(format.rawValue) view"
        case .lines(let view): "the \(view.title) view"
        }
    }
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
        /// The matching lines, from 0, sorted, of a search in any view but the tree.
        var lines: [Int] = []
        /// Where the confirmed search ran; `n` and `N` move there only.
        var scope: SearchScope?
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
    package static func searchOutcome(_ query: String, in root: JSONNode?) -> SearchOutcome {
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
    package static func rawSearchOutcome(_ query: String, in bytes: [UInt8]) -> SearchOutcome {
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

    /// What the raw view's pretty JSON lines hold a match of `query`: the lines of the tree rows it
    /// matches (a key, a decoded string, a number's source text), found by one cursor walk.
    ///
    /// - Parameters:
    ///   - query: The `/` line.
    ///   - root: The parsed body.
    /// - Returns: The matching pretty lines from 0, or why there are none.
    package static func prettySearchOutcome(_ query: String, in root: JSONNode?) -> SearchOutcome {
        guard let root else { return .failed("no JSON to search") }
        let rows: [Int]
        switch searchOutcome(query, in: root) {
        case .rows(let found): rows = found
        case let other: return other
        }
        var lines: [Int] = []
        var next = 0
        var cursor = PrettyJSONCursor(root: root)
        var line = 0
        while next < rows.count {
            switch cursor.line {
            case .open(let node), .leaf(let node):
                if node.index == rows[next] {
                    lines.append(line)
                    next += 1
                }
            case .close:
                break
            }
            if line % 4_096 == 0, Task.isCancelled { return .cancelled }
            guard cursor.advance() else { break }
            line += 1
        }
        return .lines(lines)
    }

    /// Where `query` matches in a body's bytes: the start of each match, for the hex views.
    ///
    /// - Parameters:
    ///   - query: The `/` line.
    ///   - bytes: The body.
    /// - Returns: The byte offsets of the matches, or why there are none.
    package static func byteSearchOutcome(_ query: String, in bytes: [UInt8]) -> SearchOutcome {
        let search: TextSearch
        do {
            search = try TextSearch(query)
        } catch {
            return .failed(searchMessage(error))
        }
        guard let matches = search.matches(in: bytes) else { return .cancelled }
        return Task.isCancelled ? .cancelled : .offsets(matches.map(\.range.lowerBound))
    }

    /// What `/` searches now: what the model pane shows, or `nil` when it shows nothing to search.
    var searchScope: SearchScope? {
        guard let exchange else { return nil }
        switch modelView {
        case .model:
            if tree != nil { return .tree }
            return exchange.rawBytes != nil ? .modelHex : nil
        case .raw:
            return rawBody == nil ? nil : .raw(rawFormat)
        case .headers, .request, .timing, .diff:
            return .lines(modelView)
        }
    }

    /// Whether `/` searches the raw body's text (the raw view in its text format) rather than the tree.
    var searchesRawText: Bool { searchScope == .raw(.text) }

    /// What a bad query says on the info line.
    static func searchMessage(_ error: TextSearch.PatternError) -> String {
        "search: \(error.description)"
    }

    /// `/` in normal mode: opens the search line, in every view, so what is typed next is text, never
    /// keys; what it searches is decided on ⏎, from what the model pane shows then.
    mutating func openSearch() {
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

    /// Enter on the `/` line: a bad query stays on the line with its message; a good one searches what
    /// the model pane shows, off the key loop for a body or a tree, cancelling any search still running.
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
        guard let scope = searchScope else {
            search.active = nil
            message = "nothing to search: no exchange on screen"
            return []
        }
        var effects = cancelSearch(quietly: true)
        search.query = query
        search.rows = []
        search.lines = []
        search.scope = scope
        search.generation += 1
        let id = search.generation
        switch scope {
        case .tree:
            effects.append(.search(id: id, query: query))
        case .raw(.text):
            guard let body = rawBody else { return effects }
            effects.append(.searchRaw(id: id, query: query, body: body))
        case .raw(.pretty):
            effects.append(.searchPretty(id: id, query: query))
        case .raw(.hex), .modelHex:
            guard let body = scope == .modelHex ? exchange?.rawBytes : rawBody else { return effects }
            effects.append(.searchBytes(id: id, query: query, body: body))
        case .lines:
            // A screenful or so of lines: searched here, at once.
            search.pending = id
            applySearch(id: id, outcome: .lines(matchingInspectorLines()))
            return effects
        }
        search.pending = id
        message = "searching /\(query)…  (Esc cancels)"
        return effects
    }

    /// The lines of the headers, request, timing or diff view the confirmed search matches.
    private func matchingInspectorLines() -> [Int] {
        guard let active = search.active else { return [] }
        let lines = inspectorLines(width: layout.model.width - 3)
        return lines.indices.filter { active.contains(lines[$0].runs.map(\.text).joined()) }
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
                message = "no match for /\(search.query ?? "") in \(search.scope?.name ?? "this view")"
                return
            }
            jumpToLine(forward: true, includingTop: true)
        case .offsets(let offsets):
            // Each hex line holding a match, once.
            let width = hexBytesPerLine
            var lines: [Int] = []
            for offset in offsets where lines.last != offset / width { lines.append(offset / width) }
            search.lines = lines
            guard !lines.isEmpty else {
                message = "no match for /\(search.query ?? "") in \(search.scope?.name ?? "this view")"
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

    /// `n` (forward) and `N`: the next or previous match, wrapping around the ends, in the view the
    /// search ran in.
    mutating func repeatSearch(forward: Bool) {
        guard search.query != nil, search.pending == nil else {
            message = search.pending == nil ? "no search yet: / searches" : "still searching (Esc cancels)"
            return
        }
        if let scope = search.scope, scope != searchScope {
            message = "the search was in \(scope.name): / searches this view"
            return
        }
        if search.scope != .tree {
            guard !search.lines.isEmpty else {
                message = "no match for /\(search.query ?? "")"
                return
            }
            jumpToLine(forward: forward, includingTop: false)
            return
        }
        guard !search.rows.isEmpty else {
            message = "no match for /\(search.query ?? "")"
            return
        }
        jumpToMatch(forward: forward, includingCursor: false)
    }

    /// Puts the nearest matching line of the view the search ran in on top, wrapping around the ends.
    private mutating func jumpToLine(forward: Bool, includingTop: Bool) {
        guard let scope = search.scope, !search.lines.isEmpty else { return }
        let lines = search.lines
        let top: Int
        switch scope {
        case .tree: return
        case .raw: top = currentRawScroll.line
        case .modelHex: top = hexTop
        case .lines: top = inspectorTop
        }
        let (target, wrapped) = Self.nearestMatch(in: lines, from: top, forward: forward, including: includingTop)
        switch scope {
        case .tree:
            return
        case .raw(let format):
            guard let bytes = rawBody else { return }
            var scroll = currentRawScroll
            scroll.move(by: lines[target] - scroll.line, in: bytes)
            rawScroll = scroll
            // A match past the pane's right edge (minified JSON is one long line) scrolls into view.
            if format == .text, !wrapsLines, let active = search.active {
                let width = max(layout.model.width - 3, 1)
                let column = Self.firstMatchColumn(of: active, in: bytes, lineStart: scroll.offset) ?? 0
                sideways = column < width - 1 ? 0 : max(column - width / 3, 0)
            }
        case .modelHex:
            hexTop = lines[target]
        case .lines:
            inspectorTop = lines[target]
        }
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

    /// The display column of the first match of `search` in the line starting at `lineStart`.
    static func firstMatchColumn(of search: TextSearch, in bytes: [UInt8], lineStart: Int) -> Int? {
        guard lineStart < bytes.count else { return nil }
        let end = RawBodyText.newline(in: bytes, from: lineStart, to: bytes.count) ?? bytes.count
        let found = bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let line = UnsafeBufferPointer(start: base + lineStart, count: end - lineStart)
            return search.matches(inBuffer: line)?.first?.range.lowerBound
        }
        guard let found else { return nil }
        let before = TerminalSanitizer.sanitize(String(decoding: bytes[lineStart..<lineStart + found], as: UTF8.self))
        return DisplayWidth.of(before)
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

    /// The info line while the `/` line is edited: why the query cannot be searched, or what it searches
    /// and how to write one.
    func renderSearchInfo(into screen: inout some Screen, row: Int) {
        if let error = search.error {
            screen.put(error, row: row, column: 1, role: .warning)
            return
        }
        let what: String
        switch searchScope {
        case nil: what = "nothing on screen to search yet"
        case .tree?: what = "text in keys and values"
        case let scope?: what = "text in \(scope.name)"
        }
        screen.put(
            "\(what) (lower case ignores case; re: starts a regex)   ⏎ search   Esc cancels", row: row, column: 1,
            role: .dim)
    }
}
