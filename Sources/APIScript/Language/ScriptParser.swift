import APIClient
import APIMapping

/// Turns script text into ``ScriptCommand``s, collecting every syntax error with its line and column.
///
/// One command per line; blank lines and lines starting with `#` are skipped. A line ending in `{`
/// that starts with `zip`, `if` or `repeat` opens a block closed by a `}` line (blocks nest; `if`
/// takes `} else {` and `} else if CONDITION {`). `zip` also holds its calls on one line separated
/// by `;`.
struct ScriptParser {
    static let commandNames = [
        "use", "set", "call", "get", "post", "put", "patch", "delete", "probe", "expect", "capture", "zip",
        "history", "replay", "if", "repeat", "skip", "only",
    ]

    let lines: [Substring]
    let scriptName: String
    private var errors: [ScriptError] = []
    /// How many blocks (and `else if` links) enclose the line being read.
    private var depth = 0
    /// The deepest blocks may nest: deeper scripts are refused, never parsed by unbounded recursion.
    static let maximumDepth = 64
    /// The most errors reported; reading stops there.
    static let maximumErrors = 100

    init(text: String, scriptName: String) {
        // Split on scalars: as a Character, "\r\n" is one grapheme and never equals "\n". A leading
        // byte-order mark (Windows editors) is not part of the first command.
        let scalars = text.unicodeScalars
        let body = scalars.first == "\u{FEFF}" ? scalars.dropFirst() : scalars[...]
        lines = body.split(separator: "\n", omittingEmptySubsequences: false).map {
            let line = Substring($0)
            return line.unicodeScalars.last == "\r" ? Substring(line.unicodeScalars.dropLast()) : line
        }
        self.scriptName = scriptName
    }

    mutating func parseScript() throws(ScriptErrors) -> [ScriptCommand] {
        var cursor = 0
        let (commands, _) = parseBlock(&cursor, opener: nil)
        guard errors.isEmpty else {
            var sorted = errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            // As compilers do: past the limit the rest is not read, so a megabyte of noise costs
            // the same as a hundred mistakes.
            if sorted.count >= Self.maximumErrors, let last = sorted.prefix(Self.maximumErrors).last {
                sorted = Array(sorted.prefix(Self.maximumErrors))
                sorted.append(
                    error("stopped after \(Self.maximumErrors) errors; fix these first", line: last.line, column: 1))
            }
            throw ScriptErrors(errors: sorted)
        }
        return commands
    }

    /// The line that opened a block: which keyword, and where.
    private struct Opener {
        let keyword: String
        let line: Int
        let column: Int
    }

    /// How a block ended.
    private enum BlockEnd {
        /// A `}` line.
        case close
        /// A `} else {` line.
        case otherwise
        /// A `} else if CONDITION {` line: the condition's text and its column.
        case otherwiseIf(Substring, line: Int, column: Int)
        /// The script ended first.
        case endOfScript
    }

    /// Parses lines from `cursor` until the line that closes the block `opener` opened (or the
    /// end of the script at the top level), collecting errors as it goes.
    private mutating func parseBlock(_ cursor: inout Int, opener: Opener?) -> ([ScriptCommand], BlockEnd) {
        var commands: [ScriptCommand] = []
        while cursor < lines.count {
            if errors.count >= Self.maximumErrors {
                cursor = lines.count
                return (commands, .endOfScript)
            }
            let number = cursor + 1
            let rawLine = lines[cursor]
            cursor += 1
            let leading = rawLine.prefix { $0 == " " || $0 == "\t" }.count
            let trimmed = rawLine.dropFirst(leading).trimmingSuffix()
            let column = leading + 1
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.first == "}" {
                let rest = trimmed.dropFirst().trimmingCharacters(in: " \t")
                guard let opener else {
                    errors.append(error("'}' closes no block", line: number, column: column))
                    continue
                }
                if rest.isEmpty { return (commands, .close) }
                let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if words.first == "else" && opener.keyword == "if" {
                    if words.count == 2 && words[1] == "{" { return (commands, .otherwise) }
                    if words.count > 2 && words[1] == "if" && words.last == "{" {
                        let ifStart = rest.index(words[1].startIndex, offsetBy: 0)
                        let offset = trimmed.distance(from: trimmed.startIndex, to: ifStart)
                        return (commands, .otherwiseIf(rest[ifStart...], line: number, column: column + offset))
                    }
                }
                errors.append(
                    error(
                        opener.keyword == "if"
                            ? "expected '}', '} else {' or '} else if CONDITION {'"
                            : "expected '}' to close '\(opener.keyword)'",
                        line: number, column: column))
                continue
            }
            if let keyword = Self.blockKeyword(trimmed) {
                if let command = parseBlockCommand(keyword, trimmed, line: number, column: column, cursor: &cursor) {
                    commands.append(command)
                }
                continue
            }
            do {
                let command = try parseCommand(trimmed, line: number, column: column)
                if case .only = command.action, opener != nil {
                    errors.append(
                        error("'only' marks a whole script; write it outside any block", line: number, column: column))
                }
                commands.append(command)
            } catch {
                errors.append(error)
            }
        }
        if let opener, errors.count < Self.maximumErrors {
            errors.append(
                error("'\(opener.keyword) {' is never closed with '}'", line: opener.line, column: opener.column))
        }
        return (commands, .endOfScript)
    }

