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
    /// Part of every stand-in, different for each set of references, so text that merely looks
    /// like a stand-in (a parameter value) is never replaced by an expression.
    private let nonce = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    private static let open: Unicode.Scalar = "\u{E000}"
    private static let close: Unicode.Scalar = "\u{E001}"

    /// No stand-ins yet.
    public init() {}

    /// A stand-in for `expression`: private-use characters no real value has.
    ///
    /// - Parameter expression: What the shell should substitute (`${NAME}`, `$(cat 'PATH')`).
    public mutating func standIn(for expression: String) -> String {
        expressions.append(expression)
        return "\(Self.open)\(nonce)-\(expressions.count - 1)\(Self.close)"
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
            let inner = scalars.firstIndex(of: Self.close).map { String(String.UnicodeScalarView(scalars[..<$0])) }
            guard scalar == Self.open, let end = scalars.firstIndex(of: Self.close), let inner,
                inner.hasPrefix(nonce + "-"), let index = Int(inner.dropFirst(nonce.count + 1)),
                expressions.indices.contains(index)
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
