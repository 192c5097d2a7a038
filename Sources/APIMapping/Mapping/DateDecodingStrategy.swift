public import Foundation

/// How a ``JSONNodeDecoder`` reads `Date` values.
///
/// ```swift
/// var decoder = JSONNodeDecoder()
/// decoder.dateStrategy = .iso8601                    // "2024-05-01T09:30:00Z", "…00.250+02:00" (default)
/// decoder.dateStrategy = .secondsSince1970           // 1714555800, 1714555800.25
/// decoder.dateStrategy = .millisecondsSince1970      // 1714555800250
/// decoder.dateStrategy = .formatted("yyyy-MM-dd")    // "2024-05-01", read as UTC
/// decoder.dateStrategy = .custom { decoder in        // anything else
///     let text = try decoder.singleValueContainer().decode(String.self)
///     guard let date = MyFormats.parse(text) else {
///         throw DecodingError.dataCorruptedError(in: try decoder.singleValueContainer(),
///                                                debugDescription: "unknown date \(text)")
///     }
///     return date
/// }
/// ```
///
/// A value the strategy cannot read is a mismatch, reported as
/// `$.created: expected Date (ISO 8601), found string "yesterday"`.
public struct DateDecodingStrategy: Sendable, CustomStringConvertible {
    enum Rule: Sendable {
        case iso8601
        case secondsSince1970
        case millisecondsSince1970
        case formatted(String)
        case custom(@Sendable (any Decoder) throws -> Date)
    }

    let rule: Rule

    private init(_ rule: Rule) { self.rule = rule }

    /// RFC 3339 timestamps (the internet profile of ISO 8601), with or without fractional seconds:
    /// `2024-05-01T09:30:00Z`, `2024-05-01T09:30:00.250Z`, `2024-05-01T11:30:00+02:00`.
    ///
    /// A time zone (`Z` or an offset) is required; `T` and `Z` may be lowercase. Fractions are
    /// read to the nanosecond. Leap seconds (`:60`) are refused. The default.
    public static let iso8601 = DateDecodingStrategy(.iso8601)

    /// A number of seconds since 1970-01-01T00:00:00Z; fractions allowed.
    public static let secondsSince1970 = DateDecodingStrategy(.secondsSince1970)

    /// A number of milliseconds since 1970-01-01T00:00:00Z.
    public static let millisecondsSince1970 = DateDecodingStrategy(.millisecondsSince1970)

    /// Strings in a `DateFormatter` format, read with the `en_US_POSIX` locale, in UTC unless the
    /// format and the string carry a zone.
    ///
    /// - Parameter format: A Unicode date pattern such as `yyyy-MM-dd HH:mm:ss` or
    ///   `EEE, dd MMM yyyy HH:mm:ss zzz`.
    public static func formatted(_ format: String) -> DateDecodingStrategy {
        DateDecodingStrategy(.formatted(format))
    }

    /// A closure that reads the date from a decoder positioned at the value.
    ///
    /// What the closure throws is reported at the value's location; a `DecodingError` it builds
    /// from the decoder's containers keeps its message.
    ///
    /// - Parameter read: Reads one date; called once per `Date` value.
    public static func custom(_ read: @escaping @Sendable (any Decoder) throws -> Date) -> DateDecodingStrategy {
        DateDecodingStrategy(.custom(read))
    }

    /// How messages name the strategy: `ISO 8601`, `seconds since 1970`, `format yyyy-MM-dd`.
    public var description: String {
        switch rule {
        case .iso8601: "ISO 8601"
        case .secondsSince1970: "seconds since 1970"
        case .millisecondsSince1970: "milliseconds since 1970"
        case .formatted(let format): "format \(format)"
        case .custom: "custom"
        }
    }
}
