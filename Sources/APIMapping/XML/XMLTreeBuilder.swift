import CXMLReader

/// Reads XML with libxml2's push parser and its SAX callbacks straight into a compact element
/// table, then writes the JSON text of ``XMLToJSON``'s mapping from it in one pass: no event
/// objects, no intermediate `JSONValue` tree.
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
    /// An element once read: its name, attributes, children (a linked list) and kept text.
    struct Element {
        var name: Int32
        var firstAttribute: Int32
        var attributeCount: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var nextSibling: Int32 = -1
        var textStart: Int32 = 0
        var textLength: Int32 = 0
    }

    /// An element being read: its table row and where its text starts in ``openText``.
    private struct Open {
        var element: Int32
        var hasChildren = false
        /// Where the text run since the last tag starts in this element's text buffer.
        var runStart = 0
    }

    private let options: XMLConversionOptions
    private let declaredEncoding: String?
    /// `alwaysArray` paths as name ids, by length; a path with a name never seen cannot match.
    private var arrayPaths: [Int: [[Int32]]] = [:]
    private var pendingArrayPaths: [[String]]

    private(set) var elements: [Element] = []
    private var attributeNames: [Int32] = []
    private var attributeValues: [(start: Int32, length: Int32)] = []
    /// Text and attribute values, UTF-8, one after another.
    private var strings: [UInt8] = []
    /// Element and attribute names by id; libxml2 interns names, so its pointers find them.
    private(set) var names: [[UInt8]] = []
    private var nameIDs: [UnsafePointer<UInt8>: Int32] = [:]
    private var namesByText: [[UInt8]: Int32] = [:]
    private var stack: [Open] = []
    /// Each open element's text so far, by depth; buffers are reused.
    private var openText: [[UInt8]] = []
    private(set) var root: Int32?
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
        callbacks.cdata = { context, text, length in
            guard let context else { return }
            XMLTreeBuilder.from(context).pointee.cdata(text, length)
        }
        callbacks.error = { context, code, level, line, column in
            guard let context else { return }
            XMLTreeBuilder.from(context).pointee.report(
                code: Int(code), level: Int(level), line: Int(line), column: Int(column))
        }
        // The callbacks run only inside `cx_reader_feed`, within this closure, so the pointer is valid.
        withUnsafeMutablePointer(to: &self) { builder in
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
            let chunk = 1 << 20
            bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { characters in
                    var offset = 0
                    repeat {
                        let length = min(chunk, characters.count - offset)
                        let isLast: Int32 = offset + length >= characters.count ? 1 : 0
                        _ = cx_reader_feed(reader, characters.baseAddress.map { $0 + offset }, Int32(length), isLast)
                        offset += length
                    } while offset < characters.count && builder.pointee.error == nil
                }
            }
            if builder.pointee.error == nil, builder.pointee.root == nil || cx_reader_well_formed(reader) == 0 {
                builder.pointee.error = XMLConversionError(
                    builder.pointee.root == nil ? .emptyDocument : .malformed.detail("not well-formed XML"),
                    line: builder.pointee.lineNumber, column: builder.pointee.columnNumber)
            }
        }
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
        var element = Element(
            name: nameID(name), firstAttribute: Int32(attributeNames.count), attributeCount: 0)
        if var pair = attributes {
            while let attributeName = pair[0] {
                let value = pair[1]
                attributeNames.append(nameID(attributeName))
                let start = strings.count
                if let value {
                    strings.append(contentsOf: UnsafeBufferPointer(start: value, count: Self.length(of: value)))
                }
                attributeValues.append((Int32(start), Int32(strings.count - start)))
                element.attributeCount += 1
                pair += 2
            }
        }
        if let parent = stack.last {
            let parentIndex = Int(parent.element)
            if elements[parentIndex].lastChild >= 0 {
                elements[Int(elements[parentIndex].lastChild)].nextSibling = index
            } else {
                elements[parentIndex].firstChild = index
            }
            elements[parentIndex].lastChild = index
            stack[stack.count - 1].hasChildren = true
        } else if root != nil {
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
        let (start, length) = appendText(openText[depth])
        openText[depth].removeAll(keepingCapacity: true)
        elements[Int(open.element)].textStart = start
        elements[Int(open.element)].textLength = length
    }

    private mutating func characters(_ text: UnsafePointer<UInt8>?, _ length: Int32) {
        guard error == nil, let text, length > 0, !stack.isEmpty else { return }
        openText[stack.count - 1].append(contentsOf: UnsafeBufferPointer(start: text, count: Int(length)))
    }

    /// CDATA is text, with CRLF and lone CR read as LF: XML normalises line ends everywhere, but
    /// libxml2 leaves them in CDATA sections.
    private mutating func cdata(_ text: UnsafePointer<UInt8>?, _ length: Int32) {
        guard error == nil, let text, length > 0, !stack.isEmpty else { return }
        let input = UnsafeBufferPointer(start: text, count: Int(length))
        guard input.contains(0x0D) else {
            openText[stack.count - 1].append(contentsOf: input)
            return
        }
        var previous: UInt8 = 0
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
        let besideChild = nextToChild || stack[depth].hasChildren
        if besideChild, openText[depth][start...].allSatisfy(isXMLWhitespace) {
            openText[depth].removeSubrange(start...)
        }
        stack[depth].runStart = openText[depth].count
    }

    /// Keeps an element's text (trimmed when the options say so) and returns where it is.
    private mutating func appendText(_ text: [UInt8]) -> (Int32, Int32) {
        var lower = text.startIndex
        var upper = text.endIndex
        if options.trimsText {
            while lower < upper, isXMLWhitespace(text[lower]) { lower += 1 }
            while upper > lower, isXMLWhitespace(text[upper - 1]) { upper -= 1 }
        }
        let start = strings.count
        strings.append(contentsOf: text[lower..<upper])
        return (Int32(start), Int32(upper - lower))
    }

    // MARK: Writing JSON

    /// One step of writing: an element's value, or fixed punctuation.
    private enum Step {
        case value(Int32, depth: Int)
        case key(Int32)
        case attribute(Int32)
        case text(Int32)
        case byte(UInt8)
    }

    /// The JSON text of the document as ``XMLToJSON`` maps it, written with an explicit stack so
    /// any depth costs heap, not call stack.
    mutating func json() -> [UInt8] {
        guard let root else { return [] }
        resolveArrayPaths()
        var output: [UInt8] = []
        output.reserveCapacity(strings.count + elements.count * 16 + 64)
        var path: [Int32] = []
        var nextInGroup = [Int32](repeating: -1, count: elements.count)
        output.append(UInt8(ascii: "{"))
        writeKey(elements[Int(root)].name, into: &output)
        let forcedRoot = isArrayPath([], then: elements[Int(root)].name)
        var steps: [Step] = []
        // Reused for every element: one allocation each for the document, not one per element.
        var members: [Step] = []
        var groups: [(name: Int32, first: Int32, last: Int32, count: Int)] = []
        var groupByName: [Int32: Int] = [:]
        if forcedRoot { steps.append(.byte(UInt8(ascii: "]"))) }
        steps.append(.value(root, depth: 0))
        if forcedRoot { steps.append(.byte(UInt8(ascii: "["))) }
        while let step = steps.popLast() {
            switch step {
            case .byte(let byte):
                output.append(byte)
            case .key(let name):
                writeKey(name, into: &output)
            case .attribute(let index):
                let attribute = attributeValues[Int(index)]
                output.append(UInt8(ascii: "\""))
                output.append(UInt8(ascii: "@"))
                writeEscaped(names[Int(attributeNames[Int(index)])], into: &output)
                output.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
                writeString(start: attribute.start, length: attribute.length, into: &output)
            case .text(let index):
                output.append(contentsOf: "\"#text\":".utf8)
                writeString(
                    start: elements[Int(index)].textStart, length: elements[Int(index)].textLength, into: &output)
            case .value(let index, let depth):
                let element = elements[Int(index)]
                path.removeSubrange(min(depth, path.count)...)
                path.append(element.name)
                if element.attributeCount == 0 && element.firstChild < 0 {
                    writeString(start: element.textStart, length: element.textLength, into: &output)
                    continue
                }
                output.append(UInt8(ascii: "{"))
                members.removeAll(keepingCapacity: true)
                var first = true
                func separate() {
                    if !first { members.append(.byte(UInt8(ascii: ","))) }
                    first = false
                }
                for offset in 0..<element.attributeCount {
                    separate()
                    members.append(.attribute(element.firstAttribute + offset))
                }
                // Children by name, in order of first occurrence; each name's elements in order.
                groups.removeAll(keepingCapacity: true)
                groupByName.removeAll(keepingCapacity: true)
                var child = element.firstChild
                while child >= 0 {
                    let name = elements[Int(child)].name
                    let group =
                        groups.count <= 16
                        ? groups.firstIndex { $0.name == name } : groupByName[name]
                    if let group {
                        nextInGroup[Int(groups[group].last)] = child
                        groups[group].last = child
                        groups[group].count += 1
                    } else {
                        if groups.count == 16 {
                            for (position, existing) in groups.enumerated() { groupByName[existing.name] = position }
                        }
                        if groups.count >= 16 { groupByName[name] = groups.count }
                        groups.append((name, child, child, 1))
                    }
                    child = elements[Int(child)].nextSibling
                }
                for group in groups {
                    separate()
                    members.append(.key(group.name))
                    let forced = isArrayPath(path, then: group.name)
                    let isArray = forced || group.count > 1
                    if isArray { members.append(.byte(UInt8(ascii: "["))) }
                    var item = group.first
                    var firstItem = true
                    while item >= 0 {
                        if !firstItem { members.append(.byte(UInt8(ascii: ","))) }
                        firstItem = false
                        members.append(.value(item, depth: depth + 1))
                        item = nextInGroup[Int(item)]
                    }
                    if isArray { members.append(.byte(UInt8(ascii: "]"))) }
                }
                if element.textLength > 0 {
                    separate()
                    members.append(.text(index))
                }
                members.append(.byte(UInt8(ascii: "}")))
                steps.append(contentsOf: members.reversed())
            }
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    private mutating func resolveArrayPaths() {
        for path in pendingArrayPaths {
            var ids: [Int32] = []
            for name in path {
                guard let id = namesByText[Array(name.utf8)] else { break }
                ids.append(id)
            }
            if ids.count == path.count { arrayPaths[ids.count, default: []].append(ids) }
        }
        pendingArrayPaths = []
    }

    /// Whether `path` followed by `name` is an `alwaysArray` path; no path is built when none can match.
    private func isArrayPath(_ path: [Int32], then name: Int32) -> Bool {
        guard !arrayPaths.isEmpty, let candidates = arrayPaths[path.count + 1] else { return false }
        return candidates.contains { $0.last == name && $0.dropLast().elementsEqual(path) }
    }

    private func writeKey(_ name: Int32, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        writeEscaped(names[Int(name)], into: &output)
        output.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    private func writeString(start: Int32, length: Int32, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        strings.withUnsafeBufferPointer { buffer in
            writeEscaped(UnsafeBufferPointer(rebasing: buffer[Int(start)..<Int(start + length)]), into: &output)
        }
        output.append(UInt8(ascii: "\""))
    }

    private func writeEscaped(_ bytes: [UInt8], into output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { writeEscaped($0, into: &output) }
    }

    /// UTF-8 text as the inside of a JSON string: quotes, backslashes and control characters escaped.
    private func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var runStart = 0
        for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            switch byte {
            case 0x22: output.append(contentsOf: [0x5C, 0x22])
            case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            default:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ])
            }
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}

/// Space, tab, line feed or carriage return: the whitespace of XML 1.0 §2.3.
@inline(__always)
func isXMLWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}
