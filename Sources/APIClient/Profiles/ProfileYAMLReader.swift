import APIMapping
import Foundation
import Yams

/// Reads a composed YAML tree with locations, turning every surprise into a ``ProfileError``.
struct ProfileYAMLReader {
    let file: String

    func location(_ node: Node) -> SourceLocation {
        guard let mark = node.mark else { return SourceLocation(file: file, line: 0, column: 0) }
        return SourceLocation(file: file, line: mark.line, column: mark.column)
    }

    /// Where a scalar's text starts: after the opening quote of a quoted scalar.
    func textLocation(_ node: Node) -> SourceLocation {
        let start = location(node)
        switch node.scalar?.style {
        case .singleQuoted?, .doubleQuoted?: return start.advanced(by: 1)
        default: return start
        }
    }

    func compose(_ yaml: String) throws(ProfileError) -> Node {
        try refuseComplexKeysWithAliases(yaml)
        let root: Node?
        do {
            // Plain scalars are resolved by Yams' default resolver (YAML 1.1: null, bool, int, float).
            // Profiles never ask Yams to construct Swift values, so the constructor is an empty one.
            // The encoding is named, not read from `YAMS_DEFAULT_ENCODING`.
            root = try Yams.compose(yaml: yaml, .default, Constructor([:], [:], [:]), .utf8)
        } catch let error as YamlError {
            throw translate(error)
        } catch {
            throw ProfileError(.malformedYAML, file: file, line: 0, column: 0, message: "malformed YAML: \(error)")
        }
        guard let root else {
            throw ProfileError(
                .missingField, file: file, line: 1, column: 1,
                message: "the profile is empty; it needs at least 'name' and 'base_url'")
        }
        try checkExpansion(root, yaml: yaml)
        return root
    }

    private func translate(_ error: YamlError) -> ProfileError {
        func make(_ context: YamlError.Context?, _ problem: String, _ mark: Mark) -> ProfileError {
            let prefix = context.map { "\($0.text) " } ?? ""
            return ProfileError(
                .malformedYAML, file: file, line: mark.line, column: mark.column,
                message: "malformed YAML: \(prefix)\(problem)")
        }
        switch error {
        case .scanner(let context, let problem, let mark, _): return make(context, problem, mark)
        case .parser(let context, let problem, let mark, _): return make(context, problem, mark)
        case .composer(let context, let problem, let mark, _): return make(context, problem, mark)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let names = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return ProfileError(
                .malformedYAML, file: file, line: context.mark.line, column: context.mark.column,
                message: "duplicate key \(names)")
        default:
            return ProfileError(.malformedYAML, file: file, line: 0, column: 0, message: "malformed YAML: \(error)")
        }
    }

