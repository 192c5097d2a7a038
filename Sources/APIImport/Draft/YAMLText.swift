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

    /// Keys longer than this many characters are written as explicit keys (`? key`): YAML limits
    /// an implicit key to 1,024 characters.
    static let longestImplicitKey = 500

    /// A block-mapping entry: `key: value`, or `? key` and `: value` for a key too long to be implicit.
    /// With no value, the caller writes the value's lines below, indented further.
    static func entry(_ key: String, _ value: String?, indent: String, quoting: Bool = false) -> [String] {
        let written = quoting ? quoted(key) : string(key)
        let tail = value.map { " " + $0 } ?? ""
        guard key.unicodeScalars.count > longestImplicitKey else { return ["\(indent)\(written):\(tail)"] }
        return ["\(indent)? \(quoted(key))", "\(indent):\(tail)"]
    }

    /// A flow-mapping member: `"key": value`, or `? "key" : value` for a long key.
    static func flowMember(_ key: String, _ value: String) -> String {
        key.unicodeScalars.count > longestImplicitKey ? "? \(quoted(key)) : \(value)" : "\(quoted(key)): \(value)"
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
    static func isShownRaw(_ scalar: Unicode.Scalar) -> Bool {
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
    /// the separators YAML reads as line breaks (U+2028, U+2029), are dropped.
    static func comment(_ text: String, indent: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let clean = String(
                String.UnicodeScalarView(
                    line.unicodeScalars.filter(isShownRaw)))
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

    /// A path with `{name}` placeholders kept and every other brace percent-encoded (a URL may
    /// not hold a raw brace anyway), `$` doubled.
    static func path(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            result += rest[..<open]
            if rest[open] == "{", let close = rest[open...].firstIndex(of: "}"),
                Identifier.isValid(String(rest[rest.index(after: open)..<close]))
            {
                result += rest[open...close]
                rest = rest[rest.index(after: close)...]
            } else {
                result += rest[open] == "{" ? "%7B" : "%7D"
                rest = rest[rest.index(after: open)...]
            }
        }
        return escaped(result + rest)
    }

    /// `text` with `literal` applied to everything but the `${env:NAME}` placeholders of
    /// `variables`, which stay templates (``EndpointDraft/secretVariables``).
    ///
    /// ```swift
    /// LiteralTemplate.keeping(["SHOP_PASSWORD"], in: "p=${env:SHOP_PASSWORD}&price=$5", escaped)
    /// // "p=${env:SHOP_PASSWORD}&price=$$5"
    /// ```
    static func keeping(_ variables: [String], in text: String, _ literal: (String) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let next = variables.compactMap({ rest.firstRange(of: "${env:\($0)}") }).min(by: {
            $0.lowerBound < $1.lowerBound
        }) {
            result += literal(String(rest[..<next.lowerBound])) + rest[next]
            rest = rest[next.upperBound...]
        }
        return result + literal(String(rest))
    }
}
