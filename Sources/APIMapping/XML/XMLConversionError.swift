/// Why and where XML could not be converted to JSON.
///
/// Every error names the 1-based line and column of the problem as the XML parser (libxml2 behind
/// Foundation's `XMLParser`) reports it: columns count characters, and for a malformed document
/// they point where the parser gave up, which is usually just after the offending character.
///
/// ```swift
/// do {
///     _ = try XMLToJSON.convert(Array("<rss>\n  <title>Fish & Chips</title>\n</rss>".utf8))
/// } catch {
///     print(error)
///     // line 2, column 16: expected a name (a bare '<' or '&' must be written '&lt;' or '&amp;')
///     error.kind == .malformed  // true
/// }
/// ```
public struct XMLConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let kind: Kind
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column of the problem, in characters.
    public let column: Int

    /// A short message without the position.
    public var message: String { kind.message }

    public var description: String { "line \(line), column \(column): \(message)" }

    init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = max(1, line)
        self.column = max(1, column)
    }

    /// What went wrong, as a value tests and callers can match.
    ///
    /// Matching a kind ignores its detail text, so `error.kind == .malformed` holds whatever the
    /// parser complained about.
    public typealias Kind = ErrorKind<XMLConversionError>

    enum Code: Hashable, Sendable {
        case emptyDocument, malformed, entityDeclaration, unsupportedEncoding, tooDeep, tooLarge
    }
}

extension ErrorKind where Owner == XMLConversionError {
    /// The input holds no element (nothing, only whitespace, comments or a declaration).
    public static var emptyDocument: Self {
        Self(XMLConversionError.Code.emptyDocument, "the document has no root element")
    }
    /// The input is not well-formed XML: a bare `&`, a tag left open, an undeclared entity, bytes
    /// that are not in the declared encoding.
    public static var malformed: Self { Self(XMLConversionError.Code.malformed, "not well-formed XML") }
    /// The document type declaration declares an entity, which is refused outright: DTD entities
    /// can expand without bound ("billion laughs") or name local files and URLs.
    public static var entityDeclaration: Self {
        Self(
            XMLConversionError.Code.entityDeclaration,
            "entity declarations are not accepted (<!ENTITY in the document type declaration)")
    }
    /// The declared or detected encoding cannot be read (such as UTF-32 or an unknown name).
    public static var unsupportedEncoding: Self {
        Self(XMLConversionError.Code.unsupportedEncoding, "unsupported encoding")
    }
    /// Elements nested deeper than ``XMLConversionOptions/maximumDepth``.
    public static var tooDeep: Self { Self(XMLConversionError.Code.tooDeep, "elements nested too deep") }
    /// Input larger than ``XMLConversionOptions/maximumSize``.
    public static var tooLarge: Self { Self(XMLConversionError.Code.tooLarge, "input too large") }
}
