/// Converts an XML document (an RSS or Atom feed, a SOAP or XML-RPC reply) into a ``JSONValue``, so
/// that the rest of apiexplore, profile paths included, treats XML responses like JSON ones.
///
/// The mapping, which is the contract:
///
/// - The result is an object with one member: the root element's name, as in `{"rss": {…}}`.
/// - An element becomes an object: its attributes first, as `"@name"` members in document order, then
///   its child elements as members in document order. Siblings with the same name become one array,
///   at the position of the first of them; ``XMLConversionOptions/alwaysArray`` paths are arrays even
///   for a single element.
/// - Text becomes `"#text"`, after the children; an element with text only, and no attributes or
///   children, becomes that string. An empty element without attributes becomes `""`, never `null`.
///   Mixed content keeps its text runs concatenated in `"#text"`.
/// - Every value is a string: `<count>3</count>` gives `"3"`, never a number or a boolean, so nothing
///   is guessed and no leading zero, `+` or long number is lost.
/// - Names are kept as written, namespace prefixes included (`content:encoded`, `atom:link`), and
///   never resolved to URIs; `xmlns` declarations are ordinary attributes (`"@xmlns:atom"`).
/// - CDATA sections are text. Comments and processing instructions are dropped. Whitespace-only text
///   next to child elements is layout and dropped; other text keeps its inner whitespace, and loses
///   leading and trailing whitespace unless ``XMLConversionOptions/trimsText`` is off. Entity and
///   character references are decoded; line ends are normalised to `\n`, as XML requires.
///
/// ```swift
/// let xml = """
///     <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
///       <title>Example</title>
///       <atom:link href="https://example.com/feed" rel="self"/>
///       <item><title>First</title><description><![CDATA[<p>Hi</p>]]></description></item>
///     </channel></rss>
///     """
/// let options = XMLConversionOptions(alwaysArray: [try ProfilePath("rss>channel>item")])
/// let json = try XMLToJSON.convert(Array(xml.utf8), options: options)
/// json.jsonText()
/// // {"rss":{"@version":"2.0","@xmlns:atom":"http://www.w3.org/2005/Atom","channel":{"title":"Example",
/// //  "atom:link":{"@href":"https://example.com/feed","@rel":"self"},
/// //  "item":[{"title":"First","description":"<p>Hi</p>"}]}}}
/// ```
///
/// Safety: nothing is ever fetched or read from disk. A document whose type declaration declares an
/// entity (`<!ENTITY`) is refused before parsing, which stops entity-expansion bombs and external
/// entities (XXE) whatever they point at; any other DTD is ignored, never loaded. Input is read as
/// UTF-8 unless it starts with a UTF-16 byte order mark or declares an ASCII-compatible encoding such
/// as ISO-8859-1, windows-1252 or GB2312; other encodings are refused with an error naming them.
/// Malformed documents are refused at their first error, never repaired.
public enum XMLToJSON {
    /// Converts one XML document to JSON as described on ``XMLToJSON``.
    ///
    /// ```swift
    /// let json = try XMLToJSON.convert(Array(#"<a x="1"><b>2</b><b/></a>"#.utf8))
    /// json.jsonText()  // {"a":{"@x":"1","b":["2",""]}}
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The whole document, in its own encoding.
    ///   - options: Array paths, text trimming and limits.
    /// - Returns: An object with one member named after the root element.
    /// - Throws: ``XMLConversionError`` with the line and column of the first problem: a malformed
    ///   document, an entity declaration, an unsupported encoding, nesting deeper than
    ///   ``XMLConversionOptions/maximumDepth``, input over ``XMLConversionOptions/maximumSize``, or no
    ///   root element.
    public static func convert(_ bytes: [UInt8], options: XMLConversionOptions = XMLConversionOptions())
        throws(XMLConversionError) -> JSONValue
    {
        let encoding = try checked(bytes, options: options)
        return value(of: try XMLToJSON.document(checked: encoding, options: options).root)
    }

    /// A node's value built with a stack of its own: XML nests as deep as ``XMLConversionOptions/maximumDepth``,
    /// deeper than ``JSONNode/value``'s recursion may go on a thread's stack.
    static func value(of root: JSONNode) -> JSONValue {
        struct Frame {
            var elements: JSONNode.Elements.Iterator?
            var members: JSONNode.Members.Iterator?
            var array: [JSONValue] = []
            var object: [(key: String, value: JSONValue)] = []
            /// The key the value being built goes under, in an object.
            var key = ""
        }
        func frame(_ node: JSONNode) -> Frame? {
            switch node.kind {
            case .array: Frame(elements: node.elements.makeIterator())
            case .object: Frame(members: node.members.makeIterator())
            default: nil
            }
        }
        guard let first = frame(root) else { return root.value }
        var stack = [first]
        while true {
            var next: (key: String, node: JSONNode)?
            if stack[stack.count - 1].elements != nil {
                if let element = stack[stack.count - 1].elements?.next() { next = (key: "", node: element) }
            } else if let member = stack[stack.count - 1].members?.next() {
                next = (key: member.key, node: member.value)
            }
            if let (key, node) = next {
                if var child = frame(node) {
                    stack[stack.count - 1].key = key
                    child.key = ""
                    stack.append(child)
                } else if stack[stack.count - 1].elements != nil {
                    stack[stack.count - 1].array.append(node.value)
                } else {
                    stack[stack.count - 1].object.append((key, node.value))
                }
                continue
            }
            let done = stack.removeLast()
            let value: JSONValue = done.elements != nil ? .array(done.array) : .object(JSONObject(done.object))
            guard !stack.isEmpty else { return value }
            if stack[stack.count - 1].elements != nil {
                stack[stack.count - 1].array.append(value)
            } else {
                stack[stack.count - 1].object.append((stack[stack.count - 1].key, value))
            }
        }
    }

    /// The document of an input whose size, encoding and entity declarations were checked: libxml2's
    /// SAX events straight into the element table, then its JSON text and tape written from it.
    static func document(checked encoding: XMLInputEncoding, options: XMLConversionOptions)
        throws(XMLConversionError) -> JSONDocument
    {
        var builder = XMLTreeBuilder(options: options, declaredEncoding: encoding.declaredName)
        builder.parse(encoding.bytes)
        if let error = builder.error { throw error }
        return try builder.document()
    }

    /// Checks an input before parsing: its size, encoding and entity declarations.
    static func checked(_ bytes: [UInt8], options: XMLConversionOptions) throws(XMLConversionError)
        -> XMLInputEncoding
    {
        if let limit = options.maximumSize, bytes.count > limit {
            throw XMLConversionError(
                .tooLarge.detail("input too large: \(bytes.count) bytes, the limit is \(limit)"), line: 1, column: 1)
        }
        let encoding = try XMLInputEncoding(detecting: bytes)
        if let offset = XMLMarkupScanner.firstEntityDeclaration(in: encoding.bytes) {
            let position = encoding.bytes.withUnsafeBufferPointer { TextPosition(of: offset, in: $0) }
            let byteOrderMark = position.line == 1 && encoding.hasUTF8ByteOrderMark ? 1 : 0
            throw XMLConversionError(.entityDeclaration, line: position.line, column: position.column - byteOrderMark)
        }
        return encoding
    }
}
