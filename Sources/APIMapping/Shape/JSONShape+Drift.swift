/// How a value departs from a ``JSONShape``: the breaks (``changes``) and what is only worth a note.
///
/// ```swift
/// let drift = shape.drift(of: model, at: "data")
/// drift.changes.map(\.description)
/// // ["data>user>age: int → string", "data>items[]>price: new", "data>user>email: missing (was always present)"]
/// drift.notes.map(\.description)
/// // ["data>user>role: new value \"owner\" (seen: admin, member)"]
/// ```
public struct JSONShapeDrift: Sendable, Hashable {
    /// The breaks: a type never seen at a path, a key never seen, a key that was always present and is not.
    public var changes: [JSONShapeChange] = []
    /// Departures that are not breaks: a string never seen at an enum-like path.
    public var notes: [JSONShapeChange] = []
    /// Whether more changes were found than ``JSONShape/Limits/maxChanges`` and dropped.
    public var isCut = false

    /// Creates an empty report.
    public init() {}

    /// Whether the value breaks nothing (notes may still be there).
    public var isEmpty: Bool { changes.isEmpty }
}

/// One departure from a shape, at a path in the profile's `>` syntax (`items[]` for array elements).
///
/// ```swift
/// JSONShapeChange(path: "data>user>age", kind: .type(was: [.integer], now: .string)).description
/// // "data>user>age: int → string"
/// ```
public struct JSONShapeChange: Sendable, Hashable, CustomStringConvertible {
    /// What departs.
    public enum Kind: Sendable, Hashable {
        /// A type never seen at this path (`int → string`).
        case type(was: [JSONShape.Kind], now: JSONShape.Kind)
        /// A key never seen in this object.
        case new
        /// A key present in every earlier object here, absent now.
        case missing
        /// A string never seen at an enum-like path, with the values seen.
        case newValue(String, seen: [String])
    }

    /// The path: `data>user>age`, `data>items[]>price`.
    public let path: String
    /// What departs.
    public let kind: Kind

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - path: The path in the profile's `>` syntax.
    ///   - kind: What departs.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// `data>user>age: int → string`, `data>items[]>price: new`, `data>user>email: missing (was always
    /// present)`, `data>role: new value "owner" (seen: admin, member)`. Values are not sanitized: print
    /// them through ``TerminalSanitizer``.
    public var description: String {
        let where_ = path.isEmpty ? "(root)" : path
        switch kind {
        case .type(let was, let now):
            return "\(where_): \(was.map(\.description).joined(separator: "|")) → \(now)"
        case .new:
            return "\(where_): new"
        case .missing:
            return "\(where_): missing (was always present)"
        case .newValue(let value, let seen):
            // A value never seen can be as long as the body: the description keeps its start.
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return "\(where_): new value \(JSONValue.string(shown).jsonText()) (seen: \(seen.joined(separator: ", ")))"
        }
    }

    /// The change as JSON: `{"path": "data>user>age", "change": "type", "was": ["int"], "now": "string"}`.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["path": .string(path)]
        switch kind {
        case .type(let was, let now):
            object.append(key: "change", value: "type")
            object.append(key: "was", value: .array(was.map { .string($0.description) }))
            object.append(key: "now", value: .string(now.description))
        case .new:
            object.append(key: "change", value: "new")
        case .missing:
            object.append(key: "change", value: "missing")
        case .newValue(let value, let seen):
            object.append(key: "change", value: "new-value")
            object.append(key: "value", value: .string(value))
            object.append(key: "seen", value: .array(seen.map(JSONValue.string)))
        }
        object.append(key: "text", value: .string(description))
        return .object(object)
    }
}

extension JSONShape {
    /// Checks a value against the shape and reports each break, once per path.
    ///
    /// A type is a break unless it was seen at the path (an integer where numbers were seen is not);
    /// a key is new when its object was seen without it every time; a key is missing when it was
    /// present in every object seen at its parent's path. The values under a changed type or a new
    /// key are not checked further. A string outside an enum-like set is a note, not a break: small
    /// sets inferred from samples are guesses. Array elements are each checked against the merged
    /// element shape (`items[]`), unless an earlier array there was longer than ``Limits/maxElements``.
    ///
    /// ```swift
    /// shape.drift(of: try JSONDocument(parsing: #"{"age": "31"}"#).root, at: "data>user").changes
    /// // [data>user>age: int → string]
    /// ```
    ///
    /// - Parameters:
    ///   - value: The new value (model).
    ///   - base: The value's own path, prefixed to every reported path (the envelope's model path).
    /// - Returns: The changes and notes; empty when the shape has no samples.
    public func drift(of value: JSONNode, at base: String = "") -> JSONShapeDrift {
        var report = DriftWalk(limits: limits)
        guard samples > 0 else { return report.drift }
        check(value, against: 0, path: base, depth: 0, into: &report)
        return report.drift
    }

    private func check(_ value: JSONNode, against index: Int, path: String, depth: Int, into report: inout DriftWalk) {
        let node = nodes[index]
        let kind = Kind(of: value)
        guard node.kinds.contains(kind) || (kind == .integer && node.kinds.contains(.number)) else {
            report.change(JSONShapeChange(path: path, kind: .type(was: node.kinds.sorted(), now: kind)))
            return
        }
        switch kind {
        case .string:
            if let seen = enumValues(node), let string = value.stringValue, !hasSeen(string, at: node) {
                report.note(JSONShapeChange(path: path, kind: .newValue(string, seen: seen)))
            }
        case .object where !node.isDepthCapped && depth < limits.maxDepth:
            let members = Self.distinctMembers(of: value)
            let keys = Set(members.map(\.bytes))
            for member in members {
                let child = Self.path(path, key: member.key)
                if let position = node.propertyIndex[member.bytes] {
                    check(
                        member.value, against: node.properties[position].node, path: child, depth: depth + 1,
                        into: &report)
                } else if !node.isCapped {
                    report.change(JSONShapeChange(path: child, kind: .new))
                }
            }
            for property in node.properties
            where isRequired(property, of: node) && !keys.contains(Array(property.key.utf8)) {
                report.change(JSONShapeChange(path: Self.path(path, key: property.key), kind: .missing))
            }
        case .array where !node.isDepthCapped && depth < limits.maxDepth:
            // Elements past the cap of an earlier array were never seen: nothing is known of them.
            guard let items = node.items, !node.isElementCapped else { return }
            for element in value.elements.prefix(limits.maxElements) {
                check(element, against: items, path: path + "[]", depth: depth + 1, into: &report)
                if report.drift.isCut { return }
            }
        default:
            break
        }
    }

    /// `data>user` + `age` → `data>user>age`, the key escaped as the profile path language wants.
    static func path(_ base: String, key: String) -> String {
        let escaped = ProfilePath.escaped(key: key)
        return base.isEmpty ? escaped : base + ">" + escaped
    }
}

/// A drift report being built: each path and kind once, at most ``JSONShape/Limits/maxChanges``.
private struct DriftWalk {
    let limits: JSONShape.Limits
    var drift = JSONShapeDrift()
    var reported = Set<JSONShapeChange>()

    init(limits: JSONShape.Limits) {
        self.limits = limits
    }

    mutating func change(_ change: JSONShapeChange) {
        guard reported.insert(change).inserted else { return }
        guard drift.changes.count < limits.maxChanges else {
            drift.isCut = true
            return
        }
        drift.changes.append(change)
    }

    mutating func note(_ note: JSONShapeChange) {
        guard drift.notes.count < limits.maxChanges, reported.insert(note).inserted else { return }
        drift.notes.append(note)
    }
}
