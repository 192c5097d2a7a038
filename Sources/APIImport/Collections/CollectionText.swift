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

    static func parts(_ text: String) -> [Part] {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while true {
            let openers = [rest.firstRange(of: "{{"), rest.firstRange(of: "{%")].compactMap { $0 }
            guard let open = openers.min(by: { $0.lowerBound < $1.lowerBound }) else { break }
            let isTag = rest[open] == "{%"
            literal += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: isTag ? "%}" : "}}") else {
                // An opener never closed is text.
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

    /// The lines of `text`, split at LF and CRLF alike. (A Swift `String` holds CRLF as one
    /// `Character`, so splitting at `"\n"` alone leaves a CRLF file one line.)
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
