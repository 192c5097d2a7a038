/// Stand-ins for values a printed command must not contain, written so the shell fills them in:
/// `${GITHUB_TOKEN}` for an environment variable, `$(cat ~/.token)` for a secret file.
///
/// A request is resolved with each secret replaced by a stand-in (``standIn(for:)``); quoting a
/// word with ``quote(_:)`` then puts the shell expression where the stand-in is:
///
/// ```swift
/// var references = ShellReferences()
/// let token = references.standIn(for: "${GITHUB_TOKEN}")
/// references.quote("Authorization: Bearer " + token)
/// // 'Authorization: Bearer '"${GITHUB_TOKEN}"
/// ```
public struct ShellReferences: Sendable {
    private var expressions: [String] = []
    private static let open: Unicode.Scalar = "\u{E000}"
    private static let close: Unicode.Scalar = "\u{E001}"

    /// No stand-ins yet.
    public init() {}

    /// A stand-in for `expression`: private-use characters no real value has.
    ///
    /// - Parameter expression: What the shell should substitute (`${NAME}`, `$(cat 'PATH')`).
    public mutating func standIn(for expression: String) -> String {
        expressions.append(expression)
        return "\(Self.open)\(expressions.count - 1)\(Self.close)"
    }

    /// Whether `text` holds a stand-in.
    public func contains(_ text: String) -> Bool {
        text.unicodeScalars.contains(Self.open)
    }

    /// `word` for a POSIX shell: single-quoted literal pieces, each stand-in's expression in double
    /// quotes (so it expands as one word, and nothing else does).
    public func quote(_ word: String) -> String {
        guard contains(word) else { return ShellWords.quote(word) }
        var result = ""
        var literal = ""
        var scalars = word.unicodeScalars[...]
        func flush() {
            if !literal.isEmpty { result += ShellWords.quote(literal) }
            literal = ""
        }
        while let scalar = scalars.popFirst() {
            guard scalar == Self.open, let end = scalars.firstIndex(of: Self.close),
                let index = Int(String(String.UnicodeScalarView(scalars[..<end]))), expressions.indices.contains(index)
            else {
                literal.unicodeScalars.append(scalar)
                continue
            }
            flush()
            result += "\"\(expressions[index])\""
            scalars = scalars[scalars.index(after: end)...]
        }
        flush()
        return result
    }
}
