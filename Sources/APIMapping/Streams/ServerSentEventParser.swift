/// Reads a `text/event-stream` body as the WHATWG HTML standard's event stream interpretation
/// describes (§9.2.6), chunk by chunk, handing each event on as soon as its blank line arrives.
///
/// - Lines end with CRLF, LF or CR, also when the two bytes of a CRLF arrive in different chunks;
///   a leading UTF-8 byte order mark is skipped; bytes are decoded as UTF-8, invalid sequences
///   replaced.
/// - `field: value` (one space after the colon is dropped); a line without a colon is a field with
///   an empty value; a line starting with `:` is a comment (counted, otherwise ignored).
/// - `data` appends its value and a line feed to the data buffer; `event` sets the type; `id` sets
///   the last event ID unless the value holds U+0000 (it then stays for later events, as the
///   standard says); `retry` sets the reconnection time when the value is only ASCII digits;
///   other fields are ignored.
/// - A blank line dispatches the event, unless no `data` field was seen (then the type is reset
///   and nothing is dispatched). The last line feed of the data is removed.
/// - At the end of the stream a pending, undispatched event is discarded: ``finish()`` says so,
///   which is how a stream that broke mid-event is told from one that ended cleanly.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// try parser.feed(Array(": hello\nretry: 1500\nid: 1\ndata: first\ndata: second\n\n".utf8)) { event in
///     event.data   // "first\nsecond"
///     event.id     // "1"
/// }
/// parser.reconnectionTime   // 1500
/// parser.comments           // 1
/// ```
///
/// Memory is bounded: a line or an event's data longer than ``maximumEventSize`` is refused with a
/// located error instead of growing without end.
public struct ServerSentEventParser: Sendable {
    /// The event source's last event ID: what a reconnection sends as `Last-Event-ID`. The standard
    /// sets it from the last event ID buffer when an event is dispatched, so the `id` of an event
    /// the stream broke inside of is not sent.
    public var lastEventID: String { draft.id ?? "" }
    /// The last event ID buffer, which an `id` field sets. Bytes, swapped with the draft's own at a
    /// dispatch after an `id` field: a stream of many small events makes no string and no copy per
    /// event. After the swap it holds an older ID, which only a next `id` field overwrites.
    private var lastEventIDBuffer: [UInt8]
    /// Whether an `id` field set the buffer since the last dispatch.
    private var idChanged = false
    /// The reconnection time in milliseconds the stream set with `retry:`; `nil` until it does.
    public private(set) var reconnectionTime: Int?
    /// Comment lines seen.
    public private(set) var comments = 0
    /// The index the next event gets.
    public private(set) var nextIndex: Int
    /// The largest line or event data accepted, in bytes.
    public let maximumEventSize: Int

    /// The longest reconnection time kept, in milliseconds (a day): longer values are clamped.
    public static let longestReconnectionTime = 86_400_000

    private var carried: [UInt8] = []
    private var carriedStart = 0
    private var afterCR = false
    private var lineNumber = 1
    private var offset = 0
    /// The event being read: its data and type so far (the rest is set when it is dispatched).
    private var draft = StreamEventDraft()
    private var sawData = false
    private var eventStart: (line: Int, offset: Int)?

    /// Creates a parser for a stream, or for its continuation after a reconnection.
    ///
    /// - Parameters:
    ///   - firstIndex: The index of the first event (the count of events before a reconnection).
    ///   - lastEventID: The last event ID carried over from the previous connection.
    ///   - maximumEventSize: The largest line or event data accepted, in bytes.
    public init(firstIndex: Int = 0, lastEventID: String = "", maximumEventSize: Int = 16 << 20) {
        nextIndex = firstIndex
        lastEventIDBuffer = Array(lastEventID.utf8)
        draft.idBytes = lastEventIDBuffer
        draft.hasID = !lastEventIDBuffer.isEmpty
        self.maximumEventSize = max(1, maximumEventSize)
    }

