/// Values that look like secrets whatever their name: well-known token shapes, and (where ids are
/// not expected) long high-entropy strings.
///
/// Known shapes: JWTs (`eyJ…` with two dots), Stripe keys (`sk_live_`, `sk_test_`, `rk_live_`,
/// `rk_test_`), GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`), Slack tokens
/// (`xoxa-`, `xoxb-`, `xoxp-`, `xoxr-`), AWS access key ids (`AKIA` and 16 upper-case letters or
/// digits) and Google API keys (`AIza…`).
enum SecretValues {
    private static let prefixes = [
        "sk_live_", "sk_test_", "rk_live_", "rk_test_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_",
        "xoxa-", "xoxb-", "xoxp-", "xoxr-",
    ]

    /// Whether `value` holds a word of a known token shape.
    static func containsKnownToken(_ value: String) -> Bool {
        words(of: value).contains(where: isKnownToken)
    }

    /// Whether `value` looks like a secret: a known token shape, or, with `entropy`, 32 or more
    /// characters without spaces mixing letters and digits (not a UUID, not a path).
    static func looksSecret(_ value: String, entropy: Bool) -> Bool {
        containsKnownToken(value) || (entropy && isHighEntropy(value))
    }

    /// The words of `text` that look like secrets (known shapes or high entropy), for replacing inside free text.
    static func secretRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index <= text.endIndex {
            let isPart = index < text.endIndex && isTokenCharacter(text[index])
            if isPart, start == nil { start = index }
            if !isPart, let first = start {
                let word = text[first..<index]
                if isKnownToken(word) || isHighEntropy(String(word)) { ranges.append(first..<index) }
                start = nil
            }
            if index == text.endIndex { break }
            index = text.index(after: index)
        }
        return ranges
    }

    private static func words(of value: String) -> [Substring] {
        value.split { !isTokenCharacter($0) }
    }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "_-.".contains(character))
    }

    private static func isKnownToken(_ word: Substring) -> Bool {
        let word = word.hasSuffix(".") ? word.dropLast() : word
        if prefixes.contains(where: { word.hasPrefix($0) && word.count > $0.count }) { return true }
        if word.hasPrefix("eyJ") {
            let parts = word.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 3 && parts[0].count > 3 && !parts[1].isEmpty
        }
        if word.hasPrefix("AKIA"), word.count == 20,
            word.dropFirst(4).allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) })
        {
            return true
        }
        return word.hasPrefix("AIza") && word.count >= 30
    }

    private static func isHighEntropy(_ value: String) -> Bool {
        guard value.count >= 32, value.contains(where: \.isLetter), value.contains(where: \.isNumber) else {
            return false
        }
        guard value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.+/=~".contains($0)) }) else {
            return false
        }
        if value.filter({ $0 == "/" }).count > 1 || isUUID(value) { return false }
        return Set(value).count >= 10
    }

    private static func isUUID(_ value: String) -> Bool {
        let characters = Array(value)
        guard characters.count == 36 else { return false }
        return characters.enumerated().allSatisfy { index, character in
            [8, 13, 18, 23].contains(index) ? character == "-" : character.isHexDigit
        }
    }
}