    /// `zip`, `if` or `repeat` when the line opens a block (it ends with `{`).
    private static func blockKeyword(_ line: Substring) -> String? {
        guard line.last == "{" else { return nil }
        let word = line.prefix { $0 != " " && $0 != "\t" && $0 != "{" }
        return ["zip", "if", "repeat"].contains(word) ? String(word) : nil
    }

    /// Parses a block from its opening line to its closing `}`; `nil` (with the errors recorded)
    /// when the opening line does not parse.
    private mutating func parseBlockCommand(
        _ keyword: String, _ text: Substring, line: Int, column: Int, cursor: inout Int
    ) -> ScriptCommand? {
        guard enter(line: line, column: column, cursor: &cursor) else { return nil }
        defer { depth -= 1 }
        let opener = Opener(keyword: keyword, line: line, column: column)
        let header = text.dropLast().trimmingSuffix()
        switch keyword {
        case "if":
            return parseIf(header, line: line, column: column, cursor: &cursor)
        case "repeat":
            let parsed: (ResponseExpectation, Duration, Duration)?
            do {
                parsed = try parseRepeatHeader(header, line: line, column: column)
            } catch {
                errors.append(error)
                parsed = nil
            }
            let (body, end) = parseBlock(&cursor, opener: opener)
            guard case .close = end, let (condition, every, limit) = parsed else { return nil }
            if body.isEmpty {
                errors.append(self.error("'repeat' needs at least one command", line: line, column: column))
                return nil
            }
            return ScriptCommand(
                line: line, source: String(text),
                action: .repeatUntil(condition, every: every, limit: limit, body: body), column: column)
        default:
            if header != "zip" {
                errors.append(self.error("expected '{' right after 'zip'", line: line, column: column + 3))
            }
            let before = errors.count
            let (calls, end) = parseBlock(&cursor, opener: opener)
            guard case .close = end else { return nil }
            for call in calls where !call.isBlockMember {
                errors.append(
                    error(
                        "only 'call' and raw requests (get, post, …) can run inside 'zip'", line: call.line,
                        column: call.column))
            }
            if calls.isEmpty && errors.count == before {
                errors.append(error("'zip' needs at least one call", line: line, column: column))
            }
            return errors.count == before
                ? ScriptCommand(line: line, source: String(text), action: .zip(calls), column: column) : nil
        }
    }

    /// Goes one block deeper, or, past ``maximumDepth``, records the error and skips the block's lines.
    private mutating func enter(line: Int, column: Int, cursor: inout Int) -> Bool {
        guard depth < Self.maximumDepth else {
            errors.append(error("blocks nest at most \(Self.maximumDepth) deep", line: line, column: column))
            var open = 1
            while cursor < lines.count && open > 0 {
                let trimmed = lines[cursor].drop { $0 == " " || $0 == "\t" }.trimmingSuffix()
                cursor += 1
                if Self.blockKeyword(trimmed) != nil {
                    open += 1
                } else if trimmed == "}" {
                    open -= 1
                }
            }
            return false
        }
        depth += 1
        return true
    }

