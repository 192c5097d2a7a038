/// Limits and policies for ``JSONDocument/init(parsing:options:)-([UInt8],_)``.
///
/// The defaults are strict RFC 8259 with generous limits:
///
/// ```swift
/// var options = JSONParseOptions()
/// options.maximumDepth = 64                 // refuse deeper nesting with an error
/// options.maximumSize = 10 << 20            // refuse input over 10 MiB before reading it
/// options.loneSurrogates = .replace         // "\ud800" becomes U+FFFD instead of an error
/// ```
public struct JSONParseOptions: Sendable, Equatable {
    /// The deepest nesting of arrays and objects accepted. Default 1024.
    ///
    /// The parser is iterative, so even 100,000 nested `[` give an error, never a stack overflow.
    public var maximumDepth: Int

    /// The largest input accepted, in bytes; `nil` for no limit other than the format's 4 GiB.
    public var maximumSize: Int?

    /// What to do with a `\u` escape naming half of a UTF-16 surrogate pair with no other half.
    public var loneSurrogates: LoneSurrogatePolicy

    /// The most values (keys included) a document may hold; at most (and by default) what the tape
    /// can index, 268,435,455. Lower it to bound the memory a document's tree costs: past it,
    /// parsing stops with a ``JSONParseError`` of kind `.tooLarge`.
    public var maximumValues = JSONTape.maximumNodes

    /// Creates options; every parameter has the default described on its property.
    public init(maximumDepth: Int = 1024, maximumSize: Int? = nil, loneSurrogates: LoneSurrogatePolicy = .reject) {
        self.maximumDepth = maximumDepth
        self.maximumSize = maximumSize
        self.loneSurrogates = loneSurrogates
    }

    /// The policy for lone surrogates in `\u` escapes, which no Unicode string can hold.
    public enum LoneSurrogatePolicy: Sendable, Equatable {
        /// Reject the document with an error at the escape. The default.
        case reject
        /// Decode each lone surrogate as U+FFFD REPLACEMENT CHARACTER.
        case replace
    }
}
