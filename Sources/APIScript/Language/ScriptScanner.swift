/// Reads the tokens of one command: words, quoted strings, paths, JSON values and operators,
/// each with its column, for ``ScriptParser``.
///
/// Tokens are separated by spaces. What a token is depends on where the parser is, so the parser
/// asks for the kind it expects (a JSONPath may contain spaces inside its brackets; a body is the
/// rest of the line).
struct ScriptScanner {
    let characters: [Character]
    /// The column of `characters[0]`.
    let baseColumn: Int
    let line: Int
    let scriptName: String
    /// Characters that end a bare word besides whitespace.
    let stops: Set<Character>
    private(set) var index = 0

    init(_ text: Substring, baseColumn: Int, line: Int, scriptName: String, stops: Set<Character> = []) {
        characters = Array(text)
        self.baseColumn = baseColumn
        self.line = line
        self.scriptName = scriptName
        self.stops = stops
    }

    /// The column of the next character.
    var column: Int { baseColumn + index }

    var atEnd: Bool {
        var probe = self
        probe.skipSpaces()
        return probe.index >= characters.count
    }

    var peek: Character? {
        var probe = self
        probe.skipSpaces()
        return probe.index < characters.count ? probe.characters[probe.index] : nil
    }

    /// A syntax error at `column`, or at the next token.
    func error(_ message: String, at column: Int? = nil) -> ScriptError {
        var next = self
        next.skipSpaces()
        return ScriptError(.syntax, script: scriptName, line: line, column: column ?? next.column, message)
    }

    /// The next character without skipping spaces.
    var peekRaw: Character? { index < characters.count ? characters[index] : nil }

    mutating func advance(by count: Int) {
        index = min(index + count, characters.count)
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
    }

    /// A run of characters up to whitespace (or a stop character); `nil` at the end.
    mutating func word() -> (text: String, column: Int)? {
        skipSpaces()
        let start = index
        while index < characters.count, !isBreak(characters[index]) { index += 1 }
        return index > start ? (String(characters[start..<index]), baseColumn + start) : nil
    }

    /// A word that must be there; `what` names it in the error.
    mutating func requiredWord(_ what: String) throws(ScriptError) -> (text: String, column: Int) {
        guard let word = word() else { throw error("expected \(what)") }
        return word
    }

    /// Consumes `token` (an operator or `=`) when it comes next, as a whole word.
    mutating func take(_ token: String) -> Bool {
        var probe = self
        guard let word = probe.word(), word.text == token else { return false }
        self = probe
        return true
    }

    /// A comparison operator.
    mutating func comparison() throws(ScriptError) -> Comparison {
        var probe = self
        guard let word = probe.word(), let comparison = Comparison(rawValue: word.text) else {
            throw error("expected a comparison (\(Comparison.allCases.map(\.rawValue).joined(separator: " ")))")
        }
        self = probe
        return comparison
    }

    /// A value: a quoted string (escapes decoded) or a bare word, with `${NAME}` placeholders.
    mutating func text(_ what: String) throws(ScriptError) -> ScriptText {
        skipSpaces()
        guard index < characters.count else { throw error("expected \(what)") }
        if characters[index] == "\"" {
            let column = self.column
            let (string, source) = try quoted()
            return try Self.interpolate(string, column: column, source: source, line: line, scriptName: scriptName)
        }
        let (word, column) = try requiredWord(what)
        return try Self.interpolate(word, column: column, source: word, line: line, scriptName: scriptName)
    }

    /// A path: quoted, a JSONPath query (`$…`, spaces allowed inside brackets and quotes), or a
    /// bare profile path.
    mutating func path(_ what: String = "a path") throws(ScriptError) -> ScriptPath {
        // `event SELECTOR PATH`: a path in one event of a stream. Only when a selector and a path
        // follow, so a model key named `event` stays a path.
        var probe = self
        if let word = probe.word(), word.text == "event",
            let selector = probe.word().flatMap({ EventSelector($0.text) }),
            let next = probe.peek, !Comparison.allCases.contains(where: { $0.rawValue.first == next })
        {
            self = probe
            var path = try plainPath(what)
            path.event = selector
            return path
        }
        return try plainPath(what)
    }

    private mutating func plainPath(_ what: String) throws(ScriptError) -> ScriptPath {
        skipSpaces()
        guard index < characters.count else { throw error("expected \(what)") }
        if characters[index] == "$", index + 1 >= characters.count || characters[index + 1] != "{" {
            let (text, column) = try balanced()
            return ScriptPath(
                text: try Self.interpolate(text, column: column, source: text, line: line, scriptName: scriptName))
        }
        return ScriptPath(text: try text(what))
    }

    /// A JSON value: an array or object (balanced brackets), a quoted string kept as JSON text, or
    /// a bare word (a number, `true`, `false`, `null`, or else a string).
    mutating func jsonValue(_ what: String) throws(ScriptError) -> ScriptText {
        skipSpaces()
        guard index < characters.count else { throw error("expected \(what)") }
        let (text, column) = try balanced()
        return try Self.interpolate(text, column: column, source: text, line: line, scriptName: scriptName)
    }

