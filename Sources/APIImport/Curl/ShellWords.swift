/// POSIX-style shell word splitting, enough to read command lines pasted from API documentation.
///
/// Understood: single quotes; double quotes with `\"`, `\\`, `\$` and a backslash before a
/// backquote; backslash escapes outside quotes; backslash-newline continuations; `$'…'` ANSI-C
/// strings (`\n`, `\t`, `\'`, `\\`, `\xHH`, `\uHHHH`, `\UHHHHHHHH`, octal); `#` comments at the
/// start of a word; and the shell operators `|`, `||`, `&&`, `&`, `;`, `<`, `>`, `>>`, `>&` and `2>`
/// as words of their own.
/// Nothing is expanded: `$TOKEN` stays `$TOKEN`, and `~` stays `~`.
///
/// ```swift
/// let words = try ShellWords.split(#"curl -H 'Accept: */*' -d "{\"a\":1}" $'x\ty'"#)
/// words.map(\.text)  // ["curl", "-H", "Accept: */*", "-d", "{\"a\":1}", "x\ty"]
/// ShellWords.quote("it's")  // 'it'\''s'
/// ```
public enum ShellWords {
    /// Splits a text into words; unquoted newlines separate words like spaces do.
    ///
    /// ```swift
    /// try ShellWords.split("curl \\\n  -sS https://x.test").map(\.text)  // ["curl", "-sS", "https://x.test"]
    /// ```
    ///
    /// - Parameter text: The command line.
    /// - Returns: The words, operators included, with their positions.
    /// - Throws: ``ShellWordsError`` for an unterminated quote or a bad `$'…'` escape.
    public static func split(_ text: String) throws(ShellWordsError) -> [ShellWord] {
        var lexer = ShellLexer(text)
        var words: [ShellWord] = []
        while let command = try lexer.nextCommand() { words += command }
        return words
    }

    /// Splits a text holding several commands, one per line (a file, or standard input).
    ///
    /// Commands end at an unquoted newline that is not a backslash continuation. Blank lines and
    /// `#` comment lines are skipped.
    ///
    /// ```swift
    /// let text = """
    ///     # list, then create
    ///     curl https://x.test/users
    ///     curl -X POST https://x.test/users \\
    ///       -d name=ada
    ///     """
    /// try ShellWords.commands(in: text).map { $0.words.count }  // [2, 5]
    /// ```
    ///
    /// - Parameter text: The text.
    /// - Returns: The commands, in order.
    /// - Throws: ``ShellWordsError`` for an unterminated quote or a bad `$'…'` escape.
    public static func commands(in text: String) throws(ShellWordsError) -> [ShellCommandLine] {
        var lexer = ShellLexer(text)
        var commands: [ShellCommandLine] = []
        while let words = try lexer.nextCommand() {
            commands.append(ShellCommandLine(words: words, position: words[0].position))
        }
        return commands
    }

    /// Quotes a word for a POSIX shell, only when it needs quoting.
    ///
    /// Words made only of `A-Z a-z 0-9 _ @ % + = : , . / -` are left alone; anything else is put in
    /// single quotes, with each `'` written as `'\''`.
    ///
    /// ```swift
    /// ShellWords.quote("-sS")                          // -sS
    /// ShellWords.quote("https://x.test/a?b=1&c=2")     // 'https://x.test/a?b=1&c=2'
    /// ShellWords.quote("it's")                         // 'it'\''s'
    /// ShellWords.quote("")                             // ''
    /// ```
    ///
    /// - Parameter word: The word.
    /// - Returns: The word as a shell would need it typed.
    public static func quote(_ word: String) -> String {
        if !word.isEmpty, word.utf8.allSatisfy(isSafe) { return word }
        return "'" + word.replacing("'", with: #"'\''"#) + "'"
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "_@%+=:,./-".utf8.contains(byte)
        }
    }
}
