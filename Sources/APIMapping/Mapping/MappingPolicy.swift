/// How a ``JSONNodeDecoder`` treats values that do not match the Swift type exactly.
///
/// `strict` is Codable as the JSON says it: the first mismatch throws. `lenient` applies one
/// coercion table, the same at every depth, and records every repair in a ``MappingReport``.
///
/// | Swift type | strict accepts | lenient also accepts (each one reported) |
/// |---|---|---|
/// | `Int`…`UInt128` | an integral number in range: `7`, `7.0`, `7e0` | a numeric string: `"7"`, `"+7"`, `"007"` |
/// | `Double`, `Float` | a number that does not overflow | a numeric string |
/// | `Decimal` | a number of at most 38 digits, exactly | a numeric string |
/// | `Bool` | `true`, `false` | `"true"`, `"false"`, `"1"`, `"0"`, `1`, `0` |
/// | `String` | a string | a number (its exact text: `1.50` gives `"1.50"`), `true`, `false` |
/// | `Date` | what the ``DateDecodingStrategy`` reads | seconds or milliseconds as a numeric string |
/// | `Data`, `URL` | a base64 string, a URL string | — |
/// | optionals (`T?`, `decodeIfPresent`) | missing or `null` gives `nil` | the same, reported as defaulted |
/// | `[T]`, `[String: T]` | the first bad element throws | a bad element is dropped, with its path and reason |
///
/// A numeric string is a JSON number in quotes; surrounding spaces, a leading `+` and leading
/// zeros are allowed (the same reading as ``Envelope/coerceStatus``).
///
/// Everything else throws in both policies, with the full path: a fraction or an out-of-range
/// number for an integer (`300` into `UInt8`), `null` or a missing key for a non-optional, text
/// that is not a number, an object where an array is expected. Lenient never invents a value for
/// a non-optional property: a default is either `nil` or one the type declares itself
/// (`try container.decodeIfPresent(Int.self, forKey: .count) ?? 0`, reported as defaulted).
///
/// ```swift
/// // {"id": "42", "active": 1, "tags": ["a", 2, "c"], "scores": [1, "x", 3]}
/// let decoder = JSONNodeDecoder(policy: .lenient)
/// let (user, report) = try decoder.decodeWithReport(User.self, from: body)
/// // user.id == 42, user.active == true, user.tags == ["a", "2", "c"], user.scores == [1, 3]
/// // report: 4 entries ($.id, $.active, $.tags[1] coerced; $.scores[1] dropped)
/// ```
public enum MappingPolicy: Hashable, Sendable {
    /// The first value that does not match its type throws a ``MappingError``.
    case strict
    /// The coercion table above; elements of arrays and dictionaries that still fail are dropped.
    case lenient
}
