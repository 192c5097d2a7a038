import CXMLReader

/// Reads XML with libxml2's push parser and its SAX callbacks straight into a compact element
/// table, then writes the document of ``XMLToJSON``'s mapping from it in one pass, its JSON text
/// and its tape together: no event objects, no intermediate `JSONValue` tree, no JSON parse.
///
/// Text and attribute values are escaped for JSON as they are read, into an ``XMLTextStore`` that
/// the writer gives back to the system as it copies them out (``document()``).
///
/// libxml2 runs in its SAX1 mode (a SAX1 handler, through `CXMLReader`), which hands
/// over names as written (prefixes kept, never resolved) and attributes in document order, as the
/// mapping wants. Nothing is fetched or loaded: no network (`XML_PARSE_NONET`), no DTD loading, no
/// entity substitution beyond the five predefined ones and character references, and entity
/// declarations are refused before parsing (``XMLMarkupScanner/firstEntityDeclaration(in:)``).
///
/// One builder serves one document on one thread. It is a struct that libxml2's callbacks reach
/// through a pointer for the length of ``parse(_:)``: as a class, every property access in the
/// callbacks paid a dynamic exclusivity check, a fifth of converting a 20 MB feed (perf, release).
struct XMLTreeBuilder {
    /// An element once read: its name, attributes, children (a linked list) and kept text, in 24
    /// bytes: a 20 MB feed has about 180,000 elements, and the table is still held when memory peaks.
    ///
    /// Its attributes run from `firstAttribute` to the next element's (elements and their attributes
    /// are kept in document order), see ``XMLTreeBuilder/attributes(of:)``.
    struct Element {
        var name: Int32
        var firstAttribute: Int32
        var firstChild: Int32 = -1
        /// The next sibling; while the document is written, the next sibling of the same name.
        var nextSibling: Int32 = -1
        var text = TextSpan()
    }

    /// The indices of an element's attributes in ``attributeNames`` and ``attributeValues``.
    func attributes(of index: Int32) -> Range<Int32> {
        let end =
            Int(index) + 1 < elements.count ? elements[Int(index) + 1].firstAttribute : Int32(attributeNames.count)
        return elements[Int(index)].firstAttribute..<end
    }

    /// Where a string is in the text store, escaped, and whether the JSON parser would have marked it
    /// ``JSONTape/notVerbatim``.
    struct TextSpan {
        var start: UInt32 = 0
        /// `length << 1`, plus 1 when the string is not verbatim.
        var packed: UInt32 = 0

        var length: Int { Int(packed >> 1) }
        var isVerbatim: Bool { packed & 1 == 0 }
    }

    /// An element being read: its table row, its last child so far, and where its text run starts
    /// in ``openText``.
    private struct Open {
        var element: Int32
        var lastChild: Int32 = -1
        /// Where the text run since the last tag starts in this element's text buffer.
        var runStart = 0
    }

    private let options: XMLConversionOptions
    private let declaredEncoding: String?
    /// `alwaysArray` paths as name ids, by length; a path with a name never seen cannot match.
    var arrayPaths: [Int: [[Int32]]] = [:]
    var pendingArrayPaths: [[String]]

    /// Written by ``document()`` too, which links each group of same-named siblings through `nextSibling`.
    var elements: [Element] = []
    private(set) var attributeNames: [Int32] = []
    private(set) var attributeValues: [TextSpan] = []
    /// Text and attribute values, escaped, one after another in the order they were read; `nil`
    /// until ``parse(_:)`` maps it.
    private(set) var store: XMLTextStore?
    /// The bytes of ``store`` in use.
    private(set) var textCount = 0
    /// Element and attribute names by id; libxml2 interns names, so its pointers find them.
    private(set) var names: [[UInt8]] = []
    private var nameIDs: [UnsafePointer<UInt8>: Int32] = [:]
    private(set) var namesByText: [[UInt8]: Int32] = [:]
    private var stack: [Open] = []
    /// Each open element's text so far, by depth; buffers are reused.
    private var openText: [[UInt8]] = []
    private(set) var root: Int32?
    /// Whether the last CDATA piece ended with a CR and its section goes on in the next piece.
    private var cdataCutAfterCarriageReturn = false
    private(set) var error: XMLConversionError?
    fileprivate var reader: OpaquePointer?

    init(options: XMLConversionOptions, declaredEncoding: String?) {
        self.options = options
        self.declaredEncoding = declaredEncoding
        pendingArrayPaths = options.alwaysArray.map { $0.segments.map(\.key) }
    }

