import APIMapping

/// YAML scalars as a profile writer needs them: plain where YAML 1.1 reads them back as the same
/// string, double-quoted (with JSON-style escapes, which YAML accepts) everywhere else. Shared by
/// the profile importers and the history's catalogue snippet (`history tips --emit-catalogue`).
package enum YAMLScalars {
    /// Words YAML 1.1 resolves to something other than a string when plain.
    private static let reserved: Set<String> = [
        "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~", "absent", "present", "http",
    ]

    /// `text` as a YAML string scalar.
    package static func string(_ text: String) -> String {
        isPlain(text) ? text : quoted(text)
    }

    /// Keys longer than this many characters are written as explicit keys (`? key`): YAML limits
    /// an implicit key to 1,024 characters.
    package static let longestImplicitKey = 500

    /// A block-mapping entry: `key: value`, or `? key` and `: value` for a key too long to be implicit.
    /// With no value, the caller writes the value's lines below, indented further.
    package static func entry(_ key: String, _ value: String?, indent: String, quoting: Bool = false) -> [String] {
        let written = quoting ? quoted(key) : string(key)
        let tail = value.map { " " + $0 } ?? ""
        guard key.unicodeScalars.count > longestImplicitKey else { return ["\(indent)\(written):\(tail)"] }
        return ["\(indent)? \(quoted(key))", "\(indent):\(tail)"]
    }

    /// A flow-mapping member: `"key": value`, or `? "key" : value` for a long key.
    package static func flowMember(_ key: String, _ value: String) -> String {
        key.unicodeScalars.count > longestImplicitKey ? "? \(quoted(key)) : \(value)" : "\(quoted(key)): \(value)"
    }

    /// `text` always double-quoted.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                // Control, format and bidi characters are written escaped, so the file shows them,
                // and so is anything a YAML reader refuses raw (U+FFFE, U+FFFF).
                if !isShownRaw(scalar) {
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

    /// Whether a scalar may stand in YAML text as itself: printable for libyaml, and neither a
    /// line break, nor a control, format or separator character that would hide in a terminal.
    package static func isShownRaw(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse: return false
        default: break
        }
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// A `# …` comment line for each line of `text`, indented; control and format characters, and
    /// the separators YAML reads as line breaks (U+2028, U+2029), are written as visible escapes
    /// (`\u001b`), so the file shows them and each comment stays one line.
    package static func comment(_ text: String, indent: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var clean = ""
            for scalar in line.unicodeScalars {
                clean += isShownRaw(scalar) ? String(scalar) : TerminalSanitizer.escape(scalar)
            }
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
