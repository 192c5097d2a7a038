/// Literal text in template fields: `$` doubled.
enum LiteralTemplate {
    static func escaped(_ text: String) -> String { text.replacing("$", with: "$$") }

    /// A path with `{name}` placeholders kept and every other brace percent-encoded (a URL may
    /// not hold a raw brace anyway), `$` doubled.
    static func path(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            result += rest[..<open]
            if rest[open] == "{", let close = rest[open...].firstIndex(of: "}"),
                Identifier.isValid(String(rest[rest.index(after: open)..<close]))
            {
                result += rest[open...close]
                rest = rest[rest.index(after: close)...]
            } else {
                result += rest[open] == "{" ? "%7B" : "%7D"
                rest = rest[rest.index(after: open)...]
            }
        }
        return escaped(result + rest)
    }

    /// `text` with `literal` applied to everything but the `${env:NAME}` placeholders of
    /// `variables`, which stay templates (``EndpointDraft/secretVariables``).
    ///
    /// ```swift
    /// LiteralTemplate.keeping(["SHOP_PASSWORD"], in: "p=${env:SHOP_PASSWORD}&price=$5", escaped)
    /// // "p=${env:SHOP_PASSWORD}&price=$$5"
    /// ```
    static func keeping(_ variables: [String], in text: String, _ literal: (String) -> String) -> String {
        keeping(placeholders: variables.map { "${env:\($0)}" }, in: text, literal)
    }

    /// `text` with `literal` applied to everything but the `placeholders`, which stay as written.
    static func keeping(placeholders: [String], in text: String, _ literal: (String) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let next = placeholders.compactMap({ rest.firstRange(of: $0) }).min(by: {
            $0.lowerBound < $1.lowerBound
        }) {
            result += literal(String(rest[..<next.lowerBound])) + rest[next]
            rest = rest[next.upperBound...]
        }
        return result + literal(String(rest))
    }
}
