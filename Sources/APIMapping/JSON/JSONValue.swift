/// An owned JSON value, for building JSON in code and for small results.
///
/// Parsed documents live in ``JSONDocument``, a compact index over the input bytes; `JSONValue` is
/// the convenient tree you build by hand, compare in tests, or get from ``JSONNode/value``.
/// Objects keep their members in order, duplicates included (see ``JSONObject``); numbers keep
/// their text (see ``JSONNumber``).
///
/// ```swift
/// let value: JSONValue = ["code": 0, "msg": "ok", "data": ["id": 7, "tags": ["a", "b"]]]
/// value.jsonText()  // {"code":0,"msg":"ok","data":{"id":7,"tags":["a","b"]}}
/// ```
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its exact text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in source order.
    case object(JSONObject)

    /// The kind of this value.
    public var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}

/// The six kinds of JSON value.
public enum JSONKind: String, Hashable, Sendable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// A number.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object

    /// The kind's name as users read it in messages: `null`, `bool`, `number`, `string`, `array`, `object`.
    public var description: String { rawValue }
}

/// A JSON object: members in the order they were written, duplicate keys kept.
///
/// Duplicate keys are legal but unspecified in RFC 8259. apiexplore keeps every member, so display
/// and writing are lossless, and lookup by key returns the **last** member with that key, as
/// JavaScript's `JSON.parse`, Python and Go do.
///
/// ```swift
/// var object: JSONObject = ["a": 1]
/// object.append(key: "a", value: 2)
/// object["a"]          // 2 (last wins)
/// object.members.count // 2
/// ```
public struct JSONObject: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The members in order, duplicates included.
    public private(set) var members: [(key: String, value: JSONValue)]

    /// Creates an object from members in order.
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.members = elements.map { (key: $0.0, value: $0.1) }
    }

    /// Appends a member, even if the key is already present.
    public mutating func append(key: String, value: JSONValue) {
        members.append((key: key, value: value))
    }

    /// The number of members, duplicates included.
    public var count: Int { members.count }

    /// The value of the last member named `key`. Setting replaces that member in place, or appends
    /// one; setting `nil` removes every member named `key`.
    public subscript(key: String) -> JSONValue? {
        get { members.last { $0.key == key }?.value }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let index = members.lastIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append((key: key, value: newValue))
            }
        }
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) {
        // A literal written in source is finite.
        self = .number(JSONNumber(value) ?? JSONNumber(0))
    }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}

extension JSONValue {
    /// The string, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The boolean, if this is `true` or `false`.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The number, if this is a number.
    public var numberValue: JSONNumber? { if case .number(let n) = self { n } else { nil } }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The object, if this is an object.
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
}