    /// The rest of the line, trimmed; `nil` when nothing is left.
    mutating func rest() throws(ScriptError) -> ScriptText? {
        skipSpaces()
        guard index < characters.count else { return nil }
        let column = self.column
        var end = characters.count
        while end > index, characters[end - 1] == " " || characters[end - 1] == "\t" { end -= 1 }
        let text = String(characters[index..<end])
        index = characters.count
        return try Self.interpolate(text, column: column, source: text, line: line, scriptName: scriptName)
    }

    /// Fails unless the line is used up.
    func expectEnd() throws(ScriptError) {
        var probe = self
        probe.skipSpaces()
        if probe.index < characters.count {
            throw probe.error("unexpected '\(String(probe.characters[probe.index...]))'")
        }
    }

    private func isBreak(_ character: Character) -> Bool {
        character == " " || character == "\t" || stops.contains(character)
    }

    /// A token that may hold spaces inside brackets or quotes: up to whitespace at depth 0.
    private mutating func balanced() throws(ScriptError) -> (String, Int) {
        let start = index
        var depth = 0
        var quote: Character?
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                if character == "\\" {
                    index += 1
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" || character == "{" || character == "(" {
                depth += 1
            } else if character == "]" || character == "}" || character == ")" {
                if depth == 0 && stops.contains(character) { break }
                depth -= 1
            } else if depth == 0 && isBreak(character) {
                break
            }
            index += 1
        }
        if quote != nil { throw error("unterminated string", at: baseColumn + start) }
        if depth > 0 { throw error("unbalanced brackets", at: baseColumn + start) }
        return (String(characters[start..<min(index, characters.count)]), baseColumn + start)
    }

    /// A double-quoted string with JSON escapes; returns the decoded text and the source.
    private mutating func quoted() throws(ScriptError) -> (String, String) {
        let start = index
        index += 1
        var result = ""
        while index < characters.count {
            let character = characters[index]
            index += 1
            switch character {
            case "\"":
                return (result, String(characters[start..<index]))
            case "\\":
                guard index < characters.count else { break }
                let escaped = characters[index]
                index += 1
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "\"", "\\", "/", "$": result.append(escaped)
                default: throw error("unknown escape '\\\(escaped)'", at: column - 2)
                }
            default:
                result.append(character)
            }
        }
        throw error("unterminated string", at: baseColumn + start)
    }

    /// Splits `${NAME}` placeholders out of `text`; `$${` stands for a literal `${`.
    static func interpolate(
        _ text: String, column: Int, source: String, line: Int, scriptName: String
    ) throws(ScriptError) -> ScriptText {
        var parts: [ScriptText.Part] = []
        var literal = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            if characters[index] == "$", index + 1 < characters.count {
                if characters[index + 1] == "$", index + 2 < characters.count, characters[index + 2] == "{" {
                    literal += "${"
                    index += 3
                    continue
                }
                if characters[index + 1] == "{" {
                    guard let close = characters[(index + 2)...].firstIndex(of: "}") else {
                        throw ScriptError(
                            .syntax, script: scriptName, line: line, column: column + index, "unterminated '${'")
                    }
                    let name = String(characters[(index + 2)..<close])
                    if name.hasPrefix("env:") {
                        if !literal.isEmpty { parts.append(.literal(literal)) }
                        literal = ""
                        parts.append(
                            try environmentPart(
                                name.dropFirst(4), column: column + index, line: line, scriptName: scriptName))
                        index = close + 1
                        continue
                    }
                    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }) else {
                        throw ScriptError(
                            .syntax, script: scriptName, line: line, column: column + index + 2,
                            "invalid variable name '\(name)'")
                    }
                    if !literal.isEmpty { parts.append(.literal(literal)) }
                    literal = ""
                    parts.append(.variable(name, column: column + index))
                    index = close + 1
                    continue
                }
            }
            literal.append(characters[index])
            index += 1
        }
        if !literal.isEmpty || parts.isEmpty { parts.append(.literal(literal)) }
        return ScriptText(parts: parts, column: column, source: source)
    }

    /// `NAME` or `NAME:-fallback` after `${env:`; the fallback may be empty.
    private static func environmentPart(
        _ text: Substring, column: Int, line: Int, scriptName: String
    ) throws(ScriptError) -> ScriptText.Part {
        let name: Substring
        var fallback: String?
        if let colon = text.indices.first(where: { text[$0] == ":" && text[text.index(after: $0)...].first == "-" }) {
            name = text[..<colon]
            fallback = String(text[text.index(colon, offsetBy: 2)...])
        } else {
            name = text
        }
        let valid =
            name.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
            && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard valid else {
            throw ScriptError(
                .syntax, script: scriptName, line: line, column: column + 6,
                "invalid environment variable name '\(name)' (letters, digits and _; write ${env:NAME:-default})")
        }
        return .environment(String(name), fallback: fallback, column: column)
    }
}
