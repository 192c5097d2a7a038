/// Writes JSON text: compact, or pretty with one stable format.
///
/// The pretty format indents by two spaces, puts one element or member per line, writes
/// `"key": value` with one space, and writes empty containers as `[]` and `{}`. Strings escape
/// `"`, `\`, every control character (U+0000...U+001F as `\n`, `\t`, ... or `\u00XX`), DEL, the
/// C1 controls and the bidirectional controls (``TerminalSanitizer/isUnsafe(_:)``, as `\u007f`,
/// `\u202e`...), so output is safe to print to a terminal and stays valid JSON.
/// Numbers are written as their source text.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"a":[1,2.50],"b":{}}"#)
/// print(document.root.jsonText(style: .pretty))
/// // {
/// //   "a": [
/// //     1,
/// //     2.50
/// //   ],
/// //   "b": {}
/// // }
/// ```
///
/// Writing streams: ``JSONNode/writeJSON(style:chunkSize:to:)`` hands out fixed-size chunks, so a
/// 50 MB document is printed without building a 50 MB string.
public enum JSONStyle: Sendable, Equatable {
    /// No whitespace.
    case compact
    /// Two-space indentation, one value per line.
    case pretty
}

extension JSONNode {
    /// The value as JSON text.
    ///
    /// - Parameter style: ``JSONStyle/compact`` (the default) or ``JSONStyle/pretty``.
    public func jsonText(style: JSONStyle = .compact) -> String {
        String(decoding: JSONWriter.bytes(of: self, style: style), as: UTF8.self)
    }

    /// Writes the value as JSON text in chunks of about `chunkSize` bytes.
    ///
    /// ```swift
    /// try node.writeJSON(style: .pretty) { chunk in try FileHandle.standardOutput.write(contentsOf: chunk) }
    /// ```
    ///
    /// - Parameters:
    ///   - style: Compact or pretty.
    ///   - chunkSize: The buffer size; each chunk is at least this big except the last.
    ///   - sink: Receives each chunk; an error it throws stops writing and is rethrown.
    /// - Throws: Whatever `sink` throws.
    public func writeJSON<E: Error>(
        style: JSONStyle = .compact, chunkSize: Int = 1 << 16, to sink: ([UInt8]) throws(E) -> Void
    ) throws(E) {
        var writer = JSONWriter(style: style)
        try writer.write(self, chunkSize: chunkSize, sink)
    }
}

extension JSONValue {
    /// Appends the value as compact JSON text to `out`: what ``jsonText(style:)`` returns, without a
    /// string in between (a listing of many rows fills one buffer).
    ///
    /// - Parameter out: The buffer.
    package func appendJSON(to out: inout [UInt8]) {
        JSONWriter.appendCompact(self, to: &out)
    }

    /// The value as JSON text.
    ///
    /// - Parameter style: ``JSONStyle/compact`` (the default) or ``JSONStyle/pretty``.
    public func jsonText(style: JSONStyle = .compact) -> String {
        switch style {
        case .compact:
            var out: [UInt8] = []
            JSONWriter.appendCompact(self, to: &out)
            return String(decoding: out, as: UTF8.self)
        case .pretty:
            return JSONDocument(self).root.jsonText(style: .pretty)
        }
    }
}

/// The writer over the tape; iterative, so any depth the parser accepted is written.
struct JSONWriter {
    let style: JSONStyle
    var out: [UInt8] = []

    init(style: JSONStyle) {
        self.style = style
    }

    mutating func write<E: Error>(_ node: JSONNode, chunkSize: Int, _ sink: ([UInt8]) throws(E) -> Void) throws(E) {
        try walk(node, chunkSize: chunkSize, sink)
        if !out.isEmpty { try sink(out) }
    }

    /// Appends the value at `node` as compact JSON to `out`, writing from the tape: no tree is built.
    ///
    /// A scalar, or a container whose members are all scalars (a stream's small events), is written
    /// in one pass without the walk's stack of open containers; `out` keeps its own capacity.
    static func appendCompact(_ node: JSONNode, to out: inout [UInt8]) {
        let storage = node.storage
        storage.nodes.withUnsafeBufferPointer { nodes in
            storage.bytes.withUnsafeBufferPointer { bytes in
                appendCompact(at: node.index, nodes, bytes, to: &out)
            }
        }
    }

