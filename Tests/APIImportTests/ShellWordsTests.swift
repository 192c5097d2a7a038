import APIImport
import Testing

@Suite struct ShellWordsTests {
    struct SplitCase: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let words: [String]
        var testDescription: String { name }
    }

    static let splitCases: [SplitCase] = [
        SplitCase(name: "plain words", input: "a  b\tc", words: ["a", "b", "c"]),
        SplitCase(name: "single and double quotes", input: #"a 'b c' "d e""#, words: ["a", "b c", "d e"]),
        SplitCase(name: "escaped quote in double quotes", input: #""a\"b""#, words: [#"a"b"#]),
        SplitCase(name: "escaped backslash in double quotes", input: #""a\\b""#, words: [#"a\b"#]),
        SplitCase(name: "escaped dollar in double quotes", input: #""\$HOME""#, words: ["$HOME"]),
        SplitCase(name: "other backslash kept in double quotes", input: #""a\nb""#, words: [#"a\nb"#]),
        SplitCase(name: "backslash outside quotes", input: #"a\ b \'c"#, words: ["a b", "'c"]),
        SplitCase(name: "continuation inside a word", input: "ab\\\ncd", words: ["abcd"]),
        SplitCase(name: "continuation between words", input: "a \\\n  b", words: ["a", "b"]),
        SplitCase(name: "CRLF continuation", input: "a \\\r\n  b", words: ["a", "b"]),
        SplitCase(name: "continuation in double quotes", input: "\"a\\\nb\"", words: ["ab"]),
        SplitCase(name: "newline kept in single quotes", input: "'a\nb'", words: ["a\nb"]),
        SplitCase(
            name: "ANSI-C string", input: #"$'a\tb\x41\u00e9\'q\\'"#, words: ["a\tbAé'q\\"]),
        SplitCase(name: "ANSI-C newline", input: #"$'{\n}'"#, words: ["{\n}"]),
        SplitCase(name: "quote dance", input: #"'it'\''s'"#, words: ["it's"]),
        SplitCase(name: "adjacent quoted parts", input: #"'Bearer '"$KEY"''"#, words: ["Bearer $KEY"]),
        SplitCase(name: "empty word", input: "a '' b", words: ["a", "", "b"]),
        SplitCase(name: "comment at word start", input: "a#b #c d", words: ["a#b"]),
        SplitCase(name: "pipe", input: "x|y", words: ["x", "|", "y"]),
        SplitCase(name: "and-and", input: "x && y", words: ["x", "&&", "y"]),
        SplitCase(name: "redirect with descriptor", input: "a 2>/dev/null", words: ["a", "2>", "/dev/null"]),
        SplitCase(name: "digits that are a word", input: "a 2 b", words: ["a", "2", "b"]),
        SplitCase(name: "dollar kept", input: "$TOKEN ${X}", words: ["$TOKEN", "${X}"]),
        SplitCase(name: "UTF-8 kept", input: "'héllo wörld' ✓", words: ["héllo wörld", "✓"]),
    ]

    @Test(arguments: splitCases)
    func split(_ testCase: SplitCase) throws {
        #expect(try ShellWords.split(testCase.input).map(\.text) == testCase.words)
    }

    @Test func operatorsAreFlagged() throws {
        let words = try ShellWords.split("curl x | jq '|'")
        #expect(words.map(\.isOperator) == [false, false, true, false, false])
    }

    @Test func wordPositions() throws {
        let words = try ShellWords.split("curl \\\n  -s 'https://x.test'")
        #expect(words[1].position == TextLocation(offset: 9, line: 2, column: 3))
        #expect(words[2].position == TextLocation(offset: 12, line: 2, column: 6))
    }

    @Test func commandsSplitOnNewlines() throws {
        let text = """
            # list users

            curl https://x.test/users
            curl -X POST https://x.test/users \\
              -d 'name=Ada
            Lovelace'
              # indented comment
            curl https://x.test/teams
            """
        let commands = try ShellWords.commands(in: text)
        #expect(commands.map(\.words.count) == [2, 6, 2])
        #expect(commands.map(\.position.line) == [3, 4, 8])
        #expect(commands[1].words.last?.text == "name=Ada\nLovelace")
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let name: String
        let input: String
        let kind: ShellWordsError.Kind
        let position: TextLocation
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            name: "single quote", input: "curl -d 'abc", kind: .unterminatedSingleQuote,
            position: TextLocation(offset: 8, line: 1, column: 9)),
        ErrorCase(
            name: "double quote on line 2", input: "curl \\\n -H \"X: y", kind: .unterminatedDoubleQuote,
            position: TextLocation(offset: 11, line: 2, column: 5)),
        ErrorCase(
            name: "ANSI-C string", input: "x $'abc", kind: .unterminatedANSIString,
            position: TextLocation(offset: 2, line: 1, column: 3)),
        ErrorCase(
            name: "hex escape without digits", input: #"$'\xZ'"#, kind: .invalidEscape,
            position: TextLocation(offset: 2, line: 1, column: 3)),
    ]

    @Test(arguments: errorCases)
    func errors(_ testCase: ErrorCase) {
        #expect {
            try ShellWords.split(testCase.input)
        } throws: { error in
            guard let error = error as? ShellWordsError else { return false }
            return error.kind == testCase.kind && error.position == testCase.position
        }
    }

    struct QuoteCase: CustomTestStringConvertible, Sendable {
        let word: String
        let quoted: String
        var testDescription: String { word.isEmpty ? "empty" : word }
    }

    static let quoteCases: [QuoteCase] = [
        QuoteCase(word: "-sS", quoted: "-sS"),
        QuoteCase(word: "https://x.test/a", quoted: "https://x.test/a"),
        QuoteCase(word: "https://x.test/a?b=1&c=2", quoted: "'https://x.test/a?b=1&c=2'"),
        QuoteCase(word: "it's", quoted: #"'it'\''s'"#),
        QuoteCase(word: "", quoted: "''"),
        QuoteCase(word: "Accept: */*", quoted: "'Accept: */*'"),
        QuoteCase(word: "$HOME", quoted: "'$HOME'"),
    ]

    @Test(arguments: quoteCases)
    func quote(_ testCase: QuoteCase) throws {
        #expect(ShellWords.quote(testCase.word) == testCase.quoted)
        #expect(try ShellWords.split(testCase.quoted).map(\.text) == [testCase.word])
    }
}
