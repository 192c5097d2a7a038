extension JSONChange {
    /// The change on one line, sanitized for a terminal, values clipped to `valueLimit` characters
    /// of compact JSON:
    ///
    /// ```text
    /// ~ data>user>age: 41 → "41"
    /// + data>user>phone: "555"
    /// - data>user>email: "a@example.com"
    /// > data>items>1 [id=3] moved from data>items>2
    /// ~ data>items>3>price [id=2]: 6 → 60
    /// ```
    ///
    /// The root's path is written `(root)`.
    ///
    /// - Parameter valueLimit: The most characters of each value shown before `…`.
    /// - Returns: The line, without a line break.
    public func line(valueLimit: Int = 60) -> String {
        var text = kind.mark + " " + pathText
        if let identity = identityText() { text += " [" + identity + "]" }
        switch kind {
        case .added: text += ": " + Self.excerpt(new, limit: valueLimit)
        case .removed: text += ": " + Self.excerpt(old, limit: valueLimit)
        case .changed:
            text += ": " + Self.excerpt(old, limit: valueLimit) + " → " + Self.excerpt(new, limit: valueLimit)
        case .moved: text += " moved from " + (oldLocation.map { Self.pathText($0) } ?? "?")
        }
        return text
    }

    /// The ``identity`` for display: sanitized and clipped to `limit` characters with `…`, as
    /// values are, since a string key can be as long as the body allows; `nil` when there is none.
    ///
    /// ```swift
    /// change.identityText()  // "id=\"a-very-long-key-of-forty-characters-or…"
    /// ```
    ///
    /// - Parameter limit: The most characters kept.
    /// - Returns: The text, or `nil`.
    public func identityText(limit: Int = 40) -> String? {
        guard let identity else { return nil }
        // Only the characters kept are counted: a label can be a megabyte long.
        let head = identity.prefix(max(limit, 1) + 1)
        guard head.count > limit else { return TerminalSanitizer.sanitize(String(head)) }
        return TerminalSanitizer.sanitize(String(head.prefix(limit))) + "…"
    }

    /// The location as a profile path for display: sanitized, `(root)` for the root.
    public var pathText: String { Self.pathText(location) }

    private static func pathText(_ location: JSONLocation) -> String {
        location.components.isEmpty ? "(root)" : TerminalSanitizer.sanitize(location.profilePath)
    }

    /// A value as compact JSON, sanitized, cut at `limit` characters with `…`, without writing
    /// more of a large value than needed.
    ///
    /// - Parameters:
    ///   - node: The value; `nil` gives the empty string.
    ///   - limit: The most characters kept.
    /// - Returns: The excerpt.
    public static func excerpt(_ node: JSONNode?, limit: Int) -> String {
        guard let node else { return "" }
        struct Enough: Error {}
        var bytes: [UInt8] = []
        var cut = false
        // Four bytes a character at most, and a few more to know whether anything is cut.
        let wanted = 4 * max(limit, 1) + 8
        do {
            try node.writeJSON(chunkSize: wanted) { (chunk) throws(Enough) in
                bytes.append(contentsOf: chunk)
                if bytes.count >= wanted { throw Enough() }
            }
        } catch {
            cut = true
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if cut || text.count > limit { return TerminalSanitizer.sanitize(String(text.prefix(limit))) + "…" }
        return TerminalSanitizer.sanitize(text)
    }
}

extension JSONDiff {
    /// The diff as a JSON value for scripts (`apiexplore diff --json`):
    ///
    /// ```json
    /// {"equal": false, "significant": 1, "volatile": 2, "truncated": false, "complete": true,
    ///  "changes": [{"kind": "changed", "path": "data>age", "json_path": "$['data']['age']",
    ///               "old": 41, "new": "41", "volatile": false}],
    ///  "notes": []}
    /// ```
    ///
    /// A change has `old_path` and `old_json_path` when it moved, `identity` when its array is
    /// matched by identity; `old` or `new` is left out when that side has no value. Values are
    /// written whole.
    ///
    /// - Parameter includeVolatile: Whether volatile changes are listed (they are always counted).
    /// - Returns: The object.
    public func jsonValue(includeVolatile: Bool) -> JSONValue {
        var object = JSONObject()
        object.append(key: "equal", value: .bool(isEqual))
        object.append(key: "significant", value: .number(JSONNumber(significantCount)))
        object.append(key: "volatile", value: .number(JSONNumber(volatileCount)))
        object.append(key: "truncated", value: .bool(isTruncated))
        object.append(key: "complete", value: .bool(isComplete))
        let listed = changes.filter { includeVolatile || !$0.isVolatile }
        object.append(key: "changes", value: .array(listed.map(\.jsonValue)))
        object.append(key: "notes", value: .array(notes.map(JSONValue.string)))
        return .object(object)
    }
}

extension JSONChange {
    /// The change as a JSON object (see ``JSONDiff/jsonValue(includeVolatile:)``).
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.append(key: "kind", value: .string(kind.rawValue))
        object.append(key: "path", value: .string(location.profilePath))
        object.append(key: "json_path", value: .string(location.normalizedPath))
        if let oldLocation {
            object.append(key: "old_path", value: .string(oldLocation.profilePath))
            object.append(key: "old_json_path", value: .string(oldLocation.normalizedPath))
        }
        if let identity { object.append(key: "identity", value: .string(identity)) }
        if let old { object.append(key: "old", value: old.value) }
        if let new { object.append(key: "new", value: new.value) }
        object.append(key: "volatile", value: .bool(isVolatile))
        return .object(object)
    }
}
