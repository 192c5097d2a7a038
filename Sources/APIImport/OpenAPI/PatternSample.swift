/// A string that matches a schema's `pattern`, for a sample value: `^FW[0-9a-fA-F]{32}$` gives
/// `FW0000…`. Literals, escapes (`\d`, `\w`, `\.`), classes (`[A-Z0-9_-]`, the first member),
/// groups with alternatives (the first), and the quantifiers `?`, `*`, `+`, `{n}`, `{n,m}`, `{n,}`
/// (the fewest repetitions the pattern allows, one for `+`) are read; `nil` for anything else
/// (lookarounds, backreferences), or a result over 1,000 characters.
struct PatternSample {
    private let characters: [Character]
    private var index = 0

    static func sample(_ pattern: String, minimumLength: Int = 0) -> String? {
        var reader = PatternSample(characters: Array(pattern))
        guard var result = reader.alternatives(), reader.index == reader.characters.count, result.count <= 1000 else {
            return nil
        }
        // Too short for `minLength`: the last atom that may repeat more (`[0-9a-f]+`) repeats.
        if result.count < minimumLength, let (offset, atom) = reader.expandable, !atom.isEmpty {
            let missing = (minimumLength - result.count + atom.count - 1) / atom.count
            let insertion = result.index(result.startIndex, offsetBy: offset)
            result.insert(contentsOf: String(repeating: atom, count: missing), at: insertion)
        }
        return result.count <= 1000 ? result : nil
    }

    /// Where the last top-level atom that may repeat more ends in the sample, and the atom.
    private var expandable: (Int, String)?
    private var depth = 0

    private init(characters: [Character]) {
        self.characters = characters
    }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    /// `a|b|c`: the first alternative (the others are read and dropped).
    private mutating func alternatives() -> String? {
        guard let first = sequence() else { return nil }
        while current == "|" {
            index += 1
            guard sequence() != nil else { return nil }
        }
        return first
    }

    private mutating func sequence() -> String? {
        var result = ""
        while let character = current, character != "|", character != ")" {
            guard let atom = atom() else { return nil }
            guard let (count, more) = quantifier() else { return nil }
            guard result.count + atom.count * count <= 1000 else { return nil }
            result += String(repeating: atom, count: count)
            if more, depth == 0 { expandable = (result.count, atom) }
        }
        return result
    }

    private mutating func atom() -> String? {
        guard let character = current else { return nil }
        index += 1
        switch character {
        case "^", "$": return ""
        case ".": return "a"
        case "(":
            if current == "?" {
                // `(?:…)` only: other group kinds (lookarounds, names) are not read.
                guard index + 1 < characters.count, characters[index + 1] == ":" else { return nil }
                index += 2
            }
            depth += 1
            defer { depth -= 1 }
            guard let inner = alternatives(), current == ")" else { return nil }
            index += 1
            return inner
        case "[": return characterClass()
        case "\\": return escape()
        case "*", "+", "?", "{", ")": return nil
        default: return String(character)
        }
    }

    private mutating func escape() -> String? {
        guard let character = current else { return nil }
        index += 1
        switch character {
        case "d": return "0"
        case "w": return "a"
        case "s": return " "
        case "D", "W", "S": return "-"
        case "b", "B": return ""
        default: return character.isLetter || character.isNumber ? nil : String(character)
        }
    }

    /// `[…]`: its first member that is not excluded; a negated class gives a letter it does not name.
    private mutating func characterClass() -> String? {
        var negated = false
        if current == "^" {
            negated = true
            index += 1
        }
        var members: [Character] = []
        var first = true
        while let character = current, character != "]" || first {
            first = false
            index += 1
            if character == "\\" {
                guard let escaped = current else { return nil }
                index += 1
                switch escaped {
                case "d": members.append("0")
                case "w": members.append("a")
                case "s": members.append(" ")
                default: members.append(escaped)
                }
            } else {
                members.append(character)
            }
        }
        guard current == "]" else { return nil }
        index += 1
        if negated {
            return ["a", "0", "Z", "_"].first { !members.contains($0) }.map(String.init)
        }
        return members.first.map(String.init)
    }

    /// How many times the atom repeats (the fewest the quantifier allows, one for `+`), and whether
    /// it may repeat more.
    private mutating func quantifier() -> (Int, Bool)? {
        guard let character = current else { return (1, false) }
        switch character {
        case "?":
            index += 1
            skipLazy()
            return (0, false)
        case "*":
            index += 1
            skipLazy()
            return (0, true)
        case "+":
            index += 1
            skipLazy()
            return (1, true)
        case "{":
            let start = index
            index += 1
            var digits = ""
            while let digit = current, digit.isNumber {
                digits.append(digit)
                index += 1
            }
            var rest = ""
            while let other = current, other != "}" {
                guard other == "," || other.isNumber else {
                    index = start
                    return (1, false)
                }
                rest.append(other)
                index += 1
            }
            guard current == "}", let count = Int(digits), count <= 1000 else { return nil }
            index += 1
            skipLazy()
            // `{n,}` and `{n,m}` with m above n may repeat more.
            let upper = rest.hasPrefix(",") ? Int(rest.dropFirst()) : count
            return (count, upper.map { $0 > count } ?? true)
        default:
            return (1, false)
        }
    }

    private mutating func skipLazy() {
        if current == "?" || current == "+" { index += 1 }
    }
}
