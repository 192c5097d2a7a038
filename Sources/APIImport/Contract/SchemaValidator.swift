import APIMapping
import Foundation

/// Checks a value against an OpenAPI schema (JSON Schema's validation keywords as OpenAPI 3.0 and
/// 3.1 use them), for `serve-mock --openapi`: the first violation, located by a JSONPath-like
/// place (`$.items[2].name`).
///
/// Checked: `type` (and 3.0's `nullable`), `enum`, `const`, `required` (but not `readOnly`
/// properties in a request), `properties`, `additionalProperties: false`, `items`, `minItems`,
/// `maxItems`, `minLength`, `maxLength`, `pattern`, `minimum`, `maximum`, the exclusive bounds,
/// `allOf`, and `anyOf`/`oneOf` as "one of them" (vendors' `oneOf` alternatives often overlap, and
/// a client cannot be asked to prove they do not). Formats are annotations and not checked.
/// Depth and work are bounded, so a recursive schema ends.
struct SchemaValidator {
    let store: SourceStore
    /// Whether the value is a request (where `readOnly` properties are not required, and a form's
    /// text values stand for numbers and booleans).
    var isRequest = true
    /// Whether strings may stand for numbers and booleans (a form field, a query parameter).
    var coercesText = false
    private var budget = 50_000

    init(store: SourceStore, coercesText: Bool = false) {
        self.store = store
        self.coercesText = coercesText
    }

    /// The first violation, or `nil` when the value conforms.
    mutating func violation(of value: JSONValue, against raw: Located, at place: String) throws(ImportError) -> String?
    {
        try check(value, raw, place, depth: 0)
    }

    private mutating func check(_ value: JSONValue, _ raw: Located, _ place: String, depth: Int) throws(ImportError)
        -> String?
    {
        budget -= 1
        guard budget > 0, depth < 64 else { return nil }
        let schema = try store.resolve(raw)
        guard case .object(let object) = schema.value else { return nil }
        for part in schema.child("allOf")?.elements ?? [] {
            if let problem = try check(value, part, place, depth: depth + 1) { return problem }
        }
        for combinator in ["anyOf", "oneOf"] {
            let parts = schema.child(combinator)?.elements ?? []
            guard !parts.isEmpty else { continue }
            var first: String?
            var matched = false
            for part in parts {
                if let problem = try check(value, part, place, depth: depth + 1) {
                    first = first ?? problem
                } else {
                    matched = true
                    break
                }
            }
            if !matched { return "\(place) matches none of the \(combinator) alternatives (first: \(first ?? "?"))" }
        }
        let types = Self.types(object)
        if value == .null {
            if object["nullable"]?.boolValue == true || types.contains("null") || types.isEmpty { return nil }
            return "\(place) is null, but the schema allows \(types.joined(separator: " or "))"
        }
        let coerced = coercesText ? Self.coerce(value, to: types) : value
        if !types.isEmpty, !types.contains(where: { Self.matches(coerced, type: $0) }) {
            return "\(place) is \(Self.describe(value)), but the schema wants \(types.joined(separator: " or "))"
        }
        if let choices = object["enum"]?.arrayValue, !choices.contains(where: { Self.equal($0, coerced) }) {
            let shown = choices.prefix(10).map { $0.jsonText() }.joined(separator: ", ")
            return "\(place) is \(Self.describe(value)), not one of \(shown)"
        }
        if let constant = object["const"], !Self.equal(constant, coerced) {
            return "\(place) is \(Self.describe(value)), not \(constant.jsonText())"
        }
        switch coerced {
        case .object(let members):
            return try checkObject(members, schema, object, place, depth: depth)
        case .array(let elements):
            if let minimum = object["minItems"]?.numberValue?.int, elements.count < minimum {
                return "\(place) has \(elements.count) items, fewer than \(minimum)"
            }
            if let maximum = object["maxItems"]?.numberValue?.int, elements.count > maximum {
                return "\(place) has \(elements.count) items, more than \(maximum)"
            }
            if let items = schema.child("items"), items.value.objectValue != nil {
                for (index, element) in elements.enumerated() {
                    if let problem = try check(element, items, "\(place)[\(index)]", depth: depth + 1) {
                        return problem
                    }
                }
            }
        case .string(let text):
            let length = text.count
            if let minimum = object["minLength"]?.numberValue?.int, length < minimum {
                return "\(place) has \(length) characters, fewer than \(minimum)"
            }
            if let maximum = object["maxLength"]?.numberValue?.int, length > maximum {
                return "\(place) has \(length) characters, more than \(maximum)"
            }
            if let pattern = object["pattern"]?.stringValue, text.utf8.count <= 4096,
                let regex = Self.regex(pattern),
                regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
            {
                return "\(place) '\(text.prefix(60))' does not match the pattern \(pattern)"
            }
        case .number(let number):
            guard let double = number.double else { return nil }
            if let minimum = object["minimum"]?.numberValue?.double {
                let exclusive = object["exclusiveMinimum"]?.boolValue == true
                if double < minimum || (exclusive && double == minimum) {
                    return "\(place) is \(number.text), below \(minimum)"
                }
            }
            if let maximum = object["maximum"]?.numberValue?.double {
                let exclusive = object["exclusiveMaximum"]?.boolValue == true
                if double > maximum || (exclusive && double == maximum) {
                    return "\(place) is \(number.text), above \(maximum)"
                }
            }
            if let bound = object["exclusiveMinimum"]?.numberValue?.double, double <= bound {
                return "\(place) is \(number.text), not above \(bound)"
            }
            if let bound = object["exclusiveMaximum"]?.numberValue?.double, double >= bound {
                return "\(place) is \(number.text), not below \(bound)"
            }
        default:
            break
        }
        return nil
    }

