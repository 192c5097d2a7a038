/// RFC 9485 I-Regexp: the interoperable regular expressions of JSONPath's `match` and `search`,
/// matched in time linear in the subject.
///
/// I-Regexp is a small subset of XML Schema regular expressions: literal characters, `.`,
/// character classes with ranges, the single-character escapes, `\p{…}`/`\P{…}` general
/// categories, groups, alternation and the quantifiers `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`.
/// There are no back-references and no lookaround, so a pattern is a regular language and is
/// matched here by an automaton, never by backtracking: `(a+)+$` against any string takes one
/// pass over it (a backtracking engine takes seconds to minutes on 30 characters).
///
/// ``init(_:)`` checks a pattern against the RFC 9485 grammar (the internal `Reader`), builds its
/// syntax tree and then a Thompson NFA (`Program`); a `Matcher` runs the NFA as a lazily built DFA.
/// Matching is by Unicode scalar:
///
/// - `.` matches any scalar but LF and CR;
/// - an unescaped `^` or `$` outside a class anchors at the start or end of the subject: the
///   grammar lists them as ordinary characters, but the RFC's own mappings to ECMAScript and PCRE
///   leave them as anchors, and the JSONPath compliance suite expects `match(@, '^ab.*')` to match
///   `"abc"`, so they anchor here too (write `\^` or `[$]` for the characters themselves).
///
/// Limits, so a pattern from a document cannot exhaust memory: groups nest at most 64 deep, and
/// counted repeats expand to at most 100,000 NFA instructions (`(a{1000}){1000}` is refused as too
/// large).
public struct IRegexp: Sendable, CustomStringConvertible {
    /// The compiled automaton.
    let program: Program
    /// The pattern, as written.
    public let pattern: String

    /// Reads and compiles an I-Regexp.
    ///
    /// ```swift
    /// let regexp = try IRegexp("^invalid (token|auth)$")
    /// regexp.search("invalid token")  // true
    /// ```
    ///
    /// - Parameter pattern: The pattern, in RFC 9485 syntax (`^`/`$` anchor, see above).
    /// - Throws: ``Failure`` with the scalar offset and what is wrong, or that it is too large.
    public init(_ pattern: String) throws(Failure) {
        self = try Self.compile(pattern).get()
    }

    /// Whether the whole of `subject` matches, in time linear in the subject.
    ///
    /// - Parameter subject: Any text.
    public func wholeMatch(_ subject: String) -> Bool {
        Matcher(self).matches(subject, whole: true)
    }

    /// Whether some part of `subject` matches, in time linear in the subject.
    ///
    /// - Parameter subject: Any text.
    public func search(_ subject: String) -> Bool {
        Matcher(self).matches(subject, whole: false)
    }

    /// The pattern, as written.
    public var description: String { pattern }

    init(program: Program, pattern: String) {
        self.program = program
        self.pattern = pattern
    }

    /// The deepest nesting of groups accepted. Patterns can come from documents, so nesting is
    /// bounded to keep the recursive reader's stack small.
    static let maximumGroupDepth = 64

    /// The most NFA instructions a pattern may compile to, counted repeats expanded.
    static let maximumInstructions = 100_000

    /// Reads and compiles `pattern`; the failure says what is wrong and at which scalar offset.
    ///
    /// ```swift
    /// IRegexp.compile("[a-z]+")   // .success
    /// IRegexp.compile("a{2,1}")   // .failure: quantifier maximum is less than its minimum (offset 4)
    /// ```
    static func compile(_ pattern: String) -> Result<IRegexp, Failure> {
        var reader = Reader(scalars: Array(pattern.unicodeScalars))
        do throws(Failure) {
            let tree = try reader.readAlternation(depth: 0)
            if reader.position < reader.scalars.count {
                // Only an unbalanced ')' stops the top-level alternation early.
                throw Failure(offset: reader.position, message: "unbalanced ')'")
            }
            return .success(IRegexp(program: try Program(compiling: tree), pattern: pattern))
        } catch {
            return .failure(error)
        }
    }

    /// Why a pattern is not an I-Regexp, and the 0-based scalar offset where that shows.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The 0-based offset, in Unicode scalars, of the problem.
        public var offset: Int
        /// What is wrong.
        public var message: String

