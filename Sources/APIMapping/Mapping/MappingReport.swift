/// Everything a decode did that the JSON did not say literally: each coercion, each default and
/// each dropped element, with its location.
///
/// Lenient mapping never hides a repair. The report is what makes it safe to use: log it, show it,
/// or fail a test when it is not empty.
///
/// ```swift
/// struct User: Decodable { var id: Int; var name: String? }
/// // body: [{"id": "1", "name": "Ann"}, {"id": "x", "name": "Bob"}, {"id": 3}]
/// let decoder = JSONNodeDecoder(policy: .lenient)
/// let (users, report) = try decoder.decodeWithReport([User].self, from: body)
/// print(report)
/// // $[0].id: coerced string "1" to Int
/// // $[1]: dropped element ($[1].id: expected Int, found string "x")
/// // $[2].name: missing, defaulted to nil
/// ```
public struct MappingReport: Hashable, Sendable, CustomStringConvertible {
    /// The entries in the order they happened (document order for a plain decode).
    public internal(set) var entries: [Entry]

    /// Creates a report; decoders create them, tests may too.
    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Whether nothing was coerced, defaulted or dropped.
    public var isEmpty: Bool { entries.isEmpty }

    /// One line per entry.
    public var description: String { entries.map(\.description).joined(separator: "\n") }

    /// One repair, with where it happened.
    public struct Entry: Hashable, Sendable, CustomStringConvertible {
        /// The value concerned, from the document root. For a missing key, the location the key
        /// would have (its name as the JSON would spell it).
        public let location: JSONLocation
        /// What was done.
        public let kind: Kind

        /// Creates an entry.
        public init(_ kind: Kind, at location: JSONLocation) {
            self.kind = kind
            self.location = location
        }

        /// `$.data.id: coerced string "1" to Int`.
        public var description: String { "\(location): \(kind)" }
    }

    /// What a lenient decoder did to one value.
    public enum Kind: Hashable, Sendable, CustomStringConvertible {
        /// A value of another JSON kind was converted: `from` is the excerpt found (`string "1"`),
        /// `to` the type it became (`Int`).
        case coerced(from: String, to: String)
        /// An optional value was missing or `null`, and became `nil`.
        case defaulted(Absence)
        /// An element of an array, or a value of a `[String: T]` dictionary, failed to decode and
        /// was left out; `reason` is the error, with its own location.
        case droppedElement(reason: String)

        public var description: String {
            switch self {
            case .coerced(let from, let to): "coerced \(from) to \(to)"
            case .defaulted(.missing): "missing, defaulted to nil"
            case .defaulted(.null): "null, defaulted to nil"
            case .droppedElement(let reason): "dropped element (\(reason))"
            }
        }
    }

    /// Why an optional value defaulted.
    public enum Absence: Hashable, Sendable {
        /// The key was not in the object.
        case missing
        /// The value was `null`.
        case null
    }
}