    /// Reads the next chunk, dispatching every event it completes.
    ///
    /// - Parameters:
    ///   - bytes: The chunk.
    ///   - emit: Receives each event, in order.
    /// - Throws: ``StreamEventError`` when a line or an event grows past ``maximumEventSize``.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (StreamEvent) -> Void)
        throws(StreamEventError)
    {
        try feedDrafts(bytes) { emit($0.makeEvent()) }
    }

    /// Reads the next chunk, handing on each event it completes as the parser holds it: a reader
    /// that writes events out or keeps only some of them makes ``StreamEvent``s only of those.
    ///
    /// - Parameters:
    ///   - bytes: The chunk.
    ///   - emit: Receives each event, in order; the draft is valid only during the call.
    /// - Throws: ``StreamEventError`` when a line or an event grows past ``maximumEventSize``.
    package mutating func feedDrafts(_ bytes: UnsafeRawBufferPointer, _ emit: (StreamEventDraft) -> Void)
        throws(StreamEventError)
    {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else { return }
        let count = bytes.count
        var index = 0
        // The LF of a CRLF whose CR ended the previous chunk.
        if afterCR {
            afterCR = false
            if base[0] == 0x0A { index = 1 }
        }
        var lineStart = index
        while index < count {
            let byte = base[index]
            if byte != 0x0A && byte != 0x0D {
                index += 1
                continue
            }
            let segment = UnsafeRawBufferPointer(start: base + lineStart, count: index - lineStart)
            if carried.isEmpty {
                try processLine(segment, startingAt: offset + lineStart, emit)
            } else {
                try appendCarried(segment)
                var line: [UInt8] = []
                swap(&line, &carried)
                let start = carriedStart
                let processed = line.withUnsafeBytes { line in
                    Result { () throws(StreamEventError) in try processLine(line, startingAt: start, emit) }
                }
                try processed.get()
                line.removeAll(keepingCapacity: true)
                swap(&line, &carried)
            }
            lineNumber += 1
            if byte == 0x0D {
                if index + 1 < count {
                    if base[index + 1] == 0x0A { index += 1 }
                } else {
                    afterCR = true
                }
            }
            index += 1
            lineStart = index
        }
        if lineStart < count {
            if carried.isEmpty { carriedStart = offset + lineStart }
            try appendCarried(UnsafeRawBufferPointer(start: base + lineStart, count: count - lineStart))
        }
        offset += count
    }

    /// A copy to keep beside the stream (a reader keeping chunks to decode again): each of its
    /// buffers holds only its contents, in storage of its own. A plain copy would share the parser's
    /// buffers, and the parser's next write would then give the parser new ones of the same capacity,
    /// leaving the copy holding the old: after one large event, every kept copy would hold a buffer
    /// of that event's size.
    package var detachedCopy: ServerSentEventParser {
        var copy = self
        copy.carried = Self.detached(carried)
        copy.lastEventIDBuffer = Self.detached(lastEventIDBuffer)
        copy.draft.data = Self.detached(draft.data)
        copy.draft.idBytes = Self.detached(draft.idBytes)
        copy.draft.dataLines = Self.detached(draft.dataLines)
        return copy
    }

    /// The bytes of the event being read and of a line not yet ended.
    package var pendingBytes: Int { carried.count + draft.data.count }

    /// The bytes of storage the parser's buffers hold, used or not.
    package var bufferCapacity: Int {
        carried.capacity + lastEventIDBuffer.capacity + draft.data.capacity + draft.idBytes.capacity
            + draft.dataLines.capacity * MemoryLayout<StreamEventDraft.DataLine>.stride
    }

    private static func detached<Element>(_ array: [Element]) -> [Element] {
        array.withUnsafeBufferPointer { Array($0) }
    }

    /// The stream ended: a pending event and a partial line are discarded, as the standard says.
    ///
    /// - Returns: Whether anything was discarded: the stream broke off inside an event.
    public mutating func finish() -> Bool {
        let discarded = !carried.isEmpty || sawData || draft.type != nil || eventStart != nil
        carried.removeAll()
        resetEvent()
        return discarded
    }