        /// `message at column N` (1-based).
        public var description: String { "\(message) at column \(offset + 1)" }
    }

    /// A pattern's syntax tree.
    indirect enum Node: Sendable {
        /// Matches the empty string.
        case empty
        /// One scalar from a set.
        case scalar(ScalarSet)
        /// `^`: the start of the subject.
        case start
        /// `$`: the end of the subject.
        case end
        /// Each in turn.
        case sequence([Node])
        /// Any one of them.
        case alternation([Node])
        /// `minimum` to `maximum` (`nil`: unbounded) repetitions.
        case repetition(Node, minimum: Int, maximum: Int?)
    }

    /// A set of scalars: ranges and general categories, possibly negated.
    struct ScalarSet: Sendable {
        var ranges: [ClosedRange<UInt32>] = []
        /// General categories, each included (`\p`) or, negated, its complement (`\P`).
        var categories: [(category: Category, negated: Bool)] = []
        var negated = false

        /// A set of one scalar.
        init(_ scalar: Unicode.Scalar) {
            ranges = [scalar.value...scalar.value]
        }

        init() {}

        /// Any scalar but LF and CR: `.`.
        static let dot: ScalarSet = {
            var set = ScalarSet()
            set.ranges = [0x0A...0x0A, 0x0D...0x0D]
            set.negated = true
            return set
        }()

        /// Any scalar at all: the implicit prefix of `search`.
        static let any: ScalarSet = {
            var set = ScalarSet()
            set.negated = true
            return set
        }()

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            var found = ranges.contains { $0.contains(value) }
            if !found, !categories.isEmpty {
                let general = scalar.properties.generalCategory
                found = categories.contains { $0.category.contains(general) != $0.negated }
            }
            return found != negated
        }
    }

    /// A general category of `IsCategory`: a major class (`L`) or one subclass (`Lu`).
    struct Category: Sendable {
        let members: Set<UInt8>

        func contains(_ category: Unicode.GeneralCategory) -> Bool {
            members.contains(Self.code(category))
        }

        /// The categories a name stands for (`L` is all five letter categories), or `nil`.
        init?(_ name: String) {
            let all = Self.names.enumerated().filter {
                $0.element.hasPrefix(name) && (name.count == 1 || $0.element == name)
            }
            guard !all.isEmpty else { return nil }
            members = Set(all.map { UInt8($0.offset) })
        }

        /// Two-letter names, in the order of ``code(_:)``.
        static let names = [
            "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf",
            "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
        ]

        static func code(_ category: Unicode.GeneralCategory) -> UInt8 {
            switch category {
            case .uppercaseLetter: 0
            case .lowercaseLetter: 1
            case .titlecaseLetter: 2
            case .modifierLetter: 3
            case .otherLetter: 4
            case .nonspacingMark: 5
            case .spacingMark: 6
            case .enclosingMark: 7
            case .decimalNumber: 8
            case .letterNumber: 9
            case .otherNumber: 10
            case .connectorPunctuation: 11
            case .dashPunctuation: 12
            case .openPunctuation: 13
            case .closePunctuation: 14
            case .initialPunctuation: 15
            case .finalPunctuation: 16
            case .otherPunctuation: 17
            case .mathSymbol: 18
            case .currencySymbol: 19
            case .modifierSymbol: 20
            case .otherSymbol: 21
            case .spaceSeparator: 22
            case .lineSeparator: 23
            case .paragraphSeparator: 24
            case .control: 25
            case .format: 26
            case .surrogate: 27
            case .privateUse: 28
            case .unassigned: 29
            @unknown default: 29
            }
        }
    }

    /// A recursive-descent reader over the pattern's scalars that builds the syntax tree.
    struct Reader {
        let scalars: [Unicode.Scalar]
        var position = 0

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        func fail(_ message: String) -> Failure { Failure(offset: position, message: message) }

        /// `i-regexp = branch *( "|" branch )`
        mutating func readAlternation(depth: Int) throws(Failure) -> Node {
            var branches = [try readBranch(depth: depth)]
            while current == "|" {
                position += 1
                branches.append(try readBranch(depth: depth))
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        /// `branch = *piece`, `piece = atom [ quantifier ]`
        mutating func readBranch(depth: Int) throws(Failure) -> Node {
            var pieces: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                let atom = try readAtom(depth: depth)
                if let (minimum, maximum) = try readQuantifier() {
                    pieces.append(.repetition(atom, minimum: minimum, maximum: maximum))
                } else {
                    pieces.append(atom)
                }
            }
            switch pieces.count {
            case 0: return .empty
            case 1: return pieces[0]
            default: return .sequence(pieces)
            }
        }

        mutating func readAtom(depth: Int) throws(Failure) -> Node {
            guard let scalar = current else { throw fail("expected an atom") }
            switch scalar {
            case "(":
                guard depth < IRegexp.maximumGroupDepth else { throw fail("groups nested too deeply") }
                position += 1
                let inner = try readAlternation(depth: depth + 1)
                guard current == ")" else { throw fail("expected ')' to close the group") }
                position += 1
                return inner
            case ".":
                position += 1
                return .scalar(.dot)
            case "^":
                position += 1
                return .start
            case "$":
                position += 1
                return .end
            case "[":
                return .scalar(try readClassExpression())
            case "\\":
                return .scalar(try readEscape())
            case "*", "+", "?", "{":
                throw fail("quantifier '\(scalar)' has nothing to repeat")
            case "]", "}":
                throw fail("'\(scalar)' must be escaped")
            default:
                position += 1
                return .scalar(ScalarSet(scalar))
            }
        }

        /// `quantifier = ( "*" / "+" / "?" ) / "{" QuantExact [ "," [ QuantExact ] ] "}"`:
        /// the minimum and maximum (`nil`: unbounded), or `nil` when no quantifier follows.
        mutating func readQuantifier() throws(Failure) -> (Int, Int?)? {
            guard let scalar = current else { return nil }
            switch scalar {
            case "*":
                position += 1
                return (0, nil)
            case "+":
                position += 1
                return (1, nil)
            case "?":
                position += 1
                return (0, 1)
            case "{":
                position += 1
                let minimum = try readCount()
                var maximum: Int? = minimum
                if current == "," {
                    position += 1
                    maximum = nil
                    if current != "}" {
                        let start = position
                        let upper = try readCount()
                        guard upper >= minimum else {
                            throw Failure(offset: start, message: "quantifier maximum is less than its minimum")
                        }
                        maximum = upper
                    }
                }
                guard current == "}" else { throw fail("expected '}' to close the quantifier") }
                position += 1
                return (minimum, maximum)
            default:
                return nil
            }
        }

        /// `QuantExact = 1*%x30-39`, saturating far beyond any count the compiler accepts.
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
        mutating func readClassExpression() throws(Failure) -> ScalarSet {
            let open = position
            position += 1
            var set = ScalarSet()
            if current == "^" {
                position += 1
                set.negated = true
            }
            var isFirst = true
            while true {
                guard let scalar = current else {
                    throw Failure(offset: open, message: "unterminated character class")
                }
                if scalar == "]" {
                    guard !isFirst else { throw fail("empty character class") }
                    position += 1
                    return set
                }
                if scalar == "-" {
                    let next = position + 1 < scalars.count ? scalars[position + 1] : nil
                    guard isFirst || next == "]" else {
                        throw fail("'-' must be escaped unless first or last in a character class")
                    }
                    position += 1
                    set.ranges.append(0x2D...0x2D)
                } else {
                    try readClassItem(into: &set)
                }
                isFirst = false
            }
        }

        /// `CCE1 = ( CCchar [ "-" CCchar ] ) / charClassEsc`
        mutating func readClassItem(into set: inout ScalarSet) throws(Failure) {
            guard let low = try readClassCharacter() else {
                // A \p{…} or \P{…} class escape.
                let escape = try readEscape()
                set.categories += escape.categories
                return
            }
            let afterLow = position
            guard current == "-", position + 1 < scalars.count, scalars[position + 1] != "]" else {
                set.ranges.append(low.value...low.value)
                return
            }
            position += 1
            guard let high = try readClassCharacter() else {
                throw fail("a category escape cannot end a range")
            }
            guard low.value <= high.value else {
                throw Failure(offset: afterLow, message: "range out of order")
            }
            set.ranges.append(low.value...high.value)
        }

        /// `CCchar`: a literal or single-character escape in a class; `nil` (nothing consumed)
        /// at a `\p`/`\P` category escape.
        mutating func readClassCharacter() throws(Failure) -> Unicode.Scalar? {
            guard let scalar = current else { throw fail("unterminated character class") }
            switch scalar {
            case "\\":
                guard position + 1 < scalars.count else { throw fail("'\\' at end of pattern") }
                if scalars[position + 1] == "p" || scalars[position + 1] == "P" { return nil }
                let escape = try readEscape()
                return escape.ranges.first.flatMap { Unicode.Scalar($0.lowerBound) }
            case "[", "]", "-":
                throw fail("'\(scalar)' must be escaped in a character class")
            default:
                position += 1
                return scalar
            }
        }

        /// An escape: `SingleCharEsc` (a set of one scalar), `catEsc` or `complEsc` (a category).
        mutating func readEscape() throws(Failure) -> ScalarSet {
            guard position + 1 < scalars.count else { throw fail("'\\' at end of pattern") }
            let escaped = scalars[position + 1]
            switch escaped {
            case "n", "r", "t":
                position += 2
                return ScalarSet(escaped == "n" ? "\n" : (escaped == "r" ? "\r" : "\t"))
            case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
                position += 2
                return ScalarSet(escaped)
            case "p", "P":
                position += 2
                var set = ScalarSet()
                set.categories = [(try readCategory(), escaped == "P")]
                return set
            default:
                throw fail("invalid escape '\\\(escaped)'")
            }
        }

        /// `"{" IsCategory "}"` after `\p` or `\P`.
        mutating func readCategory() throws(Failure) -> Category {
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
            guard let category = Category(name) else { throw fail("unknown general category '\(name)'") }
            return category
        }

        /// The general categories of `IsCategory`: each major class and its allowed subclasses.
        static let categories: [Unicode.Scalar: String] = [
            "L": "lmotu", "M": "cen", "N": "dlo", "P": "cdefios", "Z": "lps", "S": "ckmo", "C": "cfno",
        ]
    }
}
