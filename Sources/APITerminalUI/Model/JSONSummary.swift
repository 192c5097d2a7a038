import APIMapping

/// Short, one-line renderings of JSON values for rows, badges and probe results.
enum JSONSummary {
    /// A scalar as JSON text (strings quoted, with `"`, `\` and line breaks escaped so the text is unambiguous;
    /// truncated past `limit` characters); containers as counts.
    static func compact(_ node: JSONNode, limit: Int = 200) -> String {
        switch node.kind {
        case .null: return "null"
        case .bool: return node.boolValue == true ? "true" : "false"
        case .number: return node.numberValue?.description ?? ""
        case .string:
            let value = node.stringValue ?? ""
            let isClipped = value.count > limit
            let quoted = JSONValue.string(isClipped ? String(value.prefix(limit)) : value).jsonText()
            return isClipped ? String(quoted.dropLast()) + "…\"" : quoted
        case .array: return "[…] \(node.count) item" + (node.count == 1 ? "" : "s")
        case .object: return "{…} \(node.count) key" + (node.count == 1 ? "" : "s")
        }
    }

    /// The colour role of a node's value.
    static func role(_ node: JSONNode) -> ColorRole {
        switch node.kind {
        case .null: .null
        case .bool: .boolean
        case .number: .number
        case .string: .string
        case .array, .object: .dim
        }
    }
}