    /// `if CONDITION {` … `}`, with an optional `} else {` or `} else if CONDITION {` chain.
    private mutating func parseIf(_ header: Substring, line: Int, column: Int, cursor: inout Int) -> ScriptCommand? {
        var condition: ResponseExpectation?
        var scanner = ScriptScanner(header, baseColumn: column, line: line, scriptName: scriptName)
        do {
            _ = try scanner.requiredWord("'if'")
            let parsed = try parseExpectation(&scanner)
            try scanner.expectEnd()
            condition = parsed
        } catch {
            errors.append(error)
        }
        let opener = Opener(keyword: "if", line: line, column: column)
        let (then, end) = parseBlock(&cursor, opener: opener)
        var otherwise: [ScriptCommand] = []
        switch end {
        case .close:
            break
        case .endOfScript:
            return nil
        case .otherwise:
            let (commands, elseEnd) = parseBlock(&cursor, opener: Opener(keyword: "else", line: line, column: column))
            guard case .close = elseEnd else { return nil }
            otherwise = commands
        case .otherwiseIf(let text, let elseLine, let elseColumn):
            guard enter(line: elseLine, column: elseColumn, cursor: &cursor) else { return nil }
            defer { depth -= 1 }
            guard
                let nested = parseIf(
                    text.dropLast().trimmingSuffix(), line: elseLine, column: elseColumn, cursor: &cursor)
            else { return nil }
            otherwise = [nested]
        }
        guard let condition else { return nil }
        return ScriptCommand(
            line: line, source: String(header) + " {",
            action: .conditional(condition, then: then, otherwise: otherwise),
            column: column)
    }

    /// `repeat until CONDITION [every DURATION] for DURATION`: the condition, the pause between
    /// attempts (1 s unless given) and the time limit.
    private func parseRepeatHeader(_ header: Substring, line: Int, column: Int) throws(ScriptError)
        -> (ResponseExpectation, Duration, Duration)
    {
        var words = Self.words(header)
        var every: Duration?
        var limit: Duration?
        // The timing words come last, so a condition that runs to the end of the line (a tip
        // regex) never swallows them.
        while words.count >= 2 {
            let (keyword, value) = (words[words.count - 2], words[words.count - 1])
            let range = keyword.text == "every" ? InputRanges.repeatInterval : InputRanges.repeatLimit
            guard keyword.text == "every" && every == nil || keyword.text == "for" && limit == nil else { break }
            // Not a duration before other timing words: they belong to the condition (a tip regex
            // may say "every day"). At the very end, it is a mistyped duration.
            let milliseconds = DurationText.milliseconds(String(value.text))
            if milliseconds == nil && (every != nil || limit != nil) { break }
            guard let milliseconds, range.contains(milliseconds) else {
                throw error(
                    "expected a duration of \(InputRanges.describe(milliseconds: range)) after '\(keyword.text)', "
                        + "such as 500ms, 2s or 1m", line: line, column: column + value.offset)
            }
            let duration = Duration.milliseconds(milliseconds)
            if keyword.text == "every" { every = duration } else { limit = duration }
            words.removeLast(2)
        }
        guard let limit else {
            throw error(
                "expected 'for DURATION' at the end: repeat until CONDITION every 2s for 1m {", line: line,
                column: column)
        }
        let end = words.last.map { $0.offset + $0.text.count } ?? 0
        var scanner = ScriptScanner(
            header.prefix(end), baseColumn: column, line: line, scriptName: scriptName)
        _ = try scanner.requiredWord("'repeat'")
        guard scanner.take("until") else { throw scanner.error("expected 'until' after 'repeat'") }
        let condition = try parseExpectation(&scanner)
        try scanner.expectEnd()
        return (condition, every ?? .seconds(1), limit)
    }

    /// The whitespace-separated words of `text` with their offsets in characters.
    private static func words(_ text: Substring) -> [(text: Substring, offset: Int)] {
        var words: [(text: Substring, offset: Int)] = []
        var offset = 0
        var start: (index: Substring.Index, offset: Int)?
        for index in text.indices {
            let isSpace = text[index] == " " || text[index] == "\t"
            if isSpace, let open = start {
                words.append((text[open.index..<index], open.offset))
                start = nil
            } else if !isSpace && start == nil {
                start = (index, offset)
            }
            offset += 1
        }
        if let open = start { words.append((text[open.index...], open.offset)) }
        return words
    }

