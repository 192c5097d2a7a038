/// A text search as a user types it after `/`: a literal string, or an I-Regexp after `re:`.
///
/// The query decides how it matches:
///
/// - **Literal** by default, with *smartcase* (as `less -i` and vim's `smartcase`): all lower-case
///   ignores the case of ASCII letters; one upper-case character anywhere makes the whole search
///   case-sensitive. Letters outside ASCII always match as typed (`é` does not find `É`).
/// - **Regex** when the query starts with `re:`: the rest is an ``IRegexp`` (RFC 9485, matched by a
///   linear-time automaton, never by backtracking), case-sensitive, unanchored (`^`/`$` anchor at
///   the start and end of each key, value or line).
///
/// A search runs over what a JSON tree shows (``matchingRows(in:)``: keys, decoded strings, numbers
/// as their source text, `true`/`false`/`null`) or over raw bytes (``matches(in:)``: byte ranges
/// with line numbers). Both scan bytes and stop early, returning `nil`, when their task is
/// cancelled.
///
/// ```swift
/// let search = try TextSearch("杭州")
/// let document = try JSONDocument(parsing: #"{"city": "杭州市", "note": "Hangzhou"}"#)
/// search.matchingRows(in: document.root)?.count          // 1: the row `city`
/// try TextSearch("hangzhou").contains("Hangzhou")        // true: all lower-case ignores case
/// try TextSearch("re:^[0-9]{4}$").contains("2024")       // true
/// ```
public struct TextSearch: Sendable {
    /// The query as typed, prefix included.
    public let query: String
    /// Whether the query is a regex (`re:` prefix).
    public var isRegex: Bool { regexp != nil }
    /// Whether letters must match their case (always for a regex; for a literal, when the query has
    /// an upper-case character).
    public let isCaseSensitive: Bool

    /// The literal's UTF-8 bytes, ASCII letters lower-cased when the search ignores case.
    let needle: [UInt8]
    /// The compiled regex, for a `re:` query.
    let regexp: IRegexp?
    /// How many bytes a search covers between two checks for cancellation (tests make it small, to
    /// put matches across the boundaries).
    var chunk = 1 << 22

    /// The prefix that makes the rest of a query a regex.
    public static let regexPrefix = "re:"

    /// Reads a query.
    ///
    /// ```swift
    /// try TextSearch("Token")         // literal, case-sensitive (it has an upper-case letter)
    /// try TextSearch("re:tok(en)?s")  // regex
    /// try TextSearch("re:a{2,1}")     // throws: quantifier maximum is less than its minimum at column 9
    /// ```
    ///
    /// - Parameter query: The text typed after `/`.
    /// - Throws: ``PatternError`` for an empty query or a regex that is not an I-Regexp; its column
    ///   counts from the start of the query, prefix included.
    public init(_ query: String) throws(PatternError) {
        self.query = query
        if query.hasPrefix(Self.regexPrefix) {
            let pattern = String(query.dropFirst(Self.regexPrefix.count))
            guard !pattern.isEmpty else {
                throw PatternError(column: Self.regexPrefix.count + 1, message: "empty regex")
            }
            switch IRegexp.compile(pattern) {
            case .success(let regexp): self.regexp = regexp
            case .failure(let failure):
                throw PatternError(
                    column: Self.regexPrefix.unicodeScalars.count + failure.offset + 1, message: failure.message)
            }
            isCaseSensitive = true
            needle = []
            return
        }
        guard !query.isEmpty else { throw PatternError(column: 1, message: "empty search") }
        regexp = nil
        isCaseSensitive = query.contains { $0.isUppercase }
        needle = isCaseSensitive ? Array(query.utf8) : query.utf8.map(Self.fold)
    }

    /// Whether `text` contains a match (a literal occurrence, or a regex match somewhere in it).
    ///
    /// ```swift
    /// try TextSearch("id").contains("userId")  // true
    /// ```
    ///
    /// - Parameter text: Any text, such as a key or a string value as shown.
    public func contains(_ text: String) -> Bool {
        if let regexp { return regexp.search(text) }
        var text = text
        return text.withUTF8 { firstLiteral(in: $0, from: 0) != nil }
    }

    /// The text a search reads for a scalar, as a viewer shows it: a string decoded, a number as its
    /// source text, `true`, `false` or `null`; `nil` for a container (which matches by its key only).
    ///
    /// ```swift
    /// TextSearch.searchedText(of: try JSONDocument(parsing: "1.50").root)  // "1.50"
    /// ```
    ///
    /// - Parameter node: Any node.
    /// - Returns: The text, or `nil` for an array or object.
    public static func searchedText(of node: JSONNode) -> String? {
        switch node.kind {
        case .string: node.stringValue
        case .number: node.numberValue?.text
        case .bool: node.boolValue == true ? "true" : "false"
        case .null: "null"
        case .array, .object: nil
        }
    }

    /// Why a query cannot be searched for, and the 1-based column of the query where that shows.
    public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The 1-based column, in Unicode scalars from the start of the query (prefix included).
        public var column: Int
        /// What is wrong.
        public var message: String

        /// `message at column N`.
        public var description: String { "\(message) at column \(column)" }
    }

    /// An ASCII upper-case letter lower-cased; any other byte as it is.
    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
