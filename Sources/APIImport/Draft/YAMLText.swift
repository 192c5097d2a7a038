/// YAML scalars as a profile writer needs them: plain where YAML 1.1 reads them back as the same
/// string, double-quoted (with JSON-style escapes, which YAML accepts) everywhere else.
enum YAMLText {
    /// Words YAML 1.1 resolves to something other than a string when plain.
    private static let reserved: Set<String> = [
        "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~", "absent", "present", "http",
    ]

    /// `text` as a YAML string scalar.
    static func string(_ text: String) -> String {
        isPlain(text) ? text : quoted(text)
    }

    /// `text` always double-quoted.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                // Control, format and bidi characters are written escaped, so the file shows them.
                let category = scalar.properties.generalCategory
                if category == .control || category == .format || category == .lineSeparator
                    || category == .paragraphSeparator
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    if scalar.value <= 0xFFFF {
                        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        result += "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
                    }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A `# …` comment line for each line of `text`, indented; control characters are dropped.
    static func comment(_ text: String, indent: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let clean = String(
                String.UnicodeScalarView(
                    line.unicodeScalars.filter {
                        let category = $0.properties.generalCategory
                        return category != .control && category != .format
                    }))
            return clean.isEmpty ? "\(indent)#" : "\(indent)# \(clean)"
        }
    }

    private static func isPlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !reserved.contains(text.lowercased()) else { return false }
        guard ("a"..."z").contains(first) || ("A"..."Z").contains(first) || first == "/" || first == "_" else {
            return false
        }
        if text.hasSuffix(" ") || text.hasSuffix(":") { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", "/", "{", "}", " ", "(", ")", "+", "=": true
            default: false
            }
        } && !text.contains(" #") && !text.contains("{") && !text.contains("}")
    }
}

/// Literal text in template fields: `$` doubled.
enum LiteralTemplate {
    static func escaped(_ text: String) -> String { text.replacing("$", with: "$$") }
}
