extension ProfileYAMLReader {
    /// Refuses, before Yams reads it, a profile that uses aliases and has a mapping key that is not
    /// a plain scalar: an explicit key (`? …`), an alias (`*a: 1`) or a collection (`[*a, 0]: 1`).
    ///
    /// Yams checks a mapping's keys for duplicates while it composes, hashing and comparing each key
    /// whole, aliases expanded: keys built from aliases of keys built from aliases grow
    /// exponentially (nine keys a level took 0.3 s at five levels, 27 s at seven) before any check
    /// after composing can run. Profiles only ever need scalar keys, so in a document with aliases
    /// anything else is refused; without aliases such keys cost nothing and are left to the reader.
    ///
    /// The scan is lexical (quotes, comments and flow brackets tracked), linear in the text.
    ///
    /// - Throws: ``ProfileError`` at the key.
    func refuseComplexKeysWithAliases(_ yaml: String) throws(ProfileError) {
        var scanner = KeyScanner()
        scanner.scan(Array(yaml.unicodeScalars))
        guard scanner.hasAlias, let key = scanner.complexKey else { return }
        throw ProfileError(
            .malformedYAML, file: file, line: key.line, column: key.column,
            message: "\(key.kind) as a mapping key in a profile that uses aliases: aliased keys can expand "
                + "exponentially while the YAML is read; profiles accept plain keys only")
    }
}

/// A lexical pass over YAML: whether it has an alias, and where its first non-scalar key is.
private struct KeyScanner {
    var hasAlias = false
    var complexKey: (line: Int, column: Int, kind: String)?

    private var line = 1
    private var column = 1

    private static func isSpace(_ scalar: Unicode.Scalar?) -> Bool {
        scalar == nil || scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    mutating func scan(_ scalars: [Unicode.Scalar]) {
        var index = 0
        // The position of the last alias, or of the last flow collection closed, when nothing but
        // spaces has followed it since: a ':' then makes it a key.
        var pending: (line: Int, column: Int, kind: String)?
        // Where each open flow collection started, to point at a collection key's first character.
        var openings: [(line: Int, column: Int)] = []
        func at(_ offset: Int) -> Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }
        while index < scalars.count {
            let scalar = scalars[index]
            let previous = index > 0 ? scalars[index - 1] : nil
            let atTokenStart = previous == nil || Self.isSpace(previous) || "[{,".unicodeScalars.contains(previous!)
            switch scalar {
            case "\n":
                line += 1
                column = 0
                pending = nil
            case "#" where Self.isSpace(previous):
                while index + 1 < scalars.count, scalars[index + 1] != "\n" { index += 1 }
            case "'",
                "\"" where atTokenStart:
                // A quoted scalar: skip to its closing quote ('' and \" escape one).
                let quote = scalar
                index += 1
                column += 1
                while index < scalars.count {
                    let inner = scalars[index]
                    if inner == "\n" {
                        line += 1
                        column = 0
                    } else if quote == "\"", inner == "\\" {
                        index += 1
                        column += 1
                    } else if inner == quote {
                        if quote == "'", at(index + 1) == "'" {
                            index += 1
                            column += 1
                        } else {
                            break
                        }
                    }
                    index += 1
                    column += 1
                }
                pending = nil
            case "*" where atTokenStart && !Self.isSpace(at(index + 1)):
                hasAlias = true
                pending = (line, column, "an alias")
                while index + 1 < scalars.count, !Self.isSpace(scalars[index + 1]),
                    !",[]{}".unicodeScalars.contains(scalars[index + 1])
                {
                    index += 1
                    column += 1
                }
            case "?" where atTokenStart && Self.isSpace(at(index + 1)):
                if complexKey == nil { complexKey = (line, column, "an explicit key ('?')") }
            case "[", "{":
                openings.append((line, column))
                pending = nil
            case "]", "}":
                let start = openings.popLast() ?? (line, column)
                pending = (start.line, start.column, "a collection")
            case ":" where Self.isSpace(at(index + 1)) || ",]}".unicodeScalars.contains(at(index + 1) ?? " "):
                if let key = pending, complexKey == nil { complexKey = key }
                pending = nil
            case " ", "\t", "\r":
                break
            default:
                pending = nil
            }
            index += 1
            column += 1
        }
    }
}
