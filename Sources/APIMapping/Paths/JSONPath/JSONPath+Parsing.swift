// The RFC 9535 reader: a recursive-descent parser over the query's Unicode scalars that builds the
// syntax tree of `JSONPath+Syntax.swift`. This file reads queries, segments and selectors, string
// literals and integers; `JSONPath+FilterParsing.swift` reads filter expressions.

extension JSONPath {
    /// Reads one query. Offsets in errors count Unicode scalars from 0.
    struct Parser {
        /// The largest magnitude of an index or slice bound: 2^53 − 1 (RFC 9535 §2.1).
        static let maximumInteger = 9_007_199_254_740_991
        /// How deeply filter expressions (parentheses, function arguments, nested filters) may nest.
        /// The parser and evaluator recurse on this nesting, so it is bounded.
        static let maximumNesting = 100

        let text: String
        let scalars: [Unicode.Scalar]
        var position = 0
        var nesting = 0
        /// The number of `$` queries inside filters so far; each gets a result-cache slot.
        var cacheSlots = 0

        typealias Query = JSONPath.Query
        typealias Segment = JSONPath.Segment
        typealias Selector = JSONPath.Selector
        typealias Slice = JSONPath.Slice

        init(_ text: String) {
            self.text = text
            self.scalars = Array(text.unicodeScalars)
        }

        // MARK: Scanning

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func peek(_ ahead: Int) -> Unicode.Scalar? {
            position + ahead < scalars.count ? scalars[position + ahead] : nil
        }

        /// Skips `S`: spaces, tabs, line feeds and carriage returns.
        mutating func skipBlanks() {
            while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                position += 1
            }
        }

