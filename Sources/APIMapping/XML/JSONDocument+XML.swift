extension JSONDocument {
    /// Parses XML into a document of its JSON tree, as ``XMLToJSON/convert(_:options:)`` maps it,
    /// so XML bodies get the same cursor, paths and writer as JSON ones.
    ///
    /// ```swift
    /// let feed = try JSONDocument(xml: bytes, options: XMLConversionOptions(alwaysArray: [try ProfilePath("rss>channel>item")]))
    /// feed.root["rss"]?["channel"]?["item"]?.count
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The XML document.
    ///   - options: Always-array paths and limits.
    /// - Throws: ``XMLConversionError`` with the line and column of the problem.
    public init(xml bytes: [UInt8], options: XMLConversionOptions = XMLConversionOptions())
        throws(XMLConversionError)
    {
        self = try XMLToJSON.document(checked: XMLToJSON.checked(bytes, options: options), options: options)
    }
}
