extension CurlCommand {
    /// Parses one curl command line, keeping what was ignored and warned about.
    ///
    /// The first word must be `curl` or `curl.exe` (a path such as `/usr/bin/curl` is fine), after an
    /// optional `$ ` prompt. Options that do not change the request (`-s`, `-L`, `-o file`,
    /// `--retry 3`, …) are listed by name in ``CurlParseResult/ignoredOptions``; an option the reader does not
    /// know is an error, so nothing is silently dropped. Reading stops at an unquoted `|`, `;` or
    /// `&&`, with a warning; redirections (`> out.json`) are skipped.
    ///
    /// ```swift
    /// let parsed = try CurlCommand.parse("""
    ///     $ curl -sS -X POST https://api.example.com/v1/users \\
    ///       -H 'Content-Type: application/json' \\
    ///       -d '{"name":"Ada"}' | jq .
    ///     """)
    /// parsed.command.method    // "POST"
    /// parsed.command.bodyText  // {"name":"Ada"}
    /// parsed.ignoredOptions    // ["-s", "-S"]
    /// parsed.warnings          // ["ignored the shell command after |"]
    /// ```
    ///
    /// - Parameter line: The command line; continuations allowed.
    /// - Returns: The command, the ignored options and warnings.
    /// - Throws: ``CurlParseError`` with the position of a bad quote, an unknown option, or a missing value.
    public static func parse(_ line: String) throws(CurlParseError) -> CurlParseResult {
        let words: [ShellWord]
        do {
            words = try ShellWords.split(line)
        } catch {
            throw CurlParseError(error)
        }
        return try parse(words: words)
    }

    /// Parses every curl command of a text: one per line, continuations allowed, blank and `#` lines skipped.
    ///
    /// ```swift
    /// let results = try CurlCommand.parseAll(contentsOfFile)
    /// results.map(\.command.url)
    /// ```
    ///
    /// - Parameter text: The text (a file, or standard input).
    /// - Returns: One result per command, in order.
    /// - Throws: ``CurlParseError`` for the first command that fails, with its position in `text`.
    public static func parseAll(_ text: String) throws(CurlParseError) -> [CurlParseResult] {
        let commands: [ShellCommandLine]
        do {
            commands = try ShellWords.commands(in: text)
        } catch {
            throw CurlParseError(error)
        }
        var results: [CurlParseResult] = []
        for command in commands { results.append(try parse(words: command.words)) }
        return results
    }

    /// Parses words already split by ``ShellWords``.
    ///
    /// ```swift
    /// let parsed = try CurlCommand.parse(words: try ShellWords.split("curl -I https://x.test"))
    /// parsed.command.method  // "HEAD"
    /// ```
    ///
    /// - Parameter words: The words, starting with `curl` (or a `$` prompt).
    /// - Returns: The command, the ignored options and warnings.
    /// - Throws: ``CurlParseError``.
    public static func parse(words: [ShellWord]) throws(CurlParseError) -> CurlParseResult {
        var words = words[...]
        if words.first?.text == "$", words.first?.isOperator == false { words = words.dropFirst() }
        guard let first = words.first else {
            throw CurlParseError(.empty, at: TextLocation(offset: 0, line: 1, column: 1))
        }
        let program = first.text.split(separator: "/").last.map(String.init) ?? first.text
        guard !first.isOperator, ["curl", "curl.exe"].contains(program.lowercased()) else {
            throw CurlParseError(.notCurl, at: first.position)
        }
        var reader = CurlArgumentReader(words: Array(words.dropFirst()), start: first.position)
        return try reader.read()
    }

    /// Parses one curl command line, for when the ignored options and warnings do not matter.
    ///
    /// ```swift
    /// let curl = try CurlCommand(parsing: "curl -u ada:secret https://x.test/me")
    /// curl.user  // "ada:secret"
    /// ```
    ///
    /// - Parameter line: The command line.
    /// - Throws: ``CurlParseError``.
    public init(parsing line: String) throws(CurlParseError) {
        self = try Self.parse(line).command
    }
}
