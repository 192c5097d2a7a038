/// RFC 9485 I-Regexp: the interoperable regular expressions of JSONPath's `match` and `search`.
///
/// I-Regexp is a small subset of XML Schema regular expressions: literal characters, `.`,
/// character classes with ranges, the single-character escapes, `\p{…}`/`\P{…}` general
/// categories, groups, alternation and the quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`.
/// There are no back-references and no lookaround. ``translate(_:)`` checks a pattern against the
/// RFC 9485 grammar and rewrites it in Swift `Regex` syntax, to be matched with Unicode-scalar
/// semantics:
///
/// - `.` becomes `[^\n\r]` (any scalar but LF and CR);
/// - an unescaped `^` or `$` outside a class becomes `\A` or `\z`: the grammar lists them as
///   ordinary characters, but the RFC's own mappings to ECMAScript and PCRE leave them as
///   anchors, and the JSONPath compliance suite expects `match(@, '^ab.*')` to match `"abc"`,
///   so they anchor here too (write `\^` or `[$]` for the characters themselves);
/// - every literal becomes `\x{…}`, so no character is read as Swift syntax;
/// - groups become non-capturing `(?:…)`;
/// - `\p{Lu}` becomes `\p{gc=Lu}`, naming the general category explicitly.
enum IRegexp {
    /// The result of reading an I-Regexp.
    enum Translation: Sendable, Hashable {
        /// The pattern is valid; this is the same language in Swift `Regex` syntax.
        case valid(String)
        /// The pattern is not an I-Regexp: the problem and its 0-based scalar offset.
        case invalid(offset: Int, message: String)
    }

    /// The deepest nesting of groups accepted. Patterns can come from documents, so nesting is
    /// bounded to keep the recursive reader's stack small.
    static let maximumGroupDepth = 64

    /// Checks `pattern` against the RFC 9485 grammar and translates it to Swift `Regex` syntax.
    static func translate(_ pattern: String) -> Translation {
        var reader = Reader(scalars: Array(pattern.unicodeScalars))
        do throws(Failure) {
            let translated = try reader.readAlternation(depth: 0)
            if reader.position < reader.scalars.count {
                // Only an unbalanced ')' stops the top-level alternation early.
                throw Failure(offset: reader.position, message: "unbalanced ')'")
            }
            return .valid(translated)
        } catch {
            return .invalid(offset: error.offset, message: error.message)
        }
    }

    /// Compiles a translated pattern, matching by Unicode scalar as I-Regexp requires; `nil` if
    /// Swift rejects it (a pattern the reader accepted should never be rejected).
    static func compile(_ swiftPattern: String) -> Regex<AnyRegexOutput>? {
        do {
            return try Regex(swiftPattern).matchingSemantics(.unicodeScalar)
        } catch {
            return nil
        }
    }

    struct Failure: Error {
        var offset: Int
        var message: String
    }

    /// A recursive-descent reader over the pattern's scalars that writes Swift syntax as it goes.
    struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func fail(_ message: String) -> Failure { Failure(offset: position, message: message) }

        /// `i-regexp = branch *( "|" branch )`
        mutating func readAlternation(depth: Int) throws(Failure) -> String {
            var output = try readBranch(depth: depth)
            while current == "|" {
                position += 1
                output += "|"
                output += try readBranch(depth: depth)
            }
            return output
        }

        /// `branch = *piece`, `piece = atom [ quantifier ]`
        mutating func readBranch(depth: Int) throws(Failure) -> String {
            var output = ""
            while let scalar = current, scalar != "|", scalar != ")" {
                output += try readAtom(depth: depth)
                output += try readQuantifier()
            }
            return output
        }

        mutating func readAtom(depth: Int) throws(Failure) -> String {
            guard let scalar = current else { throw fail("expected an atom") }
            switch scalar {
            case "(":
                guard depth < IRegexp.maximumGroupDepth else { throw fail("groups nested too deeply") }
                position += 1
                let inner = try readAlternation(depth: depth + 1)
                guard current == ")" else { throw fail("expected ')' to close the group") }
                position += 1
                return "(?:" + inner + ")"
            case ".":
                position += 1
                return #"[^\n\r]"#
            case "^":
                position += 1
                return #"\A"#
            case "$":
                position += 1
                return #"\z"#
            case "[":
                return try readClassExpression()
            case "\\":
                return try readEscape().text
            case "*", "+", "?", "{":
                throw fail("quantifier '\(scalar)' has nothing to repeat")
            case "]", "}":
                throw fail("'\(scalar)' must be escaped")
            default:
                position += 1
                return Self.literal(scalar)
            }
        }

        /// `quantifier = ( "*" / "+" / "?" ) / "{" QuantExact [ "," [ QuantExact ] ] "}"`
        mutating func readQuantifier() throws(Failure) -> String {
            guard let scalar = current else { return "" }
            switch scalar {
            case "*", "+", "?":
                position += 1
                return String(scalar)
            case "{":
                position += 1
                let minimum = try readCount()
                var text = "{\(minimum)"
                if current == "," {
                    position += 1
                    text += ","
                    if current != "}" {
                        let start = position
                        let maximum = try readCount()
                        guard maximum >= minimum else {
                            throw Failure(offset: start, message: "quantifier maximum is less than its minimum")
                        }
                        text += String(maximum)
                    }
                }
                guard current == "}" else { throw fail("expected '}' to close the quantifier") }
                position += 1
                return text + "}"
            default:
                return ""
            }
        }

