import APIMapping
import Yams

extension ProfileYAMLReader {
    /// Refuses a profile whose aliases expand it past ``InputRanges/profileNodes`` nodes (billion laughs).
    ///
    /// Yams composes an alias as the anchored node itself, so the composed tree stays as small as the
    /// text; it is reading it (a `body` walks every node) that would expand exponentially. This walk
    /// counts nodes in document order, adding an alias's expanded size (remembered from its first
    /// walk) at each use, and stops at the first alias that takes the count past the limit: linear in
    /// the text, with one remembered size per node.
    ///
    /// - Throws: ``ProfileError`` at the alias that passed the limit.
    func checkExpansion(_ root: Node, yaml: String) throws(ProfileError) {
        var walk = ExpansionWalk(limit: InputRanges.profileNodes)
        guard let overflow = walk.count(root) else { return }
        guard let definition = overflow.definition, let mark = definition.mark else {
            throw ProfileError(
                .malformedYAML, at: location(overflow.container),
                "the profile has more than \(InputRanges.profileNodes) YAML nodes, the limit for a profile")
        }
        let text = YAMLText(yaml)
        // Yams keeps neither the anchor's name nor the alias's place: the definition's mark is at its
        // `&name`, and the alias is the matching `*name` after the start of the collection holding it.
        let anchor = text.anchorName(at: mark)
        let alias = anchor.flatMap { text.alias($0, after: overflow.container.mark, skipping: overflow.earlierUses) }
        let name = anchor ?? "?"
        throw ProfileError(
            .malformedYAML,
            at: alias.map { SourceLocation(file: file, line: $0.line, column: $0.column) }
                ?? location(overflow.container),
            "alias '*\(name)' expands the profile past \(InputRanges.profileNodes) nodes, the limit for a profile "
                + "with its aliases expanded (anchor '&\(name)' is at line \(mark.line))")
    }
}

/// Counts a composed tree's nodes with aliases expanded, stopping past a limit.
private struct ExpansionWalk {
    /// Where the count passed the limit.
    struct Overflow {
        /// The aliased node whose use passed the limit; `nil` when the profile is simply too large.
        var definition: Node?
        /// The collection holding the alias, or the node that passed the limit.
        var container: Node
        /// How many uses of the same alias come before it in `container`.
        var earlierUses: Int
    }

    /// A node's identity: Yams drops anchors, but an alias is the anchored node with its mark.
    private struct Key: Hashable {
        var line: Int
        var column: Int
        var kind: Int

        init?(_ node: Node) {
            guard let mark = node.mark else { return nil }
            let kind: Int
            switch node {
            case .scalar: kind = 0
            case .sequence: kind = 1
            case .mapping: kind = 2
            case .alias: kind = 3
            }
            self.init(line: mark.line, column: mark.column, kind: kind)
        }

        private init(line: Int, column: Int, kind: Int) {
            self.line = line
            self.column = column
            self.kind = kind
        }
    }

    let limit: Int
    private var total = 0
    /// Each node's expanded size once walked; a node met again is an alias.
    private var sizes: [Key: Int] = [:]

    init(limit: Int) { self.limit = limit }

    /// Counts `node` and what it contains; the overflow when the count passes the limit.
    mutating func count(_ node: Node) -> Overflow? {
        let start = total
        total += 1
        if total > limit { return Overflow(definition: nil, container: node, earlierUses: 0) }
        var uses: [Key: Int] = [:]
        let children: [Node]
        switch node {
        case .scalar, .alias: children = []
        case .sequence(let sequence): children = Array(sequence)
        case .mapping(let mapping): children = mapping.flatMap { [$0.key, $0.value] }
        }
        for child in children {
            if let key = Key(child), let size = sizes[key] {
                total += size
                if total > limit {
                    return Overflow(definition: child, container: node, earlierUses: uses[key, default: 0])
                }
                uses[key, default: 0] += 1
            } else if let overflow = count(child) {
                return overflow
            }
        }
        if let key = Key(node) { sizes[key] = total - start }
        return nil
    }
}

/// Profile text addressed by Yams' marks (1-based lines, columns in Unicode scalars).
private struct YAMLText {
    let lines: [[Unicode.Scalar]]

    init(_ text: String) {
        lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    }

    private static let delimiters: Set<Unicode.Scalar> = [" ", "\t", "\r", ",", "[", "]", "{", "}"]

    /// The anchor's name when the text at `mark` is `&name`.
    func anchorName(at mark: Mark) -> String? {
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        let line = lines[mark.line - 1].dropFirst(mark.column - 1)
        guard line.first == "&" else { return nil }
        let name = line.dropFirst().prefix { !Self.delimiters.contains($0) }
        return name.isEmpty ? nil : String(String.UnicodeScalarView(name))
    }

    /// The `skipping + 1`th `*name` at or after `start`.
    func alias(_ name: String, after start: Mark?, skipping: Int) -> (line: Int, column: Int)? {
        let token = Array("*\(name)".unicodeScalars)
        var seen = 0
        for (index, line) in lines.enumerated() where index + 1 >= (start?.line ?? 1) {
            let first = index + 1 == start?.line ? max((start?.column ?? 1) - 1, 0) : 0
            var column = first
            while column < line.count {
                if line[column...].starts(with: token),
                    column + token.count == line.count || Self.delimiters.contains(line[column + token.count])
                {
                    if seen == skipping { return (index + 1, column + 1) }
                    seen += 1
                }
                column += 1
            }
        }
        return nil
    }
}
