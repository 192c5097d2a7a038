/// Walks the words after `curl`: long options, short clusters, URLs and shell operators.
struct CurlArgumentReader {
    private let words: [ShellWord]
    private let start: TextLocation
    private var index = 0
    private var builder = CurlRequestBuilder()

    init(words: [ShellWord], start: TextLocation) {
        self.words = words
        self.start = start
    }

    private static let redirections: Set<String> = [">", ">>", "<", "<<", ">&"]

    mutating func read() throws(CurlParseError) -> CurlParseResult {
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if word.isOperator {
                if Self.redirections.contains(word.text.drop { $0.isNumber }.description) {
                    let target = index < words.count ? " " + words[index].text : ""
                    builder.warnings.append("ignored the shell redirection \(word.text)\(target)")
                    index += 1
                    continue
                }
                builder.warnings.append("ignored the shell command after \(word.text)")
                break
            }
            if optionsEnded || word.text == "-" || !word.text.hasPrefix("-") {
                builder.addURL(word.text)
            } else if word.text == "--" {
                optionsEnded = true
            } else if word.text.hasPrefix("--") {
                try readLong(word)
            } else {
                try readShortCluster(word)
            }
        }
        let end = words.last?.position ?? start
        return try builder.finish(at: start, end: end)
    }

    /// `--name`, `--name value`, `--name=value`, `--no-name`.
    private mutating func readLong(_ word: ShellWord) throws(CurlParseError) {
        var name = String(word.text.dropFirst(2))
        var inlineValue: String?
        var option = CurlOptionTable.option(named: name)
        if option == nil, let equals = name.firstIndex(of: "=") {
            let candidate = CurlOptionTable.option(named: String(name[..<equals]))
            if candidate?.takesValue == true {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
                option = candidate
            }
        }
        if option == nil, name.hasPrefix("no-"), let negated = CurlOptionTable.option(named: String(name.dropFirst(3))),
            !negated.takesValue
        {
            builder.negate(negated, spelled: word.text)
            return
        }
        guard let option else { throw CurlParseError(.unknownOption, at: word.position, option: "--" + name) }
        var value = inlineValue
        if option.takesValue, value == nil { value = try nextValue(for: "--" + name, at: word.position) }
        try builder.apply(option, spelled: "--" + name, value: value, at: word.position)
    }

    /// `-sSL`, `-XPOST`, `-d@file`, `-H 'A: b'`: letters until one takes a value, which is the rest or the next word.
    private mutating func readShortCluster(_ word: ShellWord) throws(CurlParseError) {
        var letters = word.text.dropFirst()
        var column = 1
        while let letter = letters.first {
            letters = letters.dropFirst()
            // The first letter is reported at the dash, later ones at themselves (`-sSW`: the W).
            var position = word.position
            if column > 1 {
                position.offset += column
                position.column += column
            }
            column += String(letter).utf8.count
            guard let name = CurlOptionTable.longName(for: letter), let option = CurlOptionTable.option(named: name)
            else {
                throw CurlParseError(.unknownOption, at: position, option: "-\(letter)")
            }
            guard option.takesValue else {
                try builder.apply(option, spelled: "-\(letter)", value: nil, at: position)
                continue
            }
            let value = letters.isEmpty ? try nextValue(for: "-\(letter)", at: position) : String(letters)
            try builder.apply(option, spelled: "-\(letter)", value: value, at: position)
            return
        }
    }

    private mutating func nextValue(for option: String, at position: TextLocation) throws(CurlParseError) -> String {
        guard index < words.count, !words[index].isOperator else {
            throw CurlParseError(.missingArgument, at: position, option: option)
        }
        index += 1
        return words[index - 1].text
    }
}