    private mutating func appendCarried(_ bytes: UnsafeRawBufferPointer) throws(StreamEventError) {
        guard carried.count + bytes.count <= maximumEventSize else {
            throw StreamEventError(
                line: lineNumber, column: 1, offset: carriedStart,
                message: "a line longer than \(maximumEventSize) bytes; the stream is refused")
        }
        carried.append(contentsOf: bytes)
    }

    private mutating func resetEvent() {
        draft.data.removeAll(keepingCapacity: true)
        if !draft.dataLines.isEmpty { draft.dataLines.removeAll(keepingCapacity: true) }
        draft.type = nil
        sawData = false
        eventStart = nil
    }

    /// One line without its end, starting at stream byte `start`.
    private mutating func processLine(
        _ line: UnsafeRawBufferPointer, startingAt start: Int, _ emit: (StreamEventDraft) -> Void
    ) throws(StreamEventError) {
        var line = line
        var start = start
        if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) {
            line = UnsafeRawBufferPointer(rebasing: line[3...])
            start += 3
        }
        guard let first = line.first else {
            dispatch(emit)
            return
        }
        if first == UInt8(ascii: ":") {
            comments += 1
            return
        }
        if eventStart == nil { eventStart = (lineNumber, start) }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = UnsafeRawBufferPointer(rebasing: line[..<(colon ?? line.endIndex)])
        var valueStart = colon.map { $0 + 1 } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart...])
        switch field.count {
        case 4 where Self.isField(field, "data"):
            // The data lines are joined by line feeds (the standard appends one to each line and
            // removes the last at the dispatch; the limit counts it).
            let joinedStart = draft.data.count + (sawData ? 1 : 0)
            guard joinedStart + value.count + 1 <= maximumEventSize else {
                throw StreamEventError(
                    line: lineNumber, column: 1, offset: start,
                    message: "an event with more than \(maximumEventSize) bytes of data; the stream is refused")
            }
            // The characters before the value are `data:` and perhaps a space: one byte each.
            let place = StreamEventDraft.DataLine(
                line: lineNumber, offset: start + valueStart, column: valueStart, joinedStart: joinedStart)
            if sawData {
                draft.data.append(0x0A)
                draft.dataLines.append(place)
            } else {
                draft.firstDataLine = place
            }
            draft.data.append(contentsOf: value)
            sawData = true
        case 5 where Self.isField(field, "event"):
            draft.type = value.isEmpty ? nil : String(decoding: value, as: UTF8.self)
        case 2 where Self.isField(field, "id"):
            if !value.contains(0) {
                lastEventIDBuffer.removeAll(keepingCapacity: true)
                lastEventIDBuffer.append(contentsOf: value)
                idChanged = true
            }
        case 5 where Self.isField(field, "retry"):
            if !value.isEmpty, value.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                var milliseconds = 0
                for digit in value {
                    milliseconds = min(milliseconds * 10 + Int(digit - 0x30), Self.longestReconnectionTime)
                }
                reconnectionTime = milliseconds
            }
        default:
            break
        }
    }

    /// Whether the field name is `name`, byte for byte.
    @inline(__always)
    private static func isField(_ field: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        name.withUTF8Buffer { name in
            guard field.count == name.count else { return false }
            for index in 0..<name.count where field[index] != name[index] { return false }
            return true
        }
    }

    private mutating func dispatch(_ emit: (StreamEventDraft) -> Void) {
        defer { resetEvent() }
        // The last event ID is the draft's, kept between events; an `id` field since the last
        // dispatch set a new one.
        if idChanged {
            swap(&draft.idBytes, &lastEventIDBuffer)
            draft.hasID = !draft.idBytes.isEmpty
            idChanged = false
        }
        guard sawData else { return }
        draft.index = nextIndex
        draft.line = eventStart?.line ?? lineNumber
        draft.offset = eventStart?.offset ?? offset
        nextIndex += 1
        emit(draft)
    }
}

/// Space, tab, line feed or carriage return: JSON's whitespace.
@inline(__always)
func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}