    private mutating func checkObject(
        _ members: JSONObject, _ schema: Located, _ object: JSONObject, _ place: String, depth: Int
    ) throws(ImportError) -> String? {
        let properties = try schema.child("properties").map { (p: Located) throws(ImportError) in try store.resolve(p) }
        for name in object["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
            if isRequest, let property = properties?.child(name),
                try store.resolve(property).value.objectValue?["readOnly"]?.boolValue == true
            {
                continue
            }
            return "\(place) lacks the required member '\(name)'"
        }
        for member in members.members {
            if let property = properties?.child(member.key) {
                if let problem = try check(member.value, property, "\(place).\(member.key)", depth: depth + 1) {
                    return problem
                }
            } else if object["additionalProperties"]?.boolValue == false, schema.child("allOf") == nil {
                return "\(place) has the member '\(member.key)', which the schema does not allow"
            } else if let additional = schema.child("additionalProperties"), additional.value.objectValue != nil {
                if let problem = try check(member.value, additional, "\(place).\(member.key)", depth: depth + 1) {
                    return problem
                }
            }
        }
        return nil
    }

    /// A schema's pattern as a regular expression; `nil` (not checked) for one ICU cannot read, as
    /// ECMA-262 syntax is not always ICU's.
    private static func regex(_ pattern: String) -> NSRegularExpression? {
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            return nil
        }
    }

    private static func types(_ object: JSONObject) -> [String] {
        switch object["type"] {
        case .string(let type): [type]
        case .array(let types): types.compactMap(\.stringValue)
        default: []
        }
    }

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("array", .array), ("object", .object), ("null", .null): true
        case ("number", .number): true
        case ("integer", .number(let number)): number.double.map { $0.rounded() == $0 } ?? false
        case ("file", .string): true
        default: false
        }
    }

    /// Text as the number or boolean the schema wants, when it reads as one.
    static func coerce(_ value: JSONValue, to types: [String]) -> JSONValue {
        guard case .string(let text) = value, !types.contains("string") else { return value }
        if types.contains("integer") || types.contains("number"), let number = JSONNumber(text) {
            return .number(number)
        }
        if types.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
        return value
    }

    /// Equality as JSON means it: numbers by value.
    static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        if case .number(let a) = left, case .number(let b) = right, let x = a.double, let y = b.double { return x == y }
        return left == right
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "the string \"\(text.prefix(60))\""
        case .number(let number): "the number \(number.text)"
        case .bool(let flag): "\(flag)"
        case .null: "null"
        case .array(let elements): "an array of \(elements.count)"
        case .object: "an object"
        }
    }
}
