/// Cuts a stream body into events in any ``StreamFormat``: the one entry point over
/// ``ServerSentEventParser`` and ``JSONLinesParser``.
///
/// ```swift
/// var decoder = EventStreamDecoder(format: .jsonLines)
/// for chunk in chunks {
///     try chunk.withUnsafeBytes { try decoder.feed($0) { print($0.jsonObject.jsonText()) } }
/// }
/// let brokeMidEvent = decoder.finish { print($0.jsonObject.jsonText()) }
/// ```
public struct EventStreamDecoder: Sendable {
    /// The stream's format.
    public let format: StreamFormat
    private var events: ServerSentEventParser?
    private var lines: JSONLinesParser?

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - format: The stream's format.
    ///   - firstIndex: The index of the first event (events read before a reconnection).
    ///   - lastEventID: Server-sent events: the last event ID carried over from the previous connection.
    ///   - maximumEventSize: The largest event (line, data or record) accepted, in bytes.
    public init(format: StreamFormat, firstIndex: Int = 0, lastEventID: String = "", maximumEventSize: Int = 16 << 20) {
        self.format = format
        switch format {
        case .serverSentEvents:
            events = ServerSentEventParser(
                firstIndex: firstIndex, lastEventID: lastEventID, maximumEventSize: maximumEventSize)
        case .jsonLines, .jsonSequence:
            lines = JSONLinesParser(format: format, firstIndex: firstIndex, maximumEventSize: maximumEventSize)
        }
    }

    /// The index the next event gets.
    public var nextIndex: Int { events?.nextIndex ?? lines?.nextIndex ?? 0 }
    /// Server-sent events: the last event ID buffer (empty when none was set); `nil` for other formats.
    public var lastEventID: String? { events?.lastEventID }
    /// Server-sent events: the reconnection time the stream set with `retry:`, in milliseconds.
    public var reconnectionTime: Int? { events?.reconnectionTime }
    /// Server-sent events: the comment lines seen.
    public var comments: Int { events?.comments ?? 0 }

    /// A copy to keep beside the stream, its buffers holding only their contents in storage of their
    /// own (``ServerSentEventParser/detachedCopy``).
    package var detachedCopy: EventStreamDecoder {
        var copy = self
        copy.events = events?.detachedCopy
        return copy
    }

    /// Server-sent events: the bytes of the event being read and of a line not yet ended; 0 for other
    /// formats.
    package var pendingBytes: Int { events?.pendingBytes ?? 0 }

    /// The bytes of storage a server-sent event parser's buffers hold, used or not; 0 for other formats.
    package var bufferCapacity: Int { events?.bufferCapacity ?? 0 }

    /// Reads the next chunk, handing on each event it completes.
    ///
    /// - Throws: ``StreamEventError`` when an event grows past the size limit.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (StreamEvent) -> Void) throws(StreamEventError) {
        if events != nil {
            try events?.feed(bytes, emit)
        } else {
            try lines?.feed(bytes, emit)
        }
    }

    /// Reads the next chunk as ``feed(_:_:)`` does, handing on server-sent events as the parser
    /// holds them (``ServerSentEventParser/feedDrafts(_:_:)``) and JSON texts as events.
    ///
    /// - Parameters:
    ///   - bytes: The chunk.
    ///   - drafts: Receives each server-sent event, valid only during the call.
    ///   - events: Receives each JSON text of JSON Lines or a JSON sequence.
    /// - Throws: ``StreamEventError`` when an event grows past the size limit.
    package mutating func feed(
        _ bytes: UnsafeRawBufferPointer, drafts: (StreamEventDraft) -> Void, events emit: (StreamEvent) -> Void
    ) throws(StreamEventError) {
        if events != nil {
            try events?.feedDrafts(bytes, drafts)
        } else {
            try lines?.feed(bytes, emit)
        }
    }

    /// The stream ended: a last JSON line is read; a pending server-sent event is discarded.
    ///
    /// - Parameter emit: Receives a last JSON line's event.
    /// - Returns: Whether a server-sent event was pending: the stream broke off inside it.
    public mutating func finish(_ emit: (StreamEvent) -> Void) -> Bool {
        if events != nil { return events?.finish() ?? false }
        lines?.finish(emit)
        return false
    }
}
