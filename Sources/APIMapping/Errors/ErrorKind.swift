/// What went wrong, as a value callers can match: a code hidden in the module that owns the error,
/// and a message.
///
/// Every error that reports a kind (``JSONParseError``, ``XMLConversionError``, the importers',
/// the profile and script errors) uses this one type, tagged with the error it belongs to, so the
/// kinds of one error never mix with another's. The error itself keeps its location (a byte offset,
/// a line and column, a JSON path, a file). Two kinds match when their codes do: the message may
/// carry a detail (the character found, the encoding named) that matching ignores. The codes stay
/// internal to the module that declares the kinds, so kinds can be added without breaking callers,
/// the way a struct around a private enum allows.
///
/// ```swift
/// do {
///     _ = try JSONDocument(parsing: "[1,]")
/// } catch {
///     error.kind == .trailingComma  // true
///     error.kind.message            // "trailing comma"
///     "\(error.kind)"               // "trailing comma"
/// }
/// ```
///
/// A module declares the kinds of its error as static members of a constrained extension:
///
/// ```swift
/// extension ErrorKind where Owner == HARImportError {
///     public static var notJSON: Self { Self(HARImportError.Code.notJSON, "not JSON") }
/// }
/// ```
public struct ErrorKind<Owner>: Hashable, Sendable, CustomStringConvertible {
    /// What matching compares; the owner's internal code.
    private let code: any Hashable & Sendable
    /// The message, without the location: `trailing comma`.
    public let message: String

    /// Creates a kind.
    ///
    /// - Parameters:
    ///   - code: The owner's code for the kind; two kinds match when their codes are equal.
    ///   - message: The message.
    package init(_ code: some Hashable & Sendable, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The same kind with a more specific message; it still matches the kind it came from.
    ///
    /// - Parameter message: The message.
    package func detail(_ message: String) -> ErrorKind { ErrorKind(code, message) }

    /// Whether the two kinds are the same kind, whatever their messages say.
    public static func == (lhs: ErrorKind, rhs: ErrorKind) -> Bool { AnyHashable(lhs.code) == AnyHashable(rhs.code) }

    /// Hashes the code only, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(code)) }

    /// The message.
    public var description: String { message }
}
