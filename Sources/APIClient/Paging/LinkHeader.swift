/// The links of RFC 8288 `Link` headers: `<https://…?page=2>; rel="next", <…>; rel="last"`.
///
/// ```swift
/// let links = LinkHeader(["<https://api.github.com/user/repos?page=2>; rel=\"next\""])
/// links.target(relation: "next")  // "https://api.github.com/user/repos?page=2"
/// ```
///
/// Reading is linear and never fails: a malformed link is skipped, the rest are kept.
public struct LinkHeader: Sendable, Hashable {
    /// One link: its target as written and its relation types, lower-cased.
    public struct Link: Sendable, Hashable {
        /// The target URI reference between `<` and `>`.
        public let target: String
        /// The relation types of its `rel` parameter (`rel="next last"` has two).
        public let relations: [String]
    }

    /// The links in header order.
    public let links: [Link]

    /// Reads the values of every `Link` header of a response.
    ///
    /// - Parameter values: The header values, in order.
    public init(_ values: [String]) {
        links = values.flatMap { Self.parse(Array($0.unicodeScalars)) }
    }

    /// The first link with this relation type, compared without case.
    ///
    /// - Parameter relation: A relation type such as `next`.
    public func target(relation: String) -> String? {
        let relation = relation.lowercased()
        return links.first { $0.relations.contains(relation) }?.target
    }

    private static func parse(_ scalars: [Unicode.Scalar]) -> [Link] {
        var links: [Link] = []
        var index = 0
        func skipSpaces() {
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        }
        while index < scalars.count {
            skipSpaces()
            guard index < scalars.count, scalars[index] == "<" else {
                // Not a link: skip to the next comma outside quotes.
                skipValue(scalars, &index)
                continue
            }
            index += 1
            var target = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != ">" {
                target.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { break }
            index += 1
            var relations: [String] = []
            // Parameters: ; name[=value | ="quoted"]
            while true {
                skipSpaces()
                guard index < scalars.count, scalars[index] == ";" else { break }
                index += 1
                skipSpaces()
                var name = String.UnicodeScalarView()
                while index < scalars.count, !"=;, \t".unicodeScalars.contains(scalars[index]) {
                    name.append(scalars[index])
                    index += 1
                }
                skipSpaces()
                var value = String.UnicodeScalarView()
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    skipSpaces()
                    if index < scalars.count, scalars[index] == "\"" {
                        index += 1
                        while index < scalars.count, scalars[index] != "\"" {
                            if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
                            value.append(scalars[index])
                            index += 1
                        }
                        index += 1
                    } else {
                        while index < scalars.count, !";, \t".unicodeScalars.contains(scalars[index]) {
                            value.append(scalars[index])
                            index += 1
                        }
                    }
                }
                // The first `rel` counts (RFC 8288 §3.3); relation types are compared without case.
                if String(name).lowercased() == "rel", relations.isEmpty {
                    relations = String(value).lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
                        .map(String.init)
                }
            }
            skipValue(scalars, &index)
            links.append(Link(target: String(target), relations: relations))
        }
        return links
    }

    /// Moves past the rest of a link value and its comma, quotes respected.
    private static func skipValue(_ scalars: [Unicode.Scalar], _ index: inout Int) {
        var quoted = false
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "\"" { quoted.toggle() }
            if scalar == "\\", quoted { index += 1 }
            if scalar == ",", !quoted { return }
        }
    }
}