        static func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return ("0"..."9").contains(scalar)
        }

        /// `name-first = ALPHA / "_" / %x80-D7FF / %xE000-10FFFF`
        static func isNameFirst(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar.value >= 0x80
        }

        func error(at offset: Int, _ message: String) -> PathSyntaxError {
            PathSyntaxError(.jsonPath, path: text, offset: offset, message: message)
        }

        func error(_ message: String) -> PathSyntaxError {
            error(at: position, message)
        }

        /// The scalar at the current position as messages name it.
        var found: String { Self.describe(current) }

        static func describe(_ scalar: Unicode.Scalar?) -> String {
            guard let scalar else { return "end of query" }
            switch scalar {
            case " ": return "a space"
            case "\t": return "a tab"
            case "\n": return "a line feed"
            case "\r": return "a carriage return"
            case "\u{00}"..."\u{1F}", "\u{7F}": return uPlus(scalar.value)
            default: return "'\(scalar)'"
            }
        }

        static func uPlus(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        // MARK: Queries and segments

        /// `jsonpath-query = root-identifier segments`, the whole text.
        mutating func parseQuery() throws(PathSyntaxError) -> Query {
            guard current == "$" else {
                throw error("expected '$' at the start of the query, found \(found)")
            }
            position += 1
            let segments = try parseSegments()
            if position < scalars.count {
                let stop = position
                skipBlanks()
                if position == scalars.count {
                    throw error(at: stop, "unexpected whitespace at the end of the query")
                }
                throw error("expected '.', '..' or '[' to start a segment, found \(found)")
            }
            return Query(root: .document, segments: segments)
        }

        /// `segments = *(S segment)`; whitespace not followed by a segment is left unread.
        mutating func parseSegments() throws(PathSyntaxError) -> [Segment] {
            var segments: [Segment] = []
            while true {
                let save = position
                skipBlanks()
                guard current == "." || current == "[" else {
                    position = save
                    return segments
                }
                segments.append(try parseSegment())
            }
        }

        /// A child segment (`[…]`, `.name`, `.*`) or a descendant segment (`..[…]`, `..name`, `..*`).
        mutating func parseSegment() throws(PathSyntaxError) -> Segment {
            if current == "[" {
                let (selectors, hasBlanks) = try parseBracketedSelection()
                return Segment(isDescendant: false, selectors: selectors, hasBlanksInBrackets: hasBlanks)
            }
            position += 1  // "."
            let isDescendant = current == "."
            if isDescendant {
                position += 1
                if current == "[" {
                    let (selectors, hasBlanks) = try parseBracketedSelection()
                    return Segment(isDescendant: true, selectors: selectors, hasBlanksInBrackets: hasBlanks)
                }
            }
            if current == "*" {
                position += 1
                return Segment(isDescendant: isDescendant, selectors: [.wildcard])
            }
            if Self.isNameFirst(current) {
                return Segment(isDescendant: isDescendant, selectors: [.name(parseMemberNameShorthand())])
            }
            let lead = isDescendant ? "a member name, '*' or '[' after '..'" : "a member name or '*' after '.'"
            var message = "expected \(lead), found \(found)"
            if let digit = current, Self.isDigit(digit) {
                message += " (a member name cannot start with a digit; quote it, as in ['\(digit)'])"
            }
            throw error(message)
        }

        /// `member-name-shorthand = name-first *name-char`
        mutating func parseMemberNameShorthand() -> String {
            let start = position
            while Self.isNameFirst(current) || Self.isDigit(current) {
                position += 1
            }
            return String(String.UnicodeScalarView(scalars[start..<position]))
        }

        /// `bracketed-selection = "[" S selector *(S "," S selector) S "]"`, and whether it
        /// holds blanks.
        mutating func parseBracketedSelection() throws(PathSyntaxError) -> (selectors: [Selector], hasBlanks: Bool) {
            position += 1  // "["
            var selectors: [Selector] = []
            var hasBlanks = false
            while true {
                var start = position
                skipBlanks()
                hasBlanks = hasBlanks || position > start
                selectors.append(try parseSelector())
                start = position
                skipBlanks()
                hasBlanks = hasBlanks || position > start
                switch current {
                case ",":
                    position += 1
                case "]":
                    position += 1
                    return (selectors, hasBlanks)
                default:
                    throw error("expected ',' or ']' after the selector, found \(found)")
                }
            }
        }

        mutating func parseSelector() throws(PathSyntaxError) -> Selector {
            guard let scalar = current else { throw unexpectedSelector() }
            switch scalar {
            case "'", "\"":
                return .name(try parseStringLiteral())
            case "*":
                position += 1
                return .wildcard
            case "?":
                position += 1
                skipBlanks()
                return .filter(try parseFilterExpression())
            case "-", ":", "0"..."9":
                return try parseIndexOrSlice()
            case "@", "$":
                throw error(
                    "expected a selector, found \(found): a filter starts with '?', as in [?@.price < 10]")
            default:
                throw unexpectedSelector()
            }
        }

        func unexpectedSelector() -> PathSyntaxError {
            error("expected a selector (a quoted name, an index, a slice, '*' or a '?' filter), found \(found)")
        }

        /// `index-selector = int` or `slice-selector = [start S] ":" S [end S] [":" [S step]]`
        mutating func parseIndexOrSlice() throws(PathSyntaxError) -> Selector {
            var slice = Slice()
            if current != ":" {
                let index = try parseInteger("an index")
                let save = position
                skipBlanks()
                guard current == ":" else {
                    position = save
                    return .index(index)
                }
                slice.start = index
            }
            position += 1  // ":"
            skipBlanks()
            if current == "-" || Self.isDigit(current) {
                slice.end = try parseInteger("a slice end")
                skipBlanks()
            }
            if current == ":" {
                position += 1
                skipBlanks()
                if current == "-" || Self.isDigit(current) {
                    slice.step = try parseInteger("a slice step")
                }
            }
            return .slice(slice)
        }

        /// `int = "0" / (["-"] DIGIT1 *DIGIT)`, within ±(2^53 − 1).
        mutating func parseInteger(_ role: String) throws(PathSyntaxError) -> Int {
            let start = position
            let negative = current == "-"
            if negative { position += 1 }
            guard let first = current, Self.isDigit(first) else {
                throw error("expected a digit\(negative ? " after '-'" : ""), found \(found)")
            }
            if first == "0" {
                position += 1
                if negative {
                    throw error(at: start, "-0 is not allowed as \(role); write 0")
                }
                if Self.isDigit(current) {
                    throw error(at: start, "leading zeros are not allowed in \(role)")
                }
                return 0
            }
            var magnitude = 0
            while let digit = current, Self.isDigit(digit) {
                // Saturate just past the limit so that any number of digits cannot overflow.
                magnitude = min(magnitude * 10 + Int(digit.value - 0x30), Self.maximumInteger + 1)
                position += 1
            }
            guard magnitude <= Self.maximumInteger else {
                throw error(
                    at: start,
                    "\(role) is out of range: it must be between -9007199254740991 and 9007199254740991")
            }
            return negative ? -magnitude : magnitude
        }

        // MARK: String literals

        /// `string-literal`: single- or double-quoted, with the RFC's escapes.
        mutating func parseStringLiteral() throws(PathSyntaxError) -> String {
            let start = position
            let quote = scalars[position]
            position += 1
            var value = String.UnicodeScalarView()
            while true {
                guard let scalar = current else {
                    throw error(
                        "expected \(quote) to close the string that starts at column \(start + 1), found end of query")
                }
                switch scalar {
                case quote:
                    position += 1
                    return String(value)
                case "\\":
                    value.append(try parseEscape(quote: quote))
                case "\u{00}"..."\u{1F}":
                    throw error("\(Self.uPlus(scalar.value)) must be escaped in a string literal")
                default:
                    value.append(scalar)
                    position += 1
                }
            }
        }

        /// An escape sequence after `\` inside a string quoted with `quote`.
        mutating func parseEscape(quote: Unicode.Scalar) throws(PathSyntaxError) -> Unicode.Scalar {
            let start = position
            position += 1  // "\"
            guard let escaped = current else {
                throw error(at: start, "incomplete escape sequence at the end of the query")
            }
            position += 1
            switch escaped {
            case "b": return "\u{08}"
            case "f": return "\u{0C}"
            case "n": return "\n"
            case "r": return "\r"
            case "t": return "\t"
            case "/", "\\": return escaped
            case quote: return quote
            case "u": return try parseUnicodeEscape(start: start)
            case "'", "\"":
                let kind = quote == "'" ? "single" : "double"
                throw error(
                    at: start, "\\\(escaped) is not an escape in a \(kind)-quoted string; write \(escaped) alone")
            default:
                throw error(
                    at: start,
                    "invalid escape sequence \\\(escaped): expected \\b, \\f, \\n, \\r, \\t, \\/, \\\\, \\\(quote) "
                        + "or \\u followed by four hex digits")
            }
        }

        /// `\uXXXX`, or a surrogate pair `\uD8XX\uDCXX`; `start` is the offset of the `\`.
        mutating func parseUnicodeEscape(start: Int) throws(PathSyntaxError) -> Unicode.Scalar {
            guard let unit = parseHex4() else {
                throw error(at: start, "expected four hex digits after \\u")
            }
            var value = unit
            switch unit {
            case 0xD800...0xDBFF:
                let message =
                    "\\u\(String(unit, radix: 16, uppercase: true)) is a high surrogate: expected a low "
                    + "surrogate escape \\uDC00…\\uDFFF right after it"
                guard current == "\\", peek(1) == "u" else { throw error(at: start, message) }
                position += 2
                guard let low = parseHex4(), (0xDC00...0xDFFF).contains(low) else { throw error(at: start, message) }
                value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            case 0xDC00...0xDFFF:
                throw error(
                    at: start,
                    "\\u\(String(unit, radix: 16, uppercase: true)) is a low surrogate without a high surrogate "
                        + "before it")
            default:
                break
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw error(at: start, "\\u escape does not name a Unicode scalar")
            }
            return scalar
        }

        /// Four hex digits, either case; `nil` (nothing consumed) if there are not four.
        mutating func parseHex4() -> UInt32? {
            var value: UInt32 = 0
            for ahead in 0..<4 {
                guard let scalar = peek(ahead), scalar.isASCII, let digit = UInt32(String(scalar), radix: 16) else {
                    return nil
                }
                value = value << 4 | digit
            }
            position += 4
            return value
        }
    }
}
