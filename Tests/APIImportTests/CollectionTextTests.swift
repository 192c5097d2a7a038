import APITesting
import Testing

@testable import APIImport

/// `{{references}}` and `{% tags %}` in collection text, and openers that never close, which are text.
struct CollectionTextTests {
    @Test(arguments: [
        ("{{host}}/users/{{ id }}", [CollectionText.Part.reference("host"), .literal("/users/"), .reference("id")]),
        ("plain", [.literal("plain")]),
        ("", []),
        ("a {{ b", [.literal("a {{ b")]),
        ("{{a}} {{ b", [.reference("a"), .literal(" {{ b")]),
        ("{% response 'body' %}x", [.reference("%response 'body'"), .literal("x")]),
        ("{%a}}{{b%}", [.reference("%a}}{{b")]),
        ("{{{x}}}", [.reference("{x"), .literal("}")]),
        ("名前{{ 名 }}é", [.literal("名前"), .reference("名"), .literal("é")]),
        ("{ {a}} {", [.literal("{ {a}} {")]),
    ])
    func splitsReferencesFromText(text: String, expected: [CollectionText.Part]) {
        #expect(CollectionText.parts(text) == expected)
    }

    /// The one-pass split gives what the search-per-opener split it replaced gave, on random text
    /// made of braces, percent signs, spaces and letters (one of them two bytes long).
    @Test func theOnePassSplitAgreesWithTheSearchingOne() {
        var generator = SplitMix64(seed: 36)
        let alphabet: [String] = ["{", "{", "}", "}", "%", " ", "a", "é"]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0..<24, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
            #expect(CollectionText.parts(text) == Self.searchingParts(text), "\(text)")
        }
    }

    /// Two hundred thousand openers of each kind without a closer around one tag: one pass, the
    /// same parts. (The split it replaced searched the rest of the text again for each opener.)
    @Test func manyUnclosedOpenersAreText() {
        let text = String(repeating: "{{x ", count: 200_000) + "{% a %}" + String(repeating: "{%y ", count: 200_000)
        #expect(
            CollectionText.parts(text) == [
                .literal(String(repeating: "{{x ", count: 200_000)), .reference("%a"),
                .literal(String(repeating: "{%y ", count: 200_000)),
            ])
    }

    /// The split as it was before it became one pass: for each opener, a search of the rest.
    static func searchingParts(_ text: String) -> [CollectionText.Part] {
        var parts: [CollectionText.Part] = []
        var literal = ""
        var rest = Substring(text)
        while true {
            let openers = [rest.firstRange(of: "{{"), rest.firstRange(of: "{%")].compactMap { $0 }
            guard let open = openers.min(by: { $0.lowerBound < $1.lowerBound }) else { break }
            let isTag = rest[open] == "{%"
            literal += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: isTag ? "%}" : "}}") else {
                literal += rest[open]
                rest = rest[open.upperBound...]
                continue
            }
            let inside = rest[open.upperBound..<close.lowerBound].trimmingSpaces
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.reference(isTag ? "%" + inside : inside))
            rest = rest[close.upperBound...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }
}
