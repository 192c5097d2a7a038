/// Lenient reading of converted feed elements for ``FeedModel``: any node may be a string, an
/// object with `@attributes` and `#text`, an array of repeated elements, or (in a JSON document
/// that only looks like a feed) a number, a boolean or null.
extension JSONNode {
    /// How deep ``feedText`` looks into child elements for text (XHTML content, `<title><b>…</b></title>`).
    static let feedTextDepth = 16

    /// The node as a list of repeated elements: an array's elements, or the node alone.
    var feedElements: [JSONNode] {
        kind == .array ? Array(elements) : [self]
    }

    /// The node's text, trimmed; `nil` when there is none.
    ///
    /// A string is itself; an element with attributes or children has its `#text`, or else the text of
    /// its child elements joined with spaces (`<div><p>a</p><p>b</p></div>` gives `a b`); a repeated
    /// element gives the first of them that has text. Numbers and booleans give their JSON text.
    var feedText: String? {
        var parts: [String] = []
        appendFeedText(to: &parts, depth: Self.feedTextDepth, firstOnly: true)
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The text of the first of the members named `keys` that has any.
    func feedText(_ keys: String...) -> String? {
        for key in keys {
            if let text = self[key]?.feedText { return text }
        }
        return nil
    }

    /// The texts of every element named `key`, repeated ones included, in order.
    func feedTexts(_ key: String) -> [String] {
        guard let member = self[key] else { return [] }
        return member.feedElements.compactMap(\.feedText)
    }

    /// The trimmed value of the attribute `name` (without its `@`); `nil` when absent or empty.
    func feedAttribute(_ name: String) -> String? {
        guard let value = self["@" + name]?.stringValue else { return nil }
        let trimmed = value.trimmingFeedWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    private func appendFeedText(to parts: inout [String], depth: Int, firstOnly: Bool) {
        switch kind {
        case .string:
            if let text = stringValue?.trimmingFeedWhitespace(), !text.isEmpty { parts.append(text) }
        case .number:
            if let number = numberValue { parts.append(number.text) }
        case .bool:
            if let bool = boolValue { parts.append(bool ? "true" : "false") }
        case .null:
            return
        case .array:
            guard depth > 0 else { return }
            for element in elements {
                let before = parts.count
                element.appendFeedText(to: &parts, depth: depth - 1, firstOnly: false)
                if firstOnly && parts.count > before { return }
            }
        case .object:
            if let text = self["#text"]?.stringValue?.trimmingFeedWhitespace(), !text.isEmpty {
                parts.append(text)
                return
            }
            guard depth > 0 else { return }
            for (key, value) in members where !key.hasPrefix("@") && key != "#text" {
                value.appendFeedText(to: &parts, depth: depth - 1, firstOnly: false)
            }
        }
    }
}

extension String {
    /// The string without leading and trailing Unicode whitespace (spaces, tabs, line ends, no-break spaces).
    func trimmingFeedWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
