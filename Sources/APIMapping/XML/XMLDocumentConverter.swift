import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The `XMLParser` delegate that builds the JSON value, with an explicit stack of open elements so
/// that nesting depth costs heap, not call stack.
///
/// One instance serves one ``XMLToJSON/convert(_:options:)`` call on one thread and is then thrown
/// away; it is a class only because `XMLParserDelegate` requires one.
final class XMLDocumentConverter: NSObject, XMLParserDelegate {
    /// An element being read.
    private struct Frame {
        let name: String
        var attributes: [(key: String, value: JSONValue)] = []
        /// Child elements by name, in order of first occurrence; `forcedArray` for `alwaysArray` paths.
        var members: [(key: String, values: [JSONValue], forcedArray: Bool)] = []
        /// Positions in `members`, built once an element has many distinct child names.
        var memberIndex: [String: Int] = [:]
        /// Text kept so far, and the text run since the last tag.
        var text = ""
        var run = ""

        init(name: String) {
            self.name = name
        }

        mutating func index(of key: String) -> Int? {
            if members.count <= 16 { return members.firstIndex { $0.key == key } }
            if memberIndex.isEmpty {
                for (position, member) in members.enumerated() { memberIndex[member.key] = position }
            }
            return memberIndex[key]
        }

        mutating func append(_ value: JSONValue, as key: String, forcedArray: Bool) {
            if let position = index(of: key) {
                members[position].values.append(value)
            } else {
                if !memberIndex.isEmpty { memberIndex[key] = members.count }
                members.append((key: key, values: [value], forcedArray: forcedArray))
            }
        }

        /// Ends the current text run: whitespace-only runs next to child elements are layout, not text.
        mutating func endRun(nextToChild: Bool) {
            guard !run.isEmpty else { return }
            let besideChild = nextToChild || !members.isEmpty
            if !(besideChild && run.utf8.allSatisfy(isXMLWhitespace)) { text += run }
            run = ""
        }
    }

    private let options: XMLConversionOptions
    private let declaredEncoding: String?
    private var scanner: XMLMarkupScanner
    /// `alwaysArray` paths as names, by length.
    private let arrayPaths: [Int: [[String]]]
    private var stack: [Frame] = []
    private(set) var result: JSONValue?
    private(set) var error: XMLConversionError?

    init(options: XMLConversionOptions, scanner: XMLMarkupScanner, declaredEncoding: String?) {
        self.options = options
        self.scanner = scanner
        self.declaredEncoding = declaredEncoding
        arrayPaths = Dictionary(grouping: options.alwaysArray.map { $0.segments.map(\.key) }, by: \.count)
        stack.reserveCapacity(32)
    }

    /// Records the first error and stops the parser.
    private func fail(_ kind: XMLConversionError.Kind, _ parser: XMLParser) {
        guard error == nil else { return }
        error = XMLConversionError(kind, line: parser.lineNumber, column: parser.columnNumber)
        parser.abortParsing()
    }

    /// The error for a parse that stopped without reporting one through the delegate.
    func error(afterFailed parser: XMLParser) -> XMLConversionError {
        let code = (parser.parserError as NSError?)?.code ?? 1
        return XMLConversionError(kind(for: code), line: parser.lineNumber, column: parser.columnNumber)
    }

