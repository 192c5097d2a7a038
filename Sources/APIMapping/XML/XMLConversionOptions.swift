/// Choices and limits for ``XMLToJSON/convert(_:options:)``.
///
/// The defaults suit feeds and typical XML APIs:
///
/// ```swift
/// var options = XMLConversionOptions()
/// options.alwaysArray = [try ProfilePath("rss>channel>item")]  // one <item> still gives [{...}]
/// options.trimsText = false                                    // keep "\n  Title\n" as written
/// options.maximumDepth = 64                                    // refuse deeper nesting with an error
/// options.maximumSize = 10 << 20                               // refuse input over 10 MiB before parsing
/// ```
public struct XMLConversionOptions: Sendable, Equatable {
    /// Element paths whose elements always become an array, even when only one is present.
    ///
    /// A path starts at the root element's name, like the key of the result: `rss>channel>item`,
    /// `feed>entry`, `rdf:RDF>item`. Each segment is compared with an element name as written,
    /// prefix included; digit segments are names too, never positions.
    public var alwaysArray: [ProfilePath]

    /// Whether to remove leading and trailing whitespace (space, tab, CR, LF) from each element's
    /// text. Default `true`, as feed readers do. Whitespace inside the text is always kept.
    public var trimsText: Bool

    /// The deepest nesting of elements accepted. Default 1024.
    ///
    /// The converter keeps its own stack, so even 100,000 nested elements give an error, never a
    /// stack overflow.
    public var maximumDepth: Int

    /// The largest input accepted, in bytes; `nil` (the default) for no limit.
    public var maximumSize: Int?

    /// Creates options; every parameter has the default described on its property.
    public init(
        alwaysArray: [ProfilePath] = [], trimsText: Bool = true, maximumDepth: Int = 1024, maximumSize: Int? = nil
    ) {
        self.alwaysArray = alwaysArray
        self.trimsText = trimsText
        self.maximumDepth = maximumDepth
        self.maximumSize = maximumSize
    }
}
