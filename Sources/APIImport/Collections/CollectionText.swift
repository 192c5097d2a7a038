/// Text of a collection split into literal runs and `{{references}}`.
///
/// Every client writes a reference between double braces: `{{baseUrl}}`, `{{ host }}`,
/// `{{$guid}}` (Postman's dynamic values), `{{ _.token }}` (Insomnia), `{{$processEnv TOKEN}}`
/// (VS Code), `{{login.response.body.$.token}}` (a chained request's answer). Insomnia's
/// `{% tag … %}` is a reference too. A `{{` without its `}}` is literal text.
///
/// ```swift
/// CollectionText.parts("{{host}}/users/{{ id }}")
/// // [.reference("host"), .literal("/users/"), .reference("id")]
/// ```
enum CollectionText {
    enum Part: Hashable {
        case literal(String)
        /// The reference's inside, trimmed: `host`, `$guid`, `_.token`, `% response 'body' … %`.
        case reference(String)
    }

    /// Splits `text` in one pass over its bytes. A search for a closer that fails means no later
    /// opener of that kind closes either, so each kind is searched past the end at most once: the
    /// cost stays linear whatever the text (a file of a million `{{` without `}}` among them).
    static func parts(_ text: String) -> [Part] {
        let bytes = Array(text.utf8)
        let brace = UInt8(ascii: "{")
        let percent = UInt8(ascii: "%")
        let closing = UInt8(ascii: "}")
        var parts: [Part] = []
        var literalStart = 0
        var index = 0
        // Whether no `}}` (or `%}`) follows the last search for one: openers of that kind are text.
        var referencesUnclosed = false
        var tagsUnclosed = false
        while index + 1 < bytes.count {
            guard bytes[index] == brace, bytes[index + 1] == brace || bytes[index + 1] == percent else {
                index += 1
                continue
            }
            let isTag = bytes[index + 1] == percent
            guard !(isTag ? tagsUnclosed : referencesUnclosed),
                let close = firstPair(isTag ? percent : closing, closing, in: bytes, from: index + 2)
            else {
                // An opener never closed is text.
                if isTag { tagsUnclosed = true } else { referencesUnclosed = true }
                index += 2
                continue
            }
            if literalStart < index {
                parts.append(.literal(String(decoding: bytes[literalStart..<index], as: UTF8.self)))
            }
            let inside = String(decoding: bytes[(index + 2)..<close], as: UTF8.self).trimmingSpaces
            parts.append(.reference(isTag ? "%" + inside : inside))
            index = close + 2
            literalStart = index
        }
        if literalStart < bytes.count {
            parts.append(.literal(String(decoding: bytes[literalStart...], as: UTF8.self)))
        }
        return parts
    }

    /// Where the first `first` directly followed by `second` starts, at or after `start`.
    private static func firstPair(_ first: UInt8, _ second: UInt8, in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == first, bytes[index + 1] == second { return index }
            index += 1
        }
        return nil
    }

    static func lines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
    }

    /// Whether `text` holds a reference.
    static func hasReference(_ text: String) -> Bool {
        parts(text).contains { if case .reference = $0 { true } else { false } }
    }

    /// The text of `parts` put back as the source wrote it (references as `{{name}}`).
    static func text(_ parts: [Part]) -> String {
        parts.map {
            switch $0 {
            case .literal(let text): text
            case .reference(let name): name.hasPrefix("%") ? "{\(name) %}" : "{{\(name)}}"
            }
        }.joined()
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
