import APIMapping
import Foundation
import Yams

/// Turns the bytes of a description file into a `JSONValue` tree: JSON through APIMapping's parser,
/// anything else through Yams' composer (YAML is a superset of JSON, so this is only for speed).
enum SourceParser {
    /// Parses JSON or YAML.
    ///
    /// - Throws: ``ImportError`` with the line of a syntax error.
    static func parse(_ bytes: [UInt8], name: String) throws(ImportError) -> JSONValue {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        if start < bytes.count, bytes[start] == UInt8(ascii: "{") {
            do {
                return try JSONDocument(parsing: bytes[start...]).root.value
            } catch {
                throw .syntax(name, line: error.line, "invalid JSON: \(error.message)")
            }
        }
        guard let text = String(validating: bytes[start...], as: UTF8.self) else {
            throw .syntax(name, line: nil, "not UTF-8 text")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw .syntax(name, line: Self.line(of: error), "invalid YAML: \(error)")
        } catch {
            throw .syntax(name, line: nil, "invalid YAML: \(error)")
        }
        guard let node else { throw .syntax(name, line: 1, "the file is empty") }
        // Aliases let a few lines stand for billions of nodes ("billion laughs"); no honest
        // description has more nodes than a few per byte of its text.
        var budget = YAMLTree.Budget(nodes: 100_000 + 8 * bytes.count)
        return try YAMLTree.value(of: node, file: name, budget: &budget, depth: 0)
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            mark.line
        default:
            nil
        }
    }
}

/// Converts a composed YAML node to JSON, resolving tags the way YAML 1.1 loaders (PyYAML) do.
enum YAMLTree {
    /// How many more nodes a file may expand to.
    struct Budget {
        var nodes: Int
    }

    /// The deepest nesting read; deeper is an error, not a stack overflow.
    static let maximumDepth = 256

    static func value(of node: Node, file: String, budget: inout Budget, depth: Int) throws(ImportError)
        -> JSONValue
    {
        budget.nodes -= 1
        guard budget.nodes >= 0 else {
            throw .syntax(
                file, line: node.mark?.line,
                "the YAML expands to more nodes than its size allows (an alias bomb?); refusing it")
        }
        guard depth < maximumDepth else {
            throw .syntax(file, line: node.mark?.line, "the YAML nests deeper than \(maximumDepth) levels")
        }
        switch node {
        case .scalar(let scalar):
            return scalarValue(scalar, tag: node.tag)
        case .sequence(let sequence):
            var elements: [JSONValue] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence {
                elements.append(try value(of: element, file: file, budget: &budget, depth: depth + 1))
            }
            return .array(elements)
        case .mapping(let mapping):
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(mapping.count)
            for (key, child) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    throw .syntax(file, line: key.mark?.line, "a mapping key must be a scalar")
                }
                if keyScalar.string == "<<", keyScalar.style == .plain,
                    case .object(let merged) = try value(of: child, file: file, budget: &budget, depth: depth + 1)
                {
                    // A YAML merge key: the merged members come first, explicit ones override them.
                    members.insert(contentsOf: merged.members, at: 0)
                    continue
                }
                members.append((keyScalar.string, try value(of: child, file: file, budget: &budget, depth: depth + 1)))
            }
            return .object(JSONObject(members))
        case .alias(let alias):
            throw .syntax(file, line: alias.mark?.line, "unresolved YAML alias")
        }
    }

    private static func scalarValue(_ scalar: Node.Scalar, tag: Tag) -> JSONValue {
        let text = scalar.string
        if scalar.style != .plain { return .string(text) }
        switch tag.rawValue {
        case Tag.Name.null.rawValue: return .null
        case Tag.Name.bool.rawValue:
            if let bool = Bool.construct(from: scalar) { return .bool(bool) }
            return .string(text)
        case Tag.Name.int.rawValue:
            if let number = JSONNumber(text) { return .number(number) }
            if let int = Int.construct(from: scalar) { return .number(JSONNumber(int)) }
            return .string(text)
        case Tag.Name.float.rawValue:
            if let number = JSONNumber(text) { return .number(number) }
            if let double = Double.construct(from: scalar), let number = JSONNumber(double) { return .number(number) }
            return .string(text)
        default:
            return .string(text)
        }
    }
}
