import APIMapping

/// The identity `store show` is given: JSON scalar text (`1001`, `"octocat"`, `true`) or the
/// identity array (`[1,"x"]`), checked before the store is asked.
enum StoreIdentity {
    /// Why an identity text is not one.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The identity values `text` writes.
    ///
    /// ```swift
    /// try StoreIdentity.parse("1001")        // [1001]
    /// try StoreIdentity.parse(#"[1,"x"]"#)   // [1, "x"]
    /// try StoreIdentity.parse("octocat")     // throws: … write a string in double quotes: '"octocat"'
    /// ```
    static func parse(_ text: String) throws(Problem) -> [JSONValue] {
        let value: JSONValue
        do {
            value = try JSONDocument(parsing: text).root.value
        } catch {
            throw Problem(
                description: "identity \(JSONValue.string(text).jsonText()) is not JSON (\(error.description)); "
                    + "write a number as 1001, a string in double quotes as '\"octocat\"', "
                    + "several values as '[1,\"x\"]'")
        }
        let values = value.arrayValue ?? [value]
        guard !values.isEmpty else { throw Problem(description: "identity [] has no values") }
        for (offset, element) in values.enumerated() {
            switch element.kind {
            case .string, .number, .bool: continue
            default:
                let position = value.arrayValue == nil ? "" : " at [\(offset)]"
                throw Problem(
                    description: "identity \(JSONValue.string(text).jsonText()) has \(element.kind)\(position); "
                        + "identity values are strings, numbers and bools")
            }
        }
        return values
    }
}
