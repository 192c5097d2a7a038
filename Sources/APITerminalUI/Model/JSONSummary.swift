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
            return "\"" + escaped(isClipped ? String(value.prefix(limit)) : value) + (isClipped ? "…\"" : "\"")
        case .array: return "[…] \(node.count) item" + (node.count == 1 ? "" : "s")
        case .object: return "{…} \(node.count) key" + (node.count == 1 ? "" : "s")
        }
    }

    /// `"` and `\` escaped, and the common whitespace controls by their JSON names; every other control
    /// character is left to ``TerminalSanitizer``, which draws it as `\u001b` when the text is put on screen.
    private static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { "\"\\\n\r\t".unicodeScalars.contains($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
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
