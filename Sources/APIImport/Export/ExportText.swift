import APIClient

/// Profile templates written in the `{{name}}` syntax other clients share, and the names of the
/// secrets they read: a secret is exported as a variable, never as its value.
///
/// `${var:NAME}` and `${env:NAME}` become `{{NAME}}`, `${param}` `{{param}}` (`:param` in a
/// Postman path), `${file:…}`, `${cmd:…}` and `${prompt:…}` a `{{…}}` variable named after the
/// file, command or label, `${demo:base_url}` `{{baseUrl}}`, and `$$` a `$`.
///
/// ```swift
/// var text = ExportText()
/// text.render("Bearer ${env:SHOP_TOKEN}")   // "Bearer {{SHOP_TOKEN}}"
/// text.secrets                               // ["SHOP_TOKEN"]
/// ```
public struct ExportText: Sendable {
    /// The variables standing for secrets, in first-use order.
    public private(set) var secrets: [String] = []
    /// The endpoint parameters used, in first-use order.
    public private(set) var parameters: [String] = []

    /// Creates an empty renderer.
    public init() {}

    enum Token: Hashable {
        case literal(String)
        case variable(String)
        case secret(String)
        case parameter(String)
    }

    /// Splits a template's text (as written in the profile) into tokens.
    static func tokens(_ text: String, inPath: Bool = false) -> [Token] {
        var tokens: [Token] = []
        var literal = ""
        var rest = Substring(text)
        func flush() {
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = ""
        }
        while let index = rest.firstIndex(where: { $0 == "$" || (inPath && $0 == "{") }) {
            literal += rest[..<index]
            rest = rest[index...]
            if rest.hasPrefix("$$") {
                literal += "$"
                rest = rest.dropFirst(2)
                continue
            }
            let open = rest.hasPrefix("${") ? 2 : (rest.hasPrefix("{") ? 1 : 0)
            guard open > 0, let close = rest.firstIndex(of: "}") else {
                literal += rest.prefix(1)
                rest = rest.dropFirst()
                continue
            }
            let inner = String(rest[rest.index(rest.startIndex, offsetBy: open)..<close])
            rest = rest[rest.index(after: close)...]
            flush()
            tokens.append(token(inner, braced: open == 1))
        }
        literal += rest
        flush()
        return tokens
    }

    private static func token(_ inner: String, braced: Bool) -> Token {
        if braced { return .parameter(inner) }
        for (prefix, isSecret) in [("env:", true), ("var:", false)] where inner.hasPrefix(prefix) {
            let name = String(inner.dropFirst(prefix.count))
            return isSecret ? .secret(name) : .variable(name)
        }
        if inner == "demo:base_url" { return .variable("baseUrl") }
        for prefix in ["file:", "cmd:", "prompt:"] where inner.hasPrefix(prefix) {
            let words = inner.dropFirst(prefix.count).split { !($0.isLetter || $0.isNumber) }
            let name = words.suffix(2).joined(separator: "_").uppercased()
            return .secret(name.isEmpty ? "SECRET" : name)
        }
        return .parameter(inner)
    }

    /// A template in `{{name}}` syntax; `pathParameter` writes parameters (Postman's `:name`).
    public mutating func render(_ text: String, inPath: Bool = false, pathParameter: ((String) -> String)? = nil)
        -> String
    {
        var out = ""
        for token in Self.tokens(text, inPath: inPath) {
            switch token {
            case .literal(let literal): out += literal
            case .variable(let name): out += "{{\(name)}}"
            case .secret(let name):
                if !secrets.contains(name) { secrets.append(name) }
                out += "{{\(name)}}"
            case .parameter(let name):
                if !parameters.contains(name) { parameters.append(name) }
                out += pathParameter?(name) ?? "{{\(name)}}"
            }
        }
        return out
    }

    /// A template's value when it has no placeholders.
    static func literal(_ text: String) -> String? {
        let tokens = tokens(text)
        if tokens.isEmpty { return "" }
        if tokens.count == 1, case .literal(let value) = tokens[0] { return value }
        return nil
    }
}
