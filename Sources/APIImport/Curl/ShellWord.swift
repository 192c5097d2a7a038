public import APIMapping

/// A position in a text that was split into words: byte offset, line and column.
///
/// ```swift
/// let words = try ShellWords.split("curl \\\n  -s 'https://api.example.com'")
/// words[2].position  // line 2, column 6 (byte 12)
/// ```
public struct TextLocation: Hashable, Sendable, CustomStringConvertible {
    /// The 0-based byte offset in the UTF-8 text.
    public var offset: Int
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in bytes from the start of the line.
    public var column: Int

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - offset: The 0-based byte offset.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line 2, column 6 (byte 13)`.
    public var description: String { "line \(line), column \(column) (byte \(offset))" }
}

/// One word of a shell command line, after quotes and escapes are removed.
///
/// Unquoted shell operators (`|`, `&&`, `;`, `>`, `2>`, …) are words too, flagged with
/// ``isOperator``, so a reader can stop at a pipe (`curl … | jq .`) instead of mistaking `jq` for
/// an argument.
///
/// ```swift
/// let words = try ShellWords.split(#"curl -H "Accept: application/json" https://x.test | jq ."#)
/// words.map(\.text)        // ["curl", "-H", "Accept: application/json", "https://x.test", "|", "jq", "."]
/// words[4].isOperator      // true
/// ```
public struct ShellWord: Hashable, Sendable {
    /// The word's text, unquoted.
    public var text: String
    /// Where the word starts in the input.
    public var position: TextLocation
    /// Whether the word is an unquoted shell operator (`|`, `||`, `&&`, `&`, `;`, `<`, `>`, `>>`, `2>`, `>&`).
    public var isOperator: Bool

    /// Creates a word.
    ///
    /// - Parameters:
    ///   - text: The unquoted text.
    ///   - position: Where it starts.
    ///   - isOperator: Whether it is a shell operator.
    public init(text: String, position: TextLocation, isOperator: Bool = false) {
        self.text = text
        self.position = position
        self.isOperator = isOperator
    }
}

/// One command of a multi-command text: its words and where it starts.
///
/// ```swift
/// let commands = try ShellWords.commands(in: "# users\ncurl https://x.test/users\n\ncurl https://x.test/teams\n")
/// commands.map(\.position.line)  // [2, 4]
/// ```
public struct ShellCommandLine: Hashable, Sendable {
    /// The words, operators included.
    public var words: [ShellWord]
    /// Where the first word starts.
    public var position: TextLocation

    /// Creates a command line.
    ///
    /// - Parameters:
    ///   - words: Its words; not empty.
    ///   - position: Where the first word starts.
    public init(words: [ShellWord], position: TextLocation) {
        self.words = words
        self.position = position
    }
}

/// Why a text could not be split into shell words, and where.
///
/// ```swift
/// do {
///     _ = try ShellWords.split("curl -d 'abc")
/// } catch {
///     print(error)  // line 1, column 9 (byte 8): unterminated single quote
/// }
/// ```
public struct ShellWordsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let kind: Kind
    /// Where: the opening quote of an unterminated string, or the bad escape.
    public let position: TextLocation

    /// The message without the position.
    public var message: String { kind.message }

    /// `line 1, column 9 (byte 8): unterminated single quote`.
    public var description: String { "\(position): \(message)" }

    init(_ kind: Kind, at position: TextLocation) {
        self.kind = kind
        self.position = position
    }

    /// What went wrong, as a value tests can match.
    public typealias Kind = ErrorKind<ShellWordsError>

    enum Code: Hashable, Sendable {
        case singleQuote, doubleQuote, ansiQuote, invalidEscape
    }
}

extension ErrorKind where Owner == ShellWordsError {
    /// A `'` with no closing `'`.
    public static var unterminatedSingleQuote: Self {
        Self(ShellWordsError.Code.singleQuote, "unterminated single quote")
    }
    /// A `"` with no closing `"`.
    public static var unterminatedDoubleQuote: Self {
        Self(ShellWordsError.Code.doubleQuote, "unterminated double quote")
    }
    /// A `$'` with no closing `'`.
    public static var unterminatedANSIString: Self { Self(ShellWordsError.Code.ansiQuote, "unterminated $'…' string") }
    /// A `\x`, `\u` or `\U` in `$'…'` without hex digits, or a code point that is not a scalar.
    public static var invalidEscape: Self { Self(ShellWordsError.Code.invalidEscape, "invalid escape in $'…' string") }
}
