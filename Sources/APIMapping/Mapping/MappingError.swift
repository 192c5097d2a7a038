/// Why a JSON value could not be mapped to a Swift type, and where.
///
/// The ``location`` is always the full path from the document root, even when decoding started
/// at a model deep inside the body, so a message points at the exact value to look at:
///
/// ```swift
/// let body = try JSONDocument(parsing: #"{"data": {"items": [{"id": 1}, {"id": "abc"}]}}"#).root
/// do {
///     _ = try JSONNodeDecoder().decode(Page.self, from: body["data"]!)
/// } catch {
///     print(error)           // $.data.items[1].id: expected Int, found string "abc"
///     error.location         // $.data.items[1].id
///     error.expected         // "Int"
///     error.found            // "string \"abc\""
/// }
/// ```
///
/// Errors thrown by a type's own `init(from:)` (a `DecodingError` it built, or any other error)
/// become a `MappingError` too, placed with the coding path the type gave or the value it was
/// decoding; the original is kept in ``underlyingError``.
public struct MappingError: Error, CustomStringConvertible {
    /// Where the problem is, from the document root: `$.data.items[3].id`.
    public let location: JSONLocation
    private let kind: Kind

    init(_ kind: Kind, at location: JSONLocation) {
        self.kind = kind
        self.location = location
    }

    enum Kind {
        /// A value of the wrong kind, out of range, or in the wrong format; `note` says which when
        /// the kind alone does not ("out of range", "not an integer").
        case mismatch(expected: String, found: String, note: String?)
        /// `null` where a value is required.
        case null(expected: String)
        /// An object without a required key (named as it would appear in the JSON).
        case missingKey(String)
        /// An array with fewer elements than the type reads.
        case missingElement(expected: String, index: Int)
        /// The envelope's model path found nothing.
        case modelNotFound(path: String, detail: String)
        /// A path given to map a property could not be parsed.
        case invalidPath(key: String, error: PathSyntaxError)
        /// A problem a type reported itself, with its own message.
        case reported(Reason, message: String, underlying: (any Error)?)
    }

    /// What kind of problem this is, for callers that branch on it.
    ///
    /// ```swift
    /// catch let error as MappingError where error.reason == .missingValue { … }
    /// ```
    public struct Reason: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// A value of another JSON kind, a number that does not fit, or text in the wrong format.
        public static let typeMismatch = Reason("type mismatch")
        /// A required key or array element is missing, or the value is `null`.
        public static let missingValue = Reason("missing value")
        /// The value is there but the type rejected it (a `DecodingError.dataCorrupted` it threw).
        public static let invalidValue = Reason("invalid value")
        /// The envelope's model path is not in the body.
        public static let modelNotFound = Reason("model not found")
        /// A profile path passed to ``JSONNodeDecoder/decode(_:from:paths:)`` is not valid.
        public static let invalidPath = Reason("invalid path")
        /// Any other error a type's `init(from:)` threw.
        public static let other = Reason("other")

        public var description: String { name }
    }

    /// What kind of problem this is.
    public var reason: Reason {
        switch kind {
        case .mismatch: .typeMismatch
        case .null, .missingKey, .missingElement: .missingValue
        case .modelNotFound: .modelNotFound
        case .invalidPath: .invalidPath
        case .reported(let reason, _, _): reason
        }
    }

    /// What the type needed: `Int`, `object (Item)`, `Date (ISO 8601)`; `nil` when not applicable.
    public var expected: String? {
        switch kind {
        case .mismatch(let expected, _, _), .null(let expected), .missingElement(let expected, _): expected
        default: nil
        }
    }

    /// What the JSON held, as a short excerpt: `string "abc"`, `number 300`, `null`; `nil` when
    /// nothing was there or it does not apply.
    public var found: String? {
        switch kind {
        case .mismatch(_, let found, _): found
        case .null: "null"
        default: nil
        }
    }

    /// The error a type's `init(from:)` or a custom date closure threw, when this error wraps one.
    public var underlyingError: (any Error)? {
        switch kind {
        case .reported(_, _, let underlying): underlying
        case .invalidPath(_, let error): error
        default: nil
        }
    }

    /// The message without the location: `expected Int, found string "abc"`.
    public var message: String {
        switch kind {
        case .mismatch(let expected, let found, let note):
            "expected \(expected), found \(found)" + (note.map { " (\($0))" } ?? "")
        case .null(let expected):
            "expected \(expected), found null"
        case .missingKey(let key):
            "missing key \(JSONValue.string(key).jsonText())"
        case .missingElement(let expected, let index):
            "expected \(expected) at index \(index), found the end of the array"
        case .modelNotFound(let path, let detail):
            "model path `\(path)` not found (\(detail))"
        case .invalidPath(let key, let error):
            "invalid path for \(JSONValue.string(key).jsonText()): \(error.message) at column \(error.column)"
        case .reported(_, let message, _):
            message
        }
    }

    /// `$.data.items[3].id: expected Int, found string "abc"`.
    public var description: String { "\(location): \(message)" }
}