    /// Appends the value at `start` of a tape over `bytes` as compact JSON to `out`: what
    /// `appendCompact(_:to:)` writes for a document with this tape and these bytes.
    static func appendCompact(
        at start: Int, _ nodes: UnsafeBufferPointer<JSONTape.Node>, _ bytes: UnsafeBufferPointer<UInt8>,
        to out: inout [UInt8]
    ) {
        var writer = JSONWriter(style: .compact)
        swap(&writer.out, &out)
        defer { swap(&writer.out, &out) }
        guard !writer.writeFlat(at: start, nodes, bytes) else { return }
        writer.write(from: start, nodes, bytes, .max) { (_: [UInt8]) in }
    }

    /// Whether ``appendCompact(at:_:_:to:)`` writes a whole parsed text exactly as it is: a text with
    /// no whitespace and no byte order mark, whose strings are all copied verbatim (numbers and
    /// literals always are), is its own compact form. A stream's small events mostly are, and are
    /// copied in one piece.
    ///
    /// - Parameters:
    ///   - nodes: The tape of the whole text, from its first node.
    ///   - bytes: The text.
    static func isCompactAsItIs(_ nodes: UnsafeBufferPointer<JSONTape.Node>, _ bytes: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard let first = bytes.first, first != 0xEF else { return false }
        for byte in bytes where isJSONWhitespace(byte) { return false }
        for node in nodes where node.header & JSONTape.notVerbatim != 0 { return false }
        return true
    }

    /// The whole text in one buffer, without handing it through a sink (one copy fewer).
    static func bytes(of node: JSONNode, style: JSONStyle) -> [UInt8] {
        var writer = JSONWriter(style: style)
        writer.walk(node, chunkSize: .max) { (_: [UInt8]) in }
        return writer.out
    }

    private mutating func walk<E: Error>(
        _ node: JSONNode, chunkSize: Int, _ sink: ([UInt8]) throws(E) -> Void
    ) throws(E) {
        let storage = node.storage
        out.reserveCapacity(min(chunkSize, 1 << 20))
        try storage.nodes.withUnsafeBufferPointer { (nodes) throws(E) in
            try storage.bytes.withUnsafeBufferPointer { (bytes) throws(E) in
                try write(from: node.index, nodes, bytes, chunkSize, sink)
            }
        }
    }

