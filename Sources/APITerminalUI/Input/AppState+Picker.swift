extension AppState {
    /// The endpoints matching the picker's filter (id, path or description, ignoring case), best
    /// first: the id itself, then ids starting with the filter, then any other match, each group in
    /// profile order (so typing `user` picks `user` before `users`).
    var pickerMatches: [EndpointEntry] {
        let filter = pickerFilter.lowercased()
        guard !filter.isEmpty else { return endpoints }
        func rank(_ entry: EndpointEntry) -> Int? {
            let id = entry.id.lowercased()
            if id == filter { return 0 }
            if id.hasPrefix(filter) { return 1 }
            if id.contains(filter) || entry.path.lowercased().contains(filter)
                || entry.summary.lowercased().contains(filter)
            {
                return 2
            }
            return nil
        }
        return endpoints.enumerated()
            .compactMap { offset, entry in rank(entry).map { (rank: $0, offset: offset, entry: entry) } }
            .sorted { ($0.rank, $0.offset) < ($1.rank, $1.offset) }
            .map(\.entry)
    }

    mutating func handlePickerKey(_ key: Key) -> [AppEffect] {
        let matches = pickerMatches
        switch key {
        case .escape:
            mode = .normal
        case .down, .control("n"), .tab:
            pickerCursor = min(pickerCursor + 1, max(matches.count - 1, 0))
        case .up, .control("p"), .backTab:
            pickerCursor = max(pickerCursor - 1, 0)
        case .enter:
            guard pickerCursor < matches.count else { return [] }
            let chosen = matches[pickerCursor]
            guard !chosen.parameters.isEmpty else {
                mode = .normal
                endpoint = chosen.id
                parameters = [:]
                return startSend()
            }
            let previous = endpoint == chosen.id ? parameters : [:]
            let fields = chosen.parameters.map { ($0.name, previous[$0.name] ?? $0.defaultValue ?? "") }
            form = Form(endpoint: chosen.id, fields: fields, line: LineEditor(text: fields.first?.1 ?? ""))
            mode = .form
        default:
            // Every other key edits the filter, letters included (`j` and `k` are letters here).
            let before = pickerLine.text
            pickerLine.handle(key)
            if pickerLine.text != before { pickerCursor = 0 }
        }
        return []
    }

    mutating func handleFormKey(_ key: Key) -> [AppEffect] {
        guard var form else {
            mode = .normal
            return []
        }
        defer { self.form = form }
        switch key {
        case .escape:
            mode = .normal
        case .tab, .down:
            form.cursor = (form.cursor + 1) % max(form.fields.count, 1)
            form.line = LineEditor(text: form.cursor < form.fields.count ? form.fields[form.cursor].value : "")
        case .backTab, .up:
            form.cursor = (form.cursor + max(form.fields.count, 1) - 1) % max(form.fields.count, 1)
            form.line = LineEditor(text: form.cursor < form.fields.count ? form.fields[form.cursor].value : "")
        case .enter:
            mode = .normal
            endpoint = form.endpoint
            parameters = Dictionary(
                form.fields.filter { !$0.value.isEmpty }.map { ($0.name, $0.value) }, uniquingKeysWith: { _, b in b })
            return startSend()
        default:
            guard form.cursor < form.fields.count, form.line.handle(key) else { break }
            form.fields[form.cursor].value = form.line.text
        }
        return []
    }
}
