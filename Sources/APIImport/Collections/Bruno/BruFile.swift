import Foundation

/// A parsed `.bru` file (Bruno's Bru language): named blocks of `key: value` pairs, of text, or
/// of list items.
///
/// ```text
/// meta {
///   name: Get users
///   seq: 1
/// }
///
/// get {
///   url: {{host}}/users
///   auth: inherit
/// }
///
/// body:json {
///   {"page": 1}
/// }
/// ```
///
/// A block opens with `name {` (or `name [` for a list) at the start of a line and closes with
/// `}` (`]`) alone at the start of a line. In pair blocks, a key starting with `~` is disabled,
/// `@annotation` lines are skipped, and `'''` opens a value of several lines. Text blocks
/// (`body:*`, `script:*`, `tests`, `docs`) keep their lines with two spaces of indent removed.
public struct BruFile: Sendable {
    /// One block.
    public struct Block: Sendable {
        /// `meta`, `get`, `headers`, `body:json`…
        public var name: String
        /// The line it opens on.
        public var line: Int
        /// Its pairs, in order, disabled ones with `enabled` false.
        public var pairs: [(key: String, value: String, enabled: Bool)] = []
        /// Its text (text blocks).
        public var text: String = ""
        /// Its items (list blocks).
        public var items: [String] = []
    }

    /// The blocks in file order.
    public var blocks: [Block] = []

    /// The first block named `name`.
    public func block(_ name: String) -> Block? { blocks.first { $0.name == name } }

    /// The first enabled value of `key` in block `name`.
    public func value(_ key: String, in name: String) -> String? {
        block(name)?.pairs.first { $0.key == key && $0.enabled }?.value
    }

    static func isText(_ name: String) -> Bool {
        (name.hasPrefix("body:") && !["body:form-urlencoded", "body:multipart-form", "body:file"].contains(name))
            || name.hasPrefix("script:") || name == "tests" || name == "docs"
    }

    /// Parses a file.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - file: How errors name it.
    /// - Throws: ``CollectionImportError`` at the line of a stray line or a block left open.
    public init(parsing text: String, file: String) throws(CollectionImportError) {
        let lines = CollectionText.lines(text)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { continue }
            guard !line.hasPrefix(" "), !line.hasPrefix("\t"),
                let opener = trimmed.last, opener == "{" || opener == "[",
                case let name = trimmed.dropLast().trimmingSpaces, !name.isEmpty, !name.contains(" ")
            else {
                throw CollectionImportError(
                    file: file, line: index, message: "expected a block 'name {', found '\(trimmed.prefix(60))'")
            }
            let closer = opener == "{" ? "}" : "]"
            var block = Block(name: name, line: index)
            var body: [String] = []
            var closed = false
            while index < lines.count {
                let inner = lines[index]
                index += 1
                if inner.trimmingSpaces == closer, !inner.hasPrefix(" "), !inner.hasPrefix("\t") {
                    closed = true
                    break
                }
                body.append(inner)
            }
            guard closed else {
                throw CollectionImportError(
                    file: file, line: block.line, message: "the block '\(name)' is not closed by '\(closer)'")
            }
            if opener == "[" {
                block.items = body.joined(separator: "\n").split { $0 == "," || $0 == "\n" }.map { $0.trimmingSpaces }
                    .filter { !$0.isEmpty }
            } else if Self.isText(name) {
                block.text = body.map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }.joined(separator: "\n")
            } else {
                block.pairs = Self.pairs(body)
            }
            blocks.append(block)
        }
    }

    /// `key: value` lines; `@annotations` skipped, `'''` values joined.
    private static func pairs(_ lines: [String]) -> [(key: String, value: String, enabled: Bool)] {
        var pairs: [(key: String, value: String, enabled: Bool)] = []
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingSpaces
            index += 1
            if line.isEmpty { continue }
            if line.hasPrefix("@") {
                // An annotation may hold a ''' text over several lines.
                if line.components(separatedBy: "'''").count == 2 {
                    while index < lines.count, !lines[index].contains("'''") { index += 1 }
                    index += 1
                }
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            var key = line[..<colon].trimmingSpaces
            var value = line[line.index(after: colon)...].trimmingSpaces
            let enabled = !key.hasPrefix("~")
            if !enabled { key.removeFirst() }
            if value == "'''" {
                var parts: [String] = []
                while index < lines.count, lines[index].trimmingSpaces != "'''" {
                    parts.append(lines[index].trimmingSpaces)
                    index += 1
                }
                index += 1
                value = parts.joined(separator: "\n")
            }
            pairs.append((key, value, enabled))
        }
        return pairs
    }
}
