/// Reads JSON Lines (NDJSON, JSONL) or an RFC 7464 JSON text sequence chunk by chunk, handing on
/// each JSON text as an event as soon as it is complete.
///
/// - JSON Lines: each line (ended by LF; a CR before it is whitespace) is one JSON text; blank
///   lines are skipped; a last line without a line feed counts when the stream ends.
/// - JSON sequence: each record starts with a record separator (U+001E); its JSON text runs to the
///   next separator or the end of the stream.
///
/// A record that is not valid JSON does not stop the stream: it becomes an event whose ``StreamEvent/error``
/// names the stream line, column and byte offset where it broke, with its raw text as data, and
/// the next records are read as usual.
///
/// ```swift
/// var parser = JSONLinesParser(format: .jsonLines)
/// try parser.feed(Array("{\"n\":1}\n{\"n\":2,}\n{\"n\":3}\n".utf8)) { event in
///     print(event.index, event.document != nil, event.error?.description ?? "")
/// }
/// // 0 true
/// // 1 false line 2, column 7 (byte 14): trailing comma…
/// // 2 true
/// ```
public struct JSONLinesParser: Sendable {
    /// The framing: ``StreamFormat/jsonLines`` or ``StreamFormat/jsonSequence``.
    public let format: StreamFormat
    /// The index the next event gets.
    public private(set) var nextIndex: Int
    /// The largest record accepted, in bytes.
    public let maximumEventSize: Int

    private var carried: [UInt8] = []
    /// Where the carried record starts: stream line and byte offset.
    private var carriedLine = 1
    private var carriedOffset = 0
    private var lineNumber = 1
    private var offset = 0
    /// JSON sequence only: whether a record separator opened the record being read.
    private var inRecord = false

    /// Creates a parser.
    ///
    /// - Parameters:
    ///   - format: ``StreamFormat/jsonLines`` or ``StreamFormat/jsonSequence``.
    ///   - firstIndex: The index of the first event.
    ///   - maximumEventSize: The largest record accepted, in bytes.
    public init(format: StreamFormat, firstIndex: Int = 0, maximumEventSize: Int = 16 << 20) {
        self.format = format
        nextIndex = firstIndex
        self.maximumEventSize = max(1, maximumEventSize)
    }

    /// Reads the next chunk, handing on every record it completes.
    ///
    /// - Parameters:
    ///   - bytes: The chunk.
    ///   - emit: Receives each event, in order.
    /// - Throws: ``StreamEventError`` when a record grows past ``maximumEventSize``.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (StreamEvent) -> Void)
        throws(StreamEventError)
    {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else { return }
        let count = bytes.count
        let separator: UInt8 = format == .jsonSequence ? 0x1E : 0x0A
        var recordStart = 0
        var recordLine = carried.isEmpty ? lineNumber : carriedLine
        var index = 0
        while index < count {
            let byte = base[index]
            if byte == 0x0A { lineNumber += 1 }
            guard byte == separator else {
                index += 1
                continue
            }
            // JSON Lines: the line ends here. JSON sequence: the previous record ends, a new one starts.
            let end = index
            let segment = UnsafeRawBufferPointer(start: base + recordStart, count: end - recordStart)
            if carried.isEmpty {
                record(segment, line: recordLine, offset: offset + recordStart, emit)
            } else {
                try append(segment)
                var whole: [UInt8] = []
                swap(&whole, &carried)
                let (line, start) = (carriedLine, carriedOffset)
                whole.withUnsafeBytes { record($0, line: line, offset: start, emit) }
                whole.removeAll(keepingCapacity: true)
                swap(&whole, &carried)
            }
            if format == .jsonSequence { inRecord = true }
            index += 1
            recordStart = index
            recordLine = lineNumber
        }
        if recordStart < count {
            if carried.isEmpty {
                carriedLine = recordLine
                carriedOffset = offset + recordStart
            }
            try append(UnsafeRawBufferPointer(start: base + recordStart, count: count - recordStart))
        }
        offset += count
    }

    /// The stream ended: a last record without its line feed is read.
    ///
    /// - Parameter emit: Receives the last event, if any.
    public mutating func finish(_ emit: (StreamEvent) -> Void) {
        var whole: [UInt8] = []
        swap(&whole, &carried)
        let (line, start) = (carriedLine, carriedOffset)
        whole.withUnsafeBytes { record($0, line: line, offset: start, emit) }
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) throws(StreamEventError) {
        guard carried.count + bytes.count <= maximumEventSize else {
            throw StreamEventError(
                line: carriedLine, column: 1, offset: carriedOffset,
                message: "a record longer than \(maximumEventSize) bytes; the stream is refused")
        }
        carried.append(contentsOf: bytes)
    }

    /// One record's bytes (a line, or what follows a record separator), starting at stream `line`/`offset`.
    private mutating func record(
        _ bytes: UnsafeRawBufferPointer, line: Int, offset: Int, _ emit: (StreamEvent) -> Void
    ) {
        guard bytes.contains(where: { !isJSONWhitespace($0) }) else { return }
        // Text before the first separator of a JSON sequence is not a record (RFC 7464 §2.1: skipped).
        if format == .jsonSequence, !inRecord { return }
        var event = StreamEvent(
            index: nextIndex, data: String(decoding: Self.trimmed(bytes), as: UTF8.self), line: line, offset: offset)
        do {
            event.document = try JSONDocument(parsing: Array(bytes))
        } catch {
            event.error = StreamEventError(
                line: line + error.line - 1, column: error.column, offset: offset + error.offset,
                message: error.message)
        }
        nextIndex += 1
        emit(event)
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isJSONWhitespace(bytes[start]) { start += 1 }
        while end > start, isJSONWhitespace(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// Whether data starting with `first` may be a JSON text worth parsing: an object, array,
    /// string or number, or exactly `true`, `false` or `null`.
    static func mayStartJSON(_ first: UInt8, _ data: [UInt8]) -> Bool {
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let word = data.filter { !isJSONWhitespace($0) }
            return word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8)
                || word.elementsEqual("null".utf8)
        default:
            return false
        }
    }
}