    // MARK: XMLParserDelegate

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard error == nil else { return }
        if stack.count >= options.maximumDepth {
            fail(.tooDeep.detail("elements nested deeper than \(options.maximumDepth) levels"), parser)
            return
        }
        if !stack.isEmpty { stack[stack.count - 1].endRun(nextToChild: true) }
        var frame = Frame(name: elementName)
        let names = scanner.nextStartTag(names: attributeDict.count > 1) ?? []
        if attributeDict.count == 1, let (name, value) = attributeDict.first {
            frame.attributes = [(key: "@" + name, value: .string(value))]
        } else if !attributeDict.isEmpty {
            frame.attributes = Self.ordered(attributeDict, documentOrder: names)
        }
        stack.append(frame)
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        guard error == nil, var frame = stack.popLast() else { return }
        frame.endRun(nextToChild: false)
        let value = makeValue(frame)
        if stack.isEmpty {
            let forced = isArrayPath(frame.name)
            result = .object(JSONObject([(key: frame.name, value: forced ? .array([value]) : value)]))
        } else {
            let forced = isArrayPath(frame.name)
            stack[stack.count - 1].append(value, as: frame.name, forcedArray: forced)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard error == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].run += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard error == nil, !stack.isEmpty else { return }
        stack[stack.count - 1].run += Self.normalizingLineEnds(CDATABlock)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        guard !XMLParserDiagnostics.isTolerated(code) else { return }
        fail(kind(for: code), parser)
    }

    private func kind(for code: Int) -> XMLConversionError.Kind {
        // libxml2's push parser reports "document end" (5) for a missing root, content after the
        // root, and input that stops inside an element alike; what we have read tells them apart.
        guard code == 5 else {
            return XMLParserDiagnostics.kind(for: code, encoding: declaredEncoding)
        }
        if let open = stack.last { return .malformed.detail("the document ends before </\(open.name)>") }
        if result == nil { return .emptyDocument }
        return .malformed.detail("extra content after the root element")
    }

    func parser(
        _ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?, systemID: String?,
        notationName: String?
    ) {
        // Unreachable behind the byte scan for `<!ENTITY`; kept as a second line of defence.
        fail(.entityDeclaration, parser)
    }

    // MARK: Building values

    /// Whether the element named `name`, child of the open elements, is on an `alwaysArray` path.
    private func isArrayPath(_ name: String) -> Bool {
        guard !arrayPaths.isEmpty, let candidates = arrayPaths[stack.count + 1] else { return false }
        return candidates.contains { path in
            path.last == name && zip(path, stack).allSatisfy { $0 == $1.name }
        }
    }

    private func makeValue(_ frame: Frame) -> JSONValue {
        let text = options.trimsText ? Self.trimmed(frame.text) : frame.text
        if frame.attributes.isEmpty && frame.members.isEmpty { return .string(text) }
        var members = frame.attributes
        members.reserveCapacity(frame.attributes.count + frame.members.count + 1)
        for member in frame.members {
            let single = member.values.count == 1 && !member.forcedArray
            members.append((key: member.key, value: single ? member.values[0] : .array(member.values)))
        }
        if !text.isEmpty { members.append((key: "#text", value: .string(text))) }
        return .object(JSONObject(members))
    }

    /// `@`-prefixed attributes in `documentOrder`; names the scanner did not see follow alphabetically.
    private static func ordered(_ attributes: [String: String], documentOrder: [String]) -> [(
        key: String, value: JSONValue
    )] {
        var result: [(key: String, value: JSONValue)] = []
        result.reserveCapacity(attributes.count)
        var seen = Set<String>()
        for name in documentOrder {
            guard let value = attributes[name], seen.insert(name).inserted else { continue }
            result.append((key: "@" + name, value: .string(value)))
        }
        for (name, value) in attributes.sorted(by: { $0.key < $1.key }) where !seen.contains(name) {
            result.append((key: "@" + name, value: .string(value)))
        }
        return result
    }

    /// CDATA text with CRLF and lone CR as LF: XML 1.0 §2.11 normalises line ends everywhere, but
    /// libxml2 leaves them in CDATA sections.
    static func normalizingLineEnds(_ data: Data) -> String {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> String in
            let input = raw.bindMemory(to: UInt8.self)
            guard input.contains(0x0D) else { return String(decoding: input, as: UTF8.self) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(input.count)
            var previous: UInt8 = 0
            for byte in input {
                if byte == 0x0D {
                    bytes.append(0x0A)
                } else if !(byte == 0x0A && previous == 0x0D) {
                    bytes.append(byte)
                }
                previous = byte
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `text` without leading and trailing XML whitespace.
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isXMLWhitespace($0) }) else { return "" }
        guard let last = utf8.lastIndex(where: { !isXMLWhitespace($0) }) else { return "" }
        // Whitespace is ASCII, so both ends fall on character boundaries.
        let end = utf8.index(after: last)
        if first == utf8.startIndex && end == utf8.endIndex { return text }
        return String(text[first..<end])
    }
}

/// Space, tab, line feed or carriage return: the whitespace of XML 1.0 §2.3.
@inline(__always)
func isXMLWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}
