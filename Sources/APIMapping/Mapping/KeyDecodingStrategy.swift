/// How a ``JSONNodeDecoder`` matches a type's coding keys with the keys of a JSON object.
///
/// ```swift
/// // {"user_id": 7, "avatar_url": "https://…"}
/// struct User: Decodable { let userId: Int; let avatarURL: URL? }
/// var decoder = JSONNodeDecoder()
/// decoder.keyStrategy = .convertFromSnakeCase
/// let user = try decoder.decode(User.self, from: body)   // userId == 7
/// ```
///
/// The strategy applies to the keys of objects decoded as Swift types. The keys of a
/// `[String: T]` dictionary are data, not property names, and stay as the JSON spells them.
///
/// When a key appears twice in an object, the last one wins (as ``JSONNode/subscript(_:)-(String)``,
/// JavaScript, Python and Go decide; Foundation's `JSONDecoder` keeps the first).
public struct KeyDecodingStrategy: Hashable, Sendable, CustomStringConvertible {
    enum Rule: Hashable, Sendable {
        case useDefaultKeys
        case convertFromSnakeCase
    }

    let rule: Rule

    private init(_ rule: Rule) { self.rule = rule }

    /// Keys match exactly, byte for byte. The default.
    public static let useDefaultKeys = KeyDecodingStrategy(.useDefaultKeys)

    /// A JSON key matches a coding key when Foundation's `convertFromSnakeCase` turns it into
    /// that coding key: `user_id` → `userId`, `URL_value` → `urlValue`, `_private_name_` →
    /// `_privateName_`, `already_camelCase` → `alreadyCamelcase`, `name` → `name`.
    ///
    /// The conversion is exactly Foundation's (leading and trailing underscores kept, runs of `_`
    /// are one separator, the first word lowercased, each later word capitalized, a key without
    /// inner `_` left alone). It runs without allocating for ASCII keys. Write a custom
    /// `CodingKeys` raw value for keys whose conversion is not the property name you want, such as
    /// `avatar_url` for `avatarURL`.
    public static let convertFromSnakeCase = KeyDecodingStrategy(.convertFromSnakeCase)

    /// `use default keys` or `convert from snake_case`.
    public var description: String {
        switch rule {
        case .useDefaultKeys: "use default keys"
        case .convertFromSnakeCase: "convert from snake_case"
        }
    }
}