    // MARK: Parsing

    /// Parses `bytes` (UTF-8, see ``XMLInputEncoding``), feeding libxml2 a chunk at a time.
    mutating func parse(_ bytes: [UInt8]) {
        parse(textCapacity: 2 * bytes.count + 4096) { feeder in
            let chunk = XMLToJSON.chunkSize
            bytes.withUnsafeBufferPointer { buffer in
                var offset = 0
                repeat {
                    let length = min(chunk, buffer.count - offset)
                    let isLast = offset + length >= buffer.count
                    guard feeder.feed(UnsafeBufferPointer(rebasing: buffer[offset..<offset + length]), isLast: isLast)
                    else { return }
                    offset += length
                } while offset < buffer.count
            }
        }
    }

    /// Feeds libxml2 what one parse reads: ``parse(textCapacity:feeding:)`` hands it to its caller,
    /// which passes each chunk in order, the last one marked.
    struct Feeder: ~Copyable {
        fileprivate let builder: UnsafeMutablePointer<XMLTreeBuilder>
        fileprivate let reader: OpaquePointer
        /// Whether the last chunk was fed.
        fileprivate(set) var isComplete = false

        /// Parses the next chunk of UTF-8; `false` once the document has failed, when nothing more
        /// is worth feeding.
        mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, isLast: Bool) -> Bool {
            guard builder.pointee.error == nil else { return false }
            chunk.withMemoryRebound(to: CChar.self) { characters in
                _ = cx_reader_feed(reader, characters.baseAddress, Int32(characters.count), isLast ? 1 : 0)
            }
            isComplete = isLast
            return builder.pointee.error == nil
        }
    }

    /// Parses a document whose chunks `produce` feeds, in order, the last one marked.
    ///
    /// - Parameters:
    ///   - textCapacity: The text store reserved: twice the input is never outgrown (escaping at most
    ///     doubles a character, see `appendEscaped`); a smaller store grows by copying.
    ///   - produce: Feeds the chunks; it may stop early, and the document is then incomplete.
    /// - Throws: What `produce` throws, after the parser is freed.
    mutating func parse<Failure: Error>(
        textCapacity: Int, feeding produce: (inout Feeder) throws(Failure) -> Void
    ) throws(Failure) {
        guard let store = XMLTextStore(minimumCapacity: textCapacity) else {
            error = Self.outOfMemory(textCapacity)
            return
        }
        self.store = store
        var callbacks = cx_callbacks()
        callbacks.start_element = { context, name, attributes in
            guard let context else { return }
            XMLTreeBuilder.from(context).pointee.startElement(name, attributes)
        }
        callbacks.end_element = { context in
            guard let context else { return }
            XMLTreeBuilder.from(context).pointee.endElement()
        }
        callbacks.characters = { context, text, length in
            guard let context else { return }
            XMLTreeBuilder.from(context).pointee.characters(text, length)
        }
        callbacks.cdata = { context, text, length, continues in
            guard let context else { return }
            XMLTreeBuilder.from(context).pointee.cdata(text, length, continues: continues != 0)
        }
        callbacks.error = { context, code, level, line, column in
            guard let context else { return }
            XMLTreeBuilder.from(context).pointee.report(
                code: Int(code), level: Int(level), line: Int(line), column: Int(column))
        }
        // The callbacks run only inside `cx_reader_feed`, within this closure, so the pointer is valid.
        try withUnsafeMutablePointer(to: &self) { (builder) throws(Failure) in
            guard let reader = cx_reader_create(&callbacks, UnsafeMutableRawPointer(builder)) else {
                builder.pointee.error = XMLConversionError(
                    .malformed.detail("libxml2 could not start a parser"), line: 1, column: 1)
                return
            }
            builder.pointee.reader = reader
            defer {
                cx_reader_free(reader)
                builder.pointee.reader = nil
            }
            var feeder = Feeder(builder: builder, reader: reader)
            defer { builder.pointee.releaseParsingState() }
            try produce(&feeder)
            guard feeder.isComplete else { return }
            if builder.pointee.error == nil, builder.pointee.root == nil || cx_reader_well_formed(reader) == 0 {
                builder.pointee.error = XMLConversionError(
                    builder.pointee.root == nil ? .emptyDocument : .malformed.detail("not well-formed XML"),
                    line: builder.pointee.lineNumber, column: builder.pointee.columnNumber)
            }
        }
    }

    /// Lets go of what only reading needed, before the document is written: that is when memory peaks.
    private mutating func releaseParsingState() {
        nameIDs = [:]
        stack = []
        openText = []
    }

    /// The builder `parse` registered as the reader's context, for the length of the parse.
    private static func from(_ context: UnsafeMutableRawPointer) -> UnsafeMutablePointer<XMLTreeBuilder> {
        context.assumingMemoryBound(to: XMLTreeBuilder.self)
    }

    private var lineNumber: Int { Int(reader.map { cx_reader_line($0) } ?? 1) }
    private var columnNumber: Int { Int(reader.map { cx_reader_column($0) } ?? 1) }

    /// Records the first error that makes the document unusable and stops the parser.
    private mutating func fail(_ error: XMLConversionError) {
        guard self.error == nil else { return }
        self.error = error
        if let reader { cx_reader_stop(reader) }
    }

    /// A problem libxml2 reported: errors that are not tolerated end the parse; warnings do not.
    fileprivate mutating func report(code: Int, level: Int, line: Int, column: Int) {
        guard level >= 2, !XMLParserDiagnostics.isTolerated(code) else { return }
        fail(XMLConversionError(kind(for: code), line: line, column: column))
    }

    private func kind(for code: Int) -> XMLConversionError.Kind {
        // "Document end" (5) covers a missing root, content after the root and input that stops
        // inside an element: what was read tells them apart.
        guard code == 5 else { return XMLParserDiagnostics.kind(for: code, encoding: declaredEncoding) }
        if let open = stack.last {
            return .malformed.detail(
                "the document ends before </\(String(decoding: names[Int(elements[Int(open.element)].name)], as: UTF8.self))>"
            )
        }
        if root == nil { return .emptyDocument }
        return .malformed.detail("extra content after the root element")
    }

    private mutating func nameID(_ name: UnsafePointer<UInt8>) -> Int32 {
        if let id = nameIDs[name] { return id }
        let bytes = Array(UnsafeBufferPointer(start: name, count: Self.length(of: name)))
        // A name libxml2 did not intern (rare) still gets the id of the same text.
        let id = namesByText[bytes] ?? Int32(names.count)
        if id == Int32(names.count) {
            names.append(bytes)
            namesByText[bytes] = id
        }
        nameIDs[name] = id
        return id
    }

    /// The length of a NUL-terminated string.
    private static func length(of text: UnsafePointer<UInt8>) -> Int {
        var count = 0
        while text[count] != 0 { count += 1 }
        return count
    }

    private mutating func startElement(
        _ name: UnsafePointer<UInt8>?, _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        guard error == nil, let name else { return }
        // `attributes` is name, value pairs ended by a NULL name.
        if stack.count >= options.maximumDepth {
            fail(
                XMLConversionError(
                    .tooDeep.detail("elements nested deeper than \(options.maximumDepth) levels"), line: lineNumber,
                    column: columnNumber))
            return
        }
        if !stack.isEmpty { endRun(nextToChild: true) }
        let index = Int32(elements.count)
        let element = Element(name: nameID(name), firstAttribute: Int32(attributeNames.count))
        if var pair = attributes {
            while let attributeName = pair[0] {
                let value = pair[1]
                attributeNames.append(nameID(attributeName))
                attributeValues.append(
                    value.map { appendEscaped(UnsafeBufferPointer(start: $0, count: Self.length(of: $0))) }
                        ?? TextSpan(start: UInt32(textCount)))
                pair += 2
            }
        }
        if let parent = stack.last {
            if parent.lastChild >= 0 {
                elements[Int(parent.lastChild)].nextSibling = index
            } else {
                elements[Int(parent.element)].firstChild = index
            }
            stack[stack.count - 1].lastChild = index
        } else if root != nil {
            // Not kept: neither are its attributes, which would count as the next element's.
            attributeNames.removeSubrange(Int(element.firstAttribute)...)
            attributeValues.removeSubrange(Int(element.firstAttribute)...)
            return
        } else {
            root = index
        }
        elements.append(element)
        stack.append(Open(element: index))
        if openText.count < stack.count { openText.append([]) }
    }

    private mutating func endElement() {
        guard error == nil, !stack.isEmpty else { return }
        endRun(nextToChild: false)
        let open = stack.removeLast()
        let depth = stack.count
        elements[Int(open.element)].text = appendText(openText[depth])
        // A buffer that held a large text is let go, not kept for the rest of the document.
        openText[depth].removeAll(keepingCapacity: openText[depth].capacity <= 1 << 16)
    }

    private mutating func characters(_ text: UnsafePointer<UInt8>?, _ length: Int32) {
        guard error == nil, let text, length > 0, !stack.isEmpty else { return }
        openText[stack.count - 1].append(contentsOf: UnsafeBufferPointer(start: text, count: Int(length)))
    }

    /// CDATA is text, with CRLF and lone CR read as LF: XML normalises line ends everywhere, but
    /// libxml2 leaves them in CDATA sections. A section can come in pieces, cut between a CR and
    /// its LF: the LF that starts the next piece is then the same line end.
    private mutating func cdata(_ text: UnsafePointer<UInt8>?, _ length: Int32, continues: Bool) {
        let afterCarriageReturn = cdataCutAfterCarriageReturn
        cdataCutAfterCarriageReturn = false
        guard error == nil, let text, length > 0, !stack.isEmpty else { return }
        let input = UnsafeBufferPointer(start: text, count: Int(length))
        cdataCutAfterCarriageReturn = continues && input.last == 0x0D
        guard afterCarriageReturn || input.contains(0x0D) else {
            openText[stack.count - 1].append(contentsOf: input)
            return
        }
        var previous: UInt8 = afterCarriageReturn ? 0x0D : 0
        for byte in input {
            if byte == 0x0D {
                openText[stack.count - 1].append(0x0A)
            } else if !(byte == 0x0A && previous == 0x0D) {
                openText[stack.count - 1].append(byte)
            }
            previous = byte
        }
    }

    /// Ends the current text run of the innermost element: a whitespace-only run next to child
    /// elements is layout, not text, and is dropped.
    private mutating func endRun(nextToChild: Bool) {
        let depth = stack.count - 1
        let start = stack[depth].runStart
        let besideChild = nextToChild || stack[depth].lastChild >= 0
        if besideChild, openText[depth][start...].allSatisfy(isXMLWhitespace) {
            openText[depth].removeSubrange(start...)
        }
        stack[depth].runStart = openText[depth].count
    }

    /// Keeps an element's text (trimmed when the options say so) and returns where it is.
    private mutating func appendText(_ text: [UInt8]) -> TextSpan {
        var lower = text.startIndex
        var upper = text.endIndex
        if options.trimsText {
            while lower < upper, isXMLWhitespace(text[lower]) { lower += 1 }
            while upper > lower, isXMLWhitespace(text[upper - 1]) { upper -= 1 }
        }
        return text.withUnsafeBufferPointer { appendEscaped(UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
    }

    /// Appends `source` to the store escaped as the inside of a JSON string and returns where it is.
    ///
    /// The store is sized for twice the input, which escaping never exceeds: only controls other
    /// than tab, line feed and carriage return take six bytes, and XML 1.0 has none; should one come,
    /// the store grows.
    private mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>) -> TextSpan {
        guard !source.isEmpty, error == nil else { return TextSpan(start: UInt32(textCount)) }
        var room = 2 * source.count
        while true {
            guard reserveText(room), let store else { return TextSpan(start: UInt32(textCount)) }
            if let (count, isVerbatim) = JSONTextEscaping.escape(source, into: store.base + textCount, capacity: room) {
                let span = TextSpan(start: UInt32(textCount), packed: UInt32(count) << 1 | (isVerbatim ? 0 : 1))
                textCount += count
                return span
            }
            room = 6 * source.count
        }
    }

    /// Makes room for `count` more bytes of text, moving to a larger store if needed; `false` (and
    /// the conversion fails) when the text would be too large for the tape or memory cannot be had.
    private mutating func reserveText(_ count: Int) -> Bool {
        guard let current = store else { return false }
        let needed = textCount + count
        guard needed < Int(UInt32.max) else {
            fail(
                XMLConversionError(
                    .tooLarge.detail("the text is too large: more than \(UInt32.max) bytes escaped"),
                    line: lineNumber, column: columnNumber))
            return false
        }
        if needed <= current.capacity { return true }
        guard let larger = XMLTextStore(minimumCapacity: max(needed, 2 * current.capacity)) else {
            fail(Self.outOfMemory(max(needed, 2 * current.capacity)))
            return false
        }
        larger.base.update(from: current.base, count: textCount)
        store = larger
        return true
    }

    private static func outOfMemory(_ bytes: Int) -> XMLConversionError {
        XMLConversionError(.tooLarge.detail("could not reserve \(bytes) bytes for the text"), line: 1, column: 1)
    }
}

/// Space, tab, line feed or carriage return: the whitespace of XML 1.0 §2.3.
@inline(__always)
func isXMLWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}