    /// The kind of a node in words: `a mapping`, `a list`, `a string`, `a number`, `a bool`, `null`.
    func kind(_ node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar:
            switch node.tagName {
            case .null: return "null"
            case .bool: return "a bool"
            case .int, .float: return "a number"
            default: return "a string"
            }
        }
    }

    func wrongType(_ node: Node, expected: String, for what: String) -> ProfileError {
        ProfileError(.wrongType, at: location(node), "expected \(expected) for \(what), found \(kind(node))")
    }

    /// The fields of a mapping, checked against the keys the format allows.
    func fields(_ node: Node, _ what: String, allowed: [String]) throws(ProfileError) -> Fields {
        guard let mapping = node.mapping else { throw wrongType(node, expected: "a mapping", for: what) }
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                throw wrongType(keyNode, expected: "a string key", for: what)
            }
            guard allowed.contains(key) else {
                throw ProfileError(
                    .unknownKey, at: location(keyNode),
                    "unknown key '\(key)' in \(what); expected one of \(allowed.sorted().joined(separator: ", "))")
            }
            entries.append((key, keyNode, value))
        }
        return Fields(reader: self, owner: location(node), what: what, entries: entries)
    }

    /// A mapping's entries whose keys are free-form (header names, endpoint ids).
    func entries(_ node: Node, _ what: String) throws(ProfileError) -> [(key: String, keyNode: Node, value: Node)] {
        guard let mapping = node.mapping else { throw wrongType(node, expected: "a mapping", for: what) }
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                throw wrongType(keyNode, expected: "a string key", for: what)
            }
            entries.append((key, keyNode, value))
        }
        return entries
    }

    /// A string; numbers are accepted as their text, bools and null are not.
    func string(_ node: Node, _ what: String) throws(ProfileError) -> String {
        guard let scalar = node.scalar, node.tagName != .null, node.tagName != .bool else {
            throw wrongType(node, expected: "a string", for: what)
        }
        return scalar.string
    }

    func bool(_ node: Node, _ what: String) throws(ProfileError) -> Bool {
        guard let value = node.boolValue else { throw wrongType(node, expected: "a bool", for: what) }
        return value
    }

    func int(_ node: Node, _ what: String) throws(ProfileError) -> Int {
        guard node.tagName == .int, let value = node.int else {
            throw wrongType(node, expected: "an integer", for: what)
        }
        return value
    }

    func stringList(_ node: Node, _ what: String) throws(ProfileError) -> [String] {
        guard let sequence = node.sequence else { throw wrongType(node, expected: "a list of strings", for: what) }
        var result: [String] = []
        for element in sequence { result.append(try string(element, what)) }
        return result
    }

    func path(_ node: Node, _ what: String) throws(ProfileError) -> ProfilePath {
        let text = try string(node, what)
        do {
            return try ProfilePath(text)
        } catch {
            throw ProfileError(
                .invalidValue, at: textLocation(node).advanced(by: error.offset),
                "invalid profile path '\(text)' for \(what): \(error.message)")
        }
    }

    /// A path or a list of paths.
    func paths(_ node: Node, _ what: String) throws(ProfileError) -> [ProfilePath] {
        guard let sequence = node.sequence else { return [try path(node, what)] }
        var result: [ProfilePath] = []
        for element in sequence { result.append(try path(element, what)) }
        return result
    }

    func template(_ node: Node, _ what: String, inPath: Bool = false) throws(ProfileError) -> Template {
        let text = try string(node, what)
        // A block scalar's text does not start at the node's mark; report template errors at the node.
        let start: SourceLocation =
            switch node.scalar?.style {
            case .literal?, .folded?: location(node)
            default: textLocation(node)
            }
        return try Template(parsing: text, at: start, inPath: inPath)
    }

    /// A duration within `range` (milliseconds), read exactly by ``DurationText``.
    func duration(
        _ node: Node, _ what: String, in range: ClosedRange<Int64> = InputRanges.timeoutMilliseconds
    ) throws(ProfileError) -> Duration {
        let text = try string(node, what)
        guard let milliseconds = DurationText.milliseconds(text) else {
            throw ProfileError(
                .invalidValue, at: location(node),
                "invalid duration '\(text)' for \(what); use a number with ms, s, m or h")
        }
        guard range.contains(milliseconds) else {
            throw ProfileError(
                .invalidValue, at: location(node),
                "duration '\(text)' for \(what) is out of range; use \(InputRanges.describe(milliseconds: range))")
        }
        return .milliseconds(milliseconds)
    }

    /// A size in bytes within `range`: a YAML integer, or text ``SizeLimitSyntax`` reads.
    func byteCount(_ node: Node, _ what: String, in range: ClosedRange<Int>) throws(ProfileError) -> Int {
        let text = try string(node, what)
        let bytes = node.tagName == .int ? node.int : SizeLimitSyntax.parse(text)
        guard let bytes, range.contains(bytes) else {
            throw ProfileError(
                .invalidValue, at: location(node),
                "invalid size '\(text)' for \(what); use \(InputRanges.describe(bytes: range)), in bytes or "
                    + "KB, MB, GB, KiB, MiB, GiB")
        }
        return bytes
    }
}

extension Node {
    /// The node's tag name, as Yams' default resolver (YAML 1.1's rules) gave it.
    var tagName: Tag.Name {
        Tag.Name(rawValue: tag.rawValue)
    }

    /// The node's value when it is a bool (`true`, `yes`, `on`, `false`, `no`, `off`), else `nil`.
    var boolValue: Bool? {
        guard tagName == .bool else { return nil }
        return bool
    }
}

/// The checked fields of one mapping.
struct Fields {
    let reader: ProfileYAMLReader
    let owner: SourceLocation
    let what: String
    let entries: [(key: String, keyNode: Node, value: Node)]

    subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }

    func required(_ key: String) throws(ProfileError) -> Node {
        guard let node = self[key] else {
            throw ProfileError(.missingField, at: owner, "missing required key '\(key)' in \(what)")
        }
        return node
    }
}