        /// `QuantExact = 1*%x30-39`, saturating far beyond any practical repeat count.
        mutating func readCount() throws(Failure) -> Int {
            var value = 0
            var digits = 0
            while let scalar = current, ("0"..."9").contains(scalar) {
                value = min(value * 10 + Int(scalar.value - 0x30), 1 << 40)
                digits += 1
                position += 1
            }
            guard digits > 0 else { throw fail("expected a digit in the quantifier") }
            return value
        }

        /// `charClassExpr = "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]"`
        mutating func readClassExpression() throws(Failure) -> String {
            let open = position
            position += 1
            var output = "["
            if current == "^" {
                position += 1
                output += "^"
            }
            var isFirst = true
            while true {
                guard let scalar = current else {
                    throw Failure(offset: open, message: "unterminated character class")
                }
                if scalar == "]" {
                    guard !isFirst else { throw fail("empty character class") }
                    position += 1
                    return output + "]"
                }
                if scalar == "-" {
                    let next = position + 1 < scalars.count ? scalars[position + 1] : nil
                    guard isFirst || next == "]" else {
                        throw fail("'-' must be escaped unless first or last in a character class")
                    }
                    position += 1
                    output += Self.literal("-")
                } else {
                    output += try readClassItem()
                }
                isFirst = false
            }
        }

        /// `CCE1 = ( CCchar [ "-" CCchar ] ) / charClassEsc`
        mutating func readClassItem() throws(Failure) -> String {
            guard let low = try readClassCharacter() else {
                return try readEscape().text  // a \p{…} or \P{…} class escape
            }
            let afterLow = position
            guard current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" else {
                return Self.literal(low)
            }
            position += 1
            guard let high = try readClassCharacter() else {
                throw fail("a category escape cannot end a range")
            }
            guard low.value <= high.value else {
                throw Failure(offset: afterLow, message: "range out of order")
            }
            return Self.literal(low) + "-" + Self.literal(high)
        }

        /// `CCchar`: a literal or single-character escape in a class; `nil` (nothing consumed)
        /// at a `\p`/`\P` category escape.
        mutating func readClassCharacter() throws(Failure) -> Unicode.Scalar? {
            guard let scalar = current else { throw fail("unterminated character class") }
            switch scalar {
            case "\\":
                let escape = try readEscape(categoriesAllowed: false)
                return escape.scalar
            case "[", "]", "-":
                throw fail("'\(scalar)' must be escaped in a character class")
            default:
                position += 1
                return scalar
            }
        }

        /// An escape: `SingleCharEsc`, `catEsc` or `complEsc`. With `categoriesAllowed` false, a
        /// category escape is left unread and the result's scalar is `nil`.
        mutating func readEscape(
            categoriesAllowed: Bool = true
        ) throws(Failure) -> (text: String, scalar: Unicode.Scalar?) {
            guard position + 1 < scalars.count else { throw fail("'\\' at end of pattern") }
            let escaped = scalars[position + 1]
            switch escaped {
            case "n", "r", "t":
                position += 2
                let scalar: Unicode.Scalar = escaped == "n" ? "\n" : (escaped == "r" ? "\r" : "\t")
                return (Self.literal(scalar), scalar)
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
                position += 2
                return (Self.literal(escaped), escaped)
            case "p", "P":
                guard categoriesAllowed else { return ("", nil) }
                position += 2
                let category = try readCategory()
                return ("\\\(escaped){gc=\(category)}", nil)
            default:
                throw fail("invalid escape '\\\(escaped)'")
            }
        }

        /// `"{" IsCategory "}"` after `\p` or `\P`.
        mutating func readCategory() throws(Failure) -> String {
            guard current == "{" else { throw fail("expected '{' after a category escape") }
            position += 1
            guard let major = current, let minors = Self.categories[major] else {
                throw fail("expected a general category (L, M, N, P, Z, S or C)")
            }
            position += 1
            var name = String(major)
            if let minor = current, minor != "}" {
                guard minors.unicodeScalars.contains(minor) else {
                    throw fail("unknown general category '\(major)\(minor)'")
                }
                position += 1
                name.unicodeScalars.append(minor)
            }
            guard current == "}" else { throw fail("expected '}' to close the category") }
            position += 1
            return name
        }

        /// The general categories of `IsCategory`: each major class and its allowed subclasses.
        static let categories: [Unicode.Scalar: String] = [
            "L": "lmotu", "M": "cen", "N": "dlo", "P": "cdefios", "Z": "lps", "S": "ckmo", "C": "cfno",
        ]

        /// A scalar as a Swift regex literal: ASCII letters and digits as themselves, anything
        /// else as `\x{…}`, so that no character can be taken for Swift syntax.
        static func literal(_ scalar: Unicode.Scalar) -> String {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9":
                return String(scalar)
            default:
                return "\\x{" + String(scalar.value, radix: 16) + "}"
            }
        }
    }
}
