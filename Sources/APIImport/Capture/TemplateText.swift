/// Writing literal text into template fields (base URL, header values, auth values).
enum TemplateText {
    /// Escapes `$` as `$$`, except that a shell variable reference (`$TOKEN`, `${TOKEN}`) becomes
    /// `${env:TOKEN}`: a command copied from documentation means "the value of that variable".
    ///
    /// - Returns: The template and the environment variables it reads.
    static func template(_ literal: String) -> (text: String, variables: [String]) {
        var out = ""
        var variables: [String] = []
        var rest = literal[...]
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            rest = rest[rest.index(after: dollar)...]
            if let (name, remainder) = shellVariable(at: rest) {
                out += "${env:\(name)}"
                variables.append(name)
                rest = remainder
            } else {
                out += "$$"
            }
        }
        return (out + rest, variables)
    }

    /// The whole text's variable name when it is exactly `$NAME` or `${NAME}`.
    static func variableName(_ text: String) -> String? {
        guard text.hasPrefix("$"), let (name, rest) = shellVariable(at: text.dropFirst()), rest.isEmpty else {
            return nil
        }
        return name
    }

    /// `text` with each shell variable reference (`$TOKEN`, `${TOKEN}`) as `${env:TOKEN}`, every other
    /// character as it is (still literal), and the names read.
    static func referencingEnvironment(_ text: String) -> (text: String, variables: [String]) {
        var out = ""
        var variables: [String] = []
        var rest = text[...]
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            rest = rest[rest.index(after: dollar)...]
            if let (name, remainder) = shellVariable(at: rest) {
                out += "${env:\(name)}"
                if !variables.contains(name) { variables.append(name) }
                rest = remainder
            } else {
                out += "$"
            }
        }
        return (out + rest, variables)
    }

    private static func shellVariable(at text: Substring) -> (String, Substring)? {
        let isStart: (Character) -> Bool = { $0 == "_" || ($0.isASCII && $0.isLetter) }
        let isPart: (Character) -> Bool = { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        if text.hasPrefix("{") {
            let body = text.dropFirst()
            guard let close = body.firstIndex(of: "}"), let first = body.first, isStart(first),
                body[..<close].allSatisfy(isPart)
            else { return nil }
            return (String(body[..<close]), body[body.index(after: close)...])
        }
        guard let first = text.first, isStart(first) else { return nil }
        let name = text.prefix(while: isPart)
        return (String(name), text[name.endIndex...])
    }

    /// An environment variable name: upper-case letters, digits and `_`.
    static func environmentName(_ text: String) -> String {
        var out = ""
        for character in text.uppercased() {
            let keep = character.isASCII && (character.isLetter || character.isNumber)
            if keep {
                out.append(character)
            } else if !out.hasSuffix("_") {
                out.append("_")
            }
        }
        let trimmed = String(out.drop { $0 == "_" }.reversed().drop { $0 == "_" }.reversed())
        return trimmed.first?.isNumber == true ? "_" + trimmed : trimmed
    }
}
