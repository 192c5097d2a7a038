public import APIMapping

/// Why a HAR file could not be imported, and where.
///
/// ```swift
/// do {
///     _ = try HARImport.profile(from: #"{"log":{"entries":[{"request":{"method":"GET"}}]}}"#, name: "x")
/// } catch {
///     print(error)  // $.log.entries[0].request.url: missing string
/// }
/// ```
public struct HARImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let kind: Kind
    /// The JSON path of the offending value (`$.log.entries[3].request.url`); `$` for syntax errors.
    public let path: String
    /// Where in the text, for a JSON syntax error.
    public let position: TextLocation?
    /// Details (the JSON parser's message).
    public let detail: String?

    /// `$.log.entries[0].request.url: missing string`, or `line 1, column 9 (byte 8): not JSON: …`.
    public var description: String {
        let location = position.map(\.description) ?? path
        return "\(location): \(kind.message)" + (detail.map { ": " + $0 } ?? "")
    }

    init(_ kind: Kind, path: String, position: TextLocation? = nil, detail: String? = nil) {
        self.kind = kind
        self.path = path
        self.position = position
        self.detail = detail
    }

    /// What went wrong, as a value tests can match.
    public typealias Kind = ErrorKind<HARImportError>

    enum Code: Hashable, Sendable { case notJSON, notHAR, missingString }
}

extension ErrorKind where Owner == HARImportError {
    /// The text is not valid JSON.
    public static var notJSON: Self { Self(HARImportError.Code.notJSON, "not JSON") }
    /// The JSON has no `log.entries` array.
    public static var notHAR: Self { Self(HARImportError.Code.notHAR, "not a HAR file: no log.entries array") }
    /// A required string (`request.method`, `request.url`) is missing or not a string.
    public static var missingString: Self { Self(HARImportError.Code.missingString, "missing string") }
}
