import APIImport

/// Every string a draft holds, found by reflection, so a new field cannot hide a leaked secret
/// from the tests: names, URLs, comments, headers, query items, parameters, bodies, multipart fields.
enum DraftStrings {
    static func all(_ value: Any) -> [String] {
        if let text = value as? String { return [text] }
        return Mirror(reflecting: value).children.flatMap { all($0.value) }
    }

    /// The strings of `value` that contain `secret`.
    static func leaks(of secret: String, in value: Any) -> [String] {
        all(value).filter { $0.contains(secret) }
    }
}