    /// Parses one line that is a whole command (the TUI's `:` line uses this too).
    func parseCommand(_ text: Substring, line: Int, column: Int) throws(ScriptError) -> ScriptCommand {
        var scanner = ScriptScanner(text, baseColumn: column, line: line, scriptName: scriptName)
        let (name, nameColumn) = try scanner.requiredWord("a command")
        let action: ScriptCommand.Action
        switch name {
        case "use":
            action = .use(profile: try scanner.text("a profile name"))
        case "set":
            let variable = try variableName(&scanner)
            // A quoted value is decoded; anything else is the rest of the line as written.
            let value = scanner.peek == "\"" ? try scanner.text("a value") : try scanner.rest()
            action = .set(name: variable, value: value ?? ScriptText(literal: "", column: scanner.column))
        case "call", "get", "post", "put", "patch", "delete":
            action = try parseRequest(name, &scanner)
        case "probe":
            action = .probe(try scanner.path())
        case "expect":
            action = .expect(try parseExpectation(&scanner))
        case "capture":
            let variable = try variableName(&scanner)
            action = .capture(name: variable, path: try scanner.path())
        case "zip":
            action = .zip(try parseInlineZip(&scanner))
        case "history":
            var limit = 20
            if let (word, wordColumn) = scanner.word() {
                guard let value = Int(word), value > 0 else {
                    throw scanner.error("expected a positive number of entries", at: wordColumn)
                }
                limit = value
            }
            action = .history(limit: limit)
        case "replay":
            action = .replay(id: try scanner.text("a history id"))
        case "if", "repeat":
            throw scanner.error(
                "'\(name)' opens a block: end the line with '{' and close the block with '}' on its own line",
                at: nameColumn)
        case "skip":
            action = .skip(
                reason: scanner.atEnd ? nil : scanner.peek == "\"" ? try scanner.text("a reason") : try scanner.rest())
        case "only":
            action = .only
        default:
            // Within two edits of a command, which no word more than two longer than the longest
            // command can be: a long word (the fuzzer's 16 KB one) costs nothing to refuse.
            let longest = Self.commandNames.map(\.count).max() ?? 0
            let suggestion =
                name.utf8.count > 4 * (longest + 2)
                ? nil
                : Self.commandNames.map { ($0, $0.distance(to: name)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            throw scanner.error(
                "unknown command '\(name)'\(hint); commands: \(Self.commandNames.joined(separator: ", "))",
                at: nameColumn)
        }
        try scanner.expectEnd()
        return ScriptCommand(line: line, source: String(text), action: action, column: column)
    }

    private func parseRequest(_ name: String, _ scanner: inout ScriptScanner) throws(ScriptError)
        -> ScriptCommand.Action
    {
        if name != "call" {
            let path = try scanner.text("a path under the base URL")
            return .request(method: name.uppercased(), path: path, body: try scanner.rest())
        }
        let endpoint = try scanner.text("an endpoint id")
        var arguments: [ScriptCommand.Argument] = []
        var options: [ScriptCommand.Argument] = []
        while !scanner.atEnd {
            var probe = scanner
            let column = probe.column
            guard let word = probe.word(), let equals = word.text.firstIndex(of: "=") else {
                throw scanner.error("expected name=value or --option=value", at: column + 1)
            }
            let name = String(word.text[..<equals])
            guard !name.isEmpty else { throw scanner.error("expected a parameter name before '='", at: word.column) }
            let isOption = name.hasPrefix("--")
            if isOption {
                let option = String(name.dropFirst(2))
                guard ScriptCommand.callOptions.contains(option) else {
                    throw scanner.error(
                        "unknown call option '\(name)'; options: "
                            + ScriptCommand.callOptions.map { "--\($0)" }.joined(separator: ", "), at: word.column)
                }
                guard
                    ScriptCommand.repeatableCallOptions.contains(option)
                        || !options.contains(where: { $0.name == option })
                else {
                    throw scanner.error("'\(name)' is given twice", at: word.column)
                }
            } else if !options.isEmpty {
                throw scanner.error("parameters come before the --options", at: word.column)
            }
            // Re-scan the value on its own so it may be quoted: q="two words".
            var valueScanner = scanner
            valueScanner.skipSpaces()
            valueScanner.advance(by: name.count + 1)
            let value: ScriptText
            if valueScanner.peekRaw == nil || valueScanner.peekRaw == " " || valueScanner.peekRaw == "\t" {
                value = ScriptText(literal: "", column: valueScanner.column)
            } else {
                value = try valueScanner.text("a value")
            }
            scanner = valueScanner
            if isOption {
                options.append(ScriptCommand.Argument(name: String(name.dropFirst(2)), value: value))
            } else {
                // `tags:=["a"]`: HTTPie's raw JSON field.
                let isJSON = name.hasSuffix(":") && name.count > 1
                arguments.append(
                    ScriptCommand.Argument(name: isJSON ? String(name.dropLast()) : name, value: value, isJSON: isJSON))
            }
        }
        return .call(endpoint: endpoint, arguments: arguments, options: options)
    }

    private func parseInlineZip(_ scanner: inout ScriptScanner) throws(ScriptError) -> [ScriptCommand] {
        guard scanner.peek == "{" else { throw scanner.error("expected '{' after 'zip'") }
        scanner.skipSpaces()
        scanner.advance(by: 1)
        guard scanner.characters.last == "}" else { throw scanner.error("expected '}' to close 'zip {'") }
        let start = scanner.index
        let end = scanner.characters.count - 1
        var calls: [ScriptCommand] = []
        var segmentStart = start
        var quote = false
        for position in start...end {
            let character = scanner.characters[position]
            if character == "\"" { quote.toggle() }
            guard position == end || (character == ";" && !quote) else { continue }
            let segment = Substring(String(scanner.characters[segmentStart..<position]))
            let leading = segment.prefix { $0 == " " }.count
            let trimmed = segment.dropFirst(leading).trimmingSuffix()
            if !trimmed.isEmpty {
                calls.append(
                    try parseBlockMember(
                        trimmed, line: scanner.line, column: scanner.baseColumn + segmentStart + leading))
            }
            segmentStart = position + 1
        }
        scanner.advance(by: scanner.characters.count - scanner.index)
        guard !calls.isEmpty else { throw scanner.error("'zip' needs at least one call") }
        return calls
    }

    private func parseBlockMember(_ text: Substring, line: Int, column: Int) throws(ScriptError) -> ScriptCommand {
        let command = try parseCommand(text, line: line, column: column)
        switch command.action {
        case .call, .request: return command
        default:
            throw ScriptError(
                .syntax, script: scriptName, line: line, column: column,
                "only 'call' and raw requests (get, post, …) can run inside 'zip'")
        }
    }

    private func variableName(_ scanner: inout ScriptScanner) throws(ScriptError) -> String {
        let (name, column) = try scanner.requiredWord("a variable name")
        guard Script.isVariableName(name) else { throw scanner.error("invalid variable name '\(name)'", at: column) }
        guard scanner.take("=") else { throw scanner.error("expected '=' after the variable name") }
        return name
    }

    /// `500ms`, `2s`, `1.5s`, or a bare number of milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        let (number, scale): (Substring, Double) =
            text.hasSuffix("ms")
            ? (text.dropLast(2), 1) : text.hasSuffix("s") ? (text.dropLast(), 1000) : (Substring(text), 1)
        guard let value = Double(number), value >= 0, value.isFinite else { return nil }
        return value * scale
    }

    func error(_ message: String, line: Int, column: Int) -> ScriptError {
        ScriptError(.syntax, script: scriptName, line: line, column: column, message)
    }
}

extension Substring {
    fileprivate func trimmingSuffix() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return self[startIndex..<end]
    }

    fileprivate func trimmingCharacters(in set: String) -> Substring {
        drop { set.contains($0) }.trimmingSuffix()
    }
}

extension String {
    /// Levenshtein distance, for "did you mean" hints.
    fileprivate func distance(to other: String) -> Int {
        let a = Array(self)
        let b = Array(other)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = Swift.min(
                    previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
