import APIClient
import APIMapping

/// The `expect` lines: which expectation a line states, with the column of any mistake.
extension ScriptParser {
    /// An `expect` line's expectation, after the word `expect`.
    func parseExpectation(_ scanner: inout ScriptScanner) throws(ScriptError) -> ResponseExpectation {
        let (word, column) = try scanner.requiredWord(
            "an expectation (success, business-failure, http-failure, http, tip, error, probe, count, time, unchanged, "
                + "events, event)")
        switch word {
        case "success": return .outcome(.success)
        case "business-failure": return .outcome(.businessFailure)
        case "http-failure": return .outcome(.httpFailure)
        case "undetermined": return .outcome(.undetermined)
        case "http":
            let (code, codeColumn) = try scanner.requiredWord("an HTTP status code")
            guard let status = Int(code), (100...599).contains(status) else {
                throw scanner.error("expected an HTTP status code between 100 and 599", at: codeColumn)
            }
            return .httpStatus(status)
        case "tip":
            if scanner.take("~") {
                return try parseRegex(&scanner)
            }
            _ = scanner.take("==")
            return .tipEquals(try scanner.text("the expected tip"))
        case "error":
            let (name, nameColumn) = try scanner.requiredWord("a catalogued error name (or uncatalogued)")
            return .businessError(name: name, column: nameColumn)
        case "probe":
            let path = try scanner.path()
            let comparison = try scanner.comparison()
            return .probe(path, comparison, try scanner.jsonValue("a JSON value"))
        case "count":
            let path = try scanner.path()
            let comparison = try scanner.comparison()
            let (number, numberColumn) = try scanner.requiredWord("a count")
            guard let count = Int(number), count >= 0 else {
                throw scanner.error("expected a whole number", at: numberColumn)
            }
            return .count(path, comparison, count)
        case "unchanged":
            return try parseUnchanged(&scanner)
        case "events":
            let comparison = try scanner.comparison()
            let (number, numberColumn) = try scanner.requiredWord("a number of events")
            guard let count = Int(number), count >= 0 else {
                throw scanner.error("expected a whole number", at: numberColumn)
            }
            return .eventCount(comparison, count)
        case "event":
            let (selectorWord, selectorColumn) = try scanner.requiredWord("an event: any, first, last or its index")
            guard let selector = EventSelector(selectorWord) else {
                throw scanner.error(
                    "expected an event: any, first, last or its index (0, 1, -1 for the last)", at: selectorColumn)
            }
            var path = try scanner.path()
            path.event = selector
            let comparison = try scanner.comparison()
            return .probe(path, comparison, try scanner.jsonValue("a JSON value"))
        case "time":
            let comparison = try scanner.comparison()
            let (text, valueColumn) = try scanner.requiredWord("a duration such as 500ms or 2s")
            guard let milliseconds = Self.milliseconds(text) else {
                throw scanner.error("expected a duration such as 500ms or 2s", at: valueColumn)
            }
            return .time(comparison, milliseconds: milliseconds)
        default:
            throw scanner.error(
                "unknown expectation '\(word)'; expected success, business-failure, http-failure, http, tip, error, "
                    + "probe, count, time, unchanged, events or event", at: column)
        }
    }

    /// `expect tip ~ /…/`: an I-Regexp (RFC 9485) the tip must match.
    private func parseRegex(_ scanner: inout ScriptScanner) throws(ScriptError) -> ResponseExpectation {
        scanner.skipSpaces()
        let column = scanner.column
        guard let rest = try scanner.rest()?.description, rest.hasPrefix("/"), rest.count >= 2, rest.hasSuffix("/")
        else {
            throw scanner.error("expected a regular expression between slashes: /…/", at: column)
        }
        let pattern = String(rest.dropFirst().dropLast())
        do {
            _ = try IRegexp(pattern)
        } catch {
            throw scanner.error(
                "invalid regular expression (RFC 9485 I-Regexp): \(error.message)", at: column + 1 + error.offset)
        }
        return .tipMatches(pattern: pattern, column: column)
    }
}
