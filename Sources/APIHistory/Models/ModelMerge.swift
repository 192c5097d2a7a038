import APIMapping
import Foundation

/// Groot's merge rule for a stored JSON document and an incoming one, and the canonical identity
/// the model store keys objects by.
///
/// A key the incoming object lacks keeps its stored value; a key it sets replaces the stored
/// value (objects and arrays replace whole, they are not merged deeply); a key it sets to `null`
/// clears the stored value: the key is removed. Keys keep the stored order, new keys follow in
/// the incoming order.
enum ModelMerge {
    static func merge(stored: JSONObject?, incoming: JSONObject) -> JSONObject {
        var result: [(key: String, value: JSONValue)] = stored?.members ?? []
        for member in incoming.members {
            if let index = result.firstIndex(where: { $0.key == member.key }) {
                if member.value == .null {
                    result.remove(at: index)
                } else {
                    result[index].value = member.value
                }
            } else if member.value != .null {
                result.append(member)
            }
        }
        return JSONObject(result)
    }

    /// The identity values of an object, canonical (see ``canonical(_:)``), or why it has none.
    static func identity(of object: JSONObject, paths: [ProfilePath]) -> Result<[JSONValue], IdentityProblem> {
        guard !paths.isEmpty else {
            return .failure(IdentityProblem(reason: "the store declares no identity paths"))
        }
        let node = JSONDocument(.object(object)).root
        var values: [JSONValue] = []
        for path in paths {
            guard let found = path.select(in: node), !found.isNull else {
                return .failure(IdentityProblem(reason: "identity '\(path)' is missing"))
            }
            switch found.kind {
            case .string, .number, .bool: values.append(canonical(found.value))
            default: return .failure(IdentityProblem(reason: "identity '\(path)' is \(found.kind), not a scalar"))
            }
        }
        return .success(values)
    }

    /// The identity as stored: the JSON array of the canonical identity values, such as `[1001]`
    /// or `["octocat",7]`.
    static func key(_ values: [JSONValue]) -> String {
        JSONValue.array(values.map(canonical)).jsonText()
    }

    /// One spelling per identity value, so that equal values find the same row: numbers by value
    /// (`1`, `1.0` and `10e-1` are `1`, exactly, whatever their size), strings in Unicode NFC
    /// (`e` + U+0301 is `é`); bools and everything else as they are.
    static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number):
            .number(JSONNumber(number.canonicalText) ?? number)
        case .string(let text):
            .string(text.precomposedStringWithCanonicalMapping)
        default:
            value
        }
    }

    struct IdentityProblem: Error {
        let reason: String
    }
}