    /// Walks the subtree at `start` in document order. Only values pass through the loop top;
    /// keys are written where a member begins (after `{` or after a `,` in an object).
    private mutating func write<E: Error>(
        from start: Int, _ nodes: UnsafeBufferPointer<JSONTape.Node>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ chunkSize: Int, _ sink: ([UInt8]) throws(E) -> Void
    ) throws(E) {
        // Open containers: children still to write, and whether it is an object.
        var open: [(remaining: UInt32, isObject: Bool)] = []
        var i = start
        while true {
            let value = nodes[i]
            let tag = value.header & JSONTape.kindMask
            i += 1
            switch tag {
            case JSONTape.array, JSONTape.object:
                let isObject = tag == JSONTape.object
                out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
                if value.length > 0 {
                    open.append((value.length, isObject))
                    newline(depth: open.count)
                    if isObject {
                        writeKey(nodes[i], bytes)
                        i += 1
                    }
                    continue
                }
                out.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            case JSONTape.string:
                writeString(value, bytes)
            default:
                out.append(
                    contentsOf: UnsafeBufferPointer(
                        rebasing: bytes[Int(value.offset)..<Int(value.offset + value.length)]))
            }
            if out.count >= chunkSize {
                try sink(out)
                out.removeAll(keepingCapacity: true)
            }
            // A value is complete: separate it from the next sibling, or close what it completed.
            while let top = open.last {
                if top.remaining > 1 {
                    open[open.count - 1].remaining -= 1
                    out.append(UInt8(ascii: ","))
                    newline(depth: open.count)
                    if top.isObject {
                        writeKey(nodes[i], bytes)
                        i += 1
                    }
                    break
                }
                open.removeLast()
                newline(depth: open.count)
                out.append(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            }
            if open.isEmpty { return }
        }
    }

    /// Writes the value at `start` when it is a scalar or a container of scalars (compact style);
    /// whether it was one.
    ///
    /// A container of `n` members is flat exactly when its subtree holds `1 + n` nodes (`1 + 2n` for
    /// an object, keys included): any member that is a non-empty container adds nodes of its own.
    private mutating func writeFlat(
        at start: Int, _ nodes: UnsafeBufferPointer<JSONTape.Node>, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let head = nodes[start]
        let tag = head.header & JSONTape.kindMask
        guard tag == JSONTape.array || tag == JSONTape.object else {
            writeScalar(head, bytes)
            return true
        }
        let isObject = tag == JSONTape.object
        let members = Int(head.length)
        guard Int(head.next) - start == 1 + members * (isObject ? 2 : 1) else { return false }
        out.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        var i = start + 1
        for member in 0..<members {
            if member > 0 { out.append(UInt8(ascii: ",")) }
            if isObject {
                writeKey(nodes[i], bytes)
                i += 1
            }
            writeScalar(nodes[i], bytes)
            i += 1
        }
        out.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        return true
    }

    /// A value that is one node: a string, a number or a literal, or an empty container.
    private mutating func writeScalar(_ record: JSONTape.Node, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch record.header & JSONTape.kindMask {
        case JSONTape.string:
            writeString(record, bytes)
        case JSONTape.array:
            out.append(UInt8(ascii: "["))
            out.append(UInt8(ascii: "]"))
        case JSONTape.object:
            out.append(UInt8(ascii: "{"))
            out.append(UInt8(ascii: "}"))
        default:
            out.append(
                contentsOf: UnsafeBufferPointer(
                    rebasing: bytes[Int(record.offset)..<Int(record.offset + record.length)]))
        }
    }

    private mutating func writeKey(_ record: JSONTape.Node, _ bytes: UnsafeBufferPointer<UInt8>) {
        writeString(record, bytes)
        out.append(UInt8(ascii: ":"))
        if style == .pretty { out.append(0x20) }
    }

    private mutating func newline(depth: Int) {
        guard style == .pretty else { return }
        out.append(0x0A)
        for _ in 0..<depth {
            out.append(0x20)
            out.append(0x20)
        }
    }

    private mutating func writeString(_ record: JSONTape.Node, _ bytes: UnsafeBufferPointer<UInt8>) {
        let content = UnsafeBufferPointer(rebasing: bytes[Int(record.offset)..<Int(record.offset + record.length)])
        out.append(UInt8(ascii: "\""))
        if record.header & JSONTape.notVerbatim == 0 {
            out.append(contentsOf: content)
        } else {
            Self.appendEscaped(JSONStringDecoding.unescape(content), to: &out)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends the characters of `string` escaped for a JSON string literal (without quotes).
    static func appendEscaped(_ string: String, to out: inout [UInt8]) {
        var string = string
        let verbatim = string.withUTF8 { utf8 in
            guard isVerbatim(utf8) else { return false }
            out.append(contentsOf: utf8)
            return true
        }
        guard !verbatim else { return }
        appendEscapedScalars(string, to: &out)
    }

    /// Appends `utf8` decoded as UTF-8 (invalid sequences replaced) and escaped for a JSON string
    /// literal (without quotes): what ``appendEscaped(_:to:)`` appends for `String(decoding: utf8, as: UTF8.self)`,
    /// with no string made for the common case.
    static func appendEscaped(utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard isVerbatim(utf8) else {
            appendEscapedScalars(String(decoding: utf8, as: UTF8.self), to: &out)
            return
        }
        out.append(contentsOf: utf8)
    }

    /// Whether UTF-8 text is written as it is: printable ASCII but the quote and the backslash.
    /// Most keys, IDs and values of an event stream are.
    static func isVerbatim(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
    }

    /// ``appendEscaped(_:to:)`` scalar by scalar, for any text.
    static func appendEscapedScalars(_ string: String, to out: inout [UInt8]) {
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case _ where TerminalSanitizer.isUnsafe(scalar):
                out.append(contentsOf: [0x5C, UInt8(ascii: "u")])
                out.append(contentsOf: hex4(UInt16(scalar.value)).utf8)
            default:
                JSONStringDecoding.appendUTF8(scalar, to: &out)
            }
        }
    }

    /// Appends `value` as compact JSON.
    static func appendCompact(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): out.append(contentsOf: n.text.utf8)
        case .string(let s):
            out.append(UInt8(ascii: "\""))
            appendEscaped(s, to: &out)
            out.append(UInt8(ascii: "\""))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                appendCompact(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (n, member) in object.members.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "\""))
                appendEscaped(member.key, to: &out)
                out.append(contentsOf: "\":".utf8)
                appendCompact(member.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
