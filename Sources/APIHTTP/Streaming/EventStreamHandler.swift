public import APIMapping

/// Reads event-stream bodies event by event as they arrive: server-sent events
/// (`text/event-stream`), JSON Lines (`application/x-ndjson`, `application/jsonl`…) and JSON text
/// sequences (`application/json-seq`). Any other body is left to be collected whole.
///
/// Each event reaches ``EventStreamOptions/onEvent`` the moment its last byte is in (or, heard as
/// JSON lines, the package's `onJSONLines` gets its line with its chunk's others); the record
/// keeps the newest ``EventStreamOptions/keptEvents`` of them (the count says how many were
/// dropped) and the first bytes of the raw stream. The stream ends when the server ends it, after
/// ``EventStreamOptions/maximumEvents``, at ``EventStreamOptions/timeLimit`` (else the request's total
/// timeout), or when its ``StreamControl`` stops it; none of these is an error. A connection that
/// breaks also ends it, as ``StreamEnd/broken(_:)``: APIClient's `ProfileClient` then reconnects a server-sent
/// event stream as the standard says.
///
/// ```swift
/// var options = EventStreamOptions()
/// options.maximumEvents = 10
/// options.onEvent = { event in print(event.event.jsonObject.jsonText()) }
/// request.bodyHandler = EventStreamHandler(options: options, resume: nil) { $0 }
/// ```
public struct EventStreamHandler: ResponseBodyHandler {
    /// Limits and listeners.
    public let options: EventStreamOptions
    /// Where a reconnection carries on: the events counted so far and the last event ID.
    public let resume: EventStreamResume?
    /// The largest event accepted, in bytes.
    public let maximumEventSize: Int
    private let evaluate: @Sendable (StreamEvent) -> EvaluatedStreamEvent

    /// Creates a handler.
    ///
    /// - Parameters:
    ///   - options: Limits and listeners.
    ///   - resume: The state a reconnection carries on from; `nil` for a first connection.
    ///   - maximumEventSize: The largest event accepted, in bytes (the body-size cap applies per event).
    ///   - evaluate: Turns each event into what listeners get (the envelope applied to its data, when asked).
    public init(
        options: EventStreamOptions, resume: EventStreamResume?, maximumEventSize: Int,
        evaluate: @escaping @Sendable (StreamEvent) -> EvaluatedStreamEvent
    ) {
        self.options = options
        self.resume = resume
        self.maximumEventSize = maximumEventSize
        self.evaluate = evaluate
    }

    public var timeLimit: Duration? { options.timeLimit }
    public var control: StreamControl? { options.control }

    public func reader(for head: ResponseHead) throws(ResponseStreamError) -> (any ResponseBodyReader)? {
        guard (200..<300).contains(head.status), let type = head.header("content-type"),
            let format = StreamFormat(mediaType: type)
        else { return nil }
        return EventStreamReader(
            format: format, options: options, resume: resume, maximumEventSize: maximumEventSize, evaluate: evaluate)
    }
}

/// What a reconnection carries over from the connection that broke.
public struct EventStreamResume: Sendable {
    /// The events delivered so far, kept or not.
    public var count: Int
    /// The events kept so far.
    public var kept: [StreamEvent]
    /// The last event ID, sent as `Last-Event-ID`.
    public var lastEventID: String
    /// The reconnections so far.
    public var reconnects: Int
    /// The comment lines seen so far.
    public var comments: Int
    /// The reconnection time set so far, in milliseconds.
    public var reconnectionTime: Int?

    /// Carries on from a record.
    ///
    /// - Parameter record: What the broken connection delivered.
    public init(_ record: EventStreamRecord) {
        count = record.count
        kept = record.kept
        lastEventID = record.lastEventID ?? ""
        reconnects = record.reconnects
        comments = record.comments
        reconnectionTime = record.reconnectionTime
    }
}

/// Reads one stream body.
final class EventStreamReader: ResponseBodyReader {
    /// The raw bytes the record keeps, for the raw view.
    static let keptRawBytes = 64 * 1024

    private var decoder: EventStreamDecoder
    private let options: EventStreamOptions
    private let evaluate: @Sendable (StreamEvent) -> EvaluatedStreamEvent
    /// What the events so far left behind. Each chunk works on it as a local value (see ``read(_:)``).
    private var delivery: Delivery
    /// Server-sent events heard as JSON lines: the newest kept as the chunks they came in.
    private var keptChunks: KeptChunks?
    private let reconnects: Int
    private let earlierComments: Int
    private let earlierReconnectionTime: Int?
    private var raw: [UInt8] = []
    private var byteCount = 0

    init(
        format: StreamFormat, options: EventStreamOptions, resume: EventStreamResume?, maximumEventSize: Int,
        evaluate: @escaping @Sendable (StreamEvent) -> EvaluatedStreamEvent
    ) {
        decoder = EventStreamDecoder(
            format: format, firstIndex: resume?.count ?? 0, lastEventID: resume?.lastEventID ?? "",
            maximumEventSize: maximumEventSize)
        self.options = options
        self.evaluate = evaluate
        delivery = Delivery(
            count: resume?.count ?? 0, kept: resume?.kept ?? [], keptEvents: options.keptEvents,
            maximumEvents: options.maximumEvents)
        if options.onJSONLines != nil, format == .serverSentEvents, options.keptEvents > 0 {
            keptChunks = KeptChunks(limit: options.keptEvents)
        }
        reconnects = resume?.reconnects ?? 0
        earlierComments = resume?.comments ?? 0
        earlierReconnectionTime = resume?.reconnectionTime
    }

    func read(_ bytes: UnsafeRawBufferPointer) throws(ResponseStreamError) -> StreamDecision {
        byteCount += bytes.count
        if raw.count < Self.keptRawBytes {
            raw.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes.prefix(Self.keptRawBytes - raw.count)))
        }
        keptChunks?.keep(bytes, before: decoder, count: delivery.count)
        // The chunk's events work on a local value, not on this object's properties: each access to
        // a class's stored property is checked for exclusivity at run time, several times an event.
        var delivery = Delivery.empty
        swap(&delivery, &self.delivery)
        defer { swap(&delivery, &self.delivery) }
        var stop = false
        let onEvent = options.onEvent
        let evaluate = evaluate
        do {
            if options.onJSONLines != nil {
                try decoder.feed(bytes) { draft in
                    guard !stop else { return }
                    stop = delivery.writeLine(draft)
                } events: { event in
                    guard !stop else { return }
                    stop = delivery.writeLine(event)
                }
            } else {
                try decoder.feed(bytes) { draft in
                    guard !stop else { return }
                    let event = draft.makeEvent()
                    stop = delivery.keep(event)
                    onEvent?(evaluate(event))
                } events: { event in
                    guard !stop else { return }
                    stop = delivery.keep(event)
                    onEvent?(evaluate(event))
                }
            }
        } catch {
            throw ResponseStreamError(kind: .invalidContent, message: error.description)
        }
        endBatch(&delivery)
        return stop ? .stop : .more
    }

    /// Hands on the chunk's JSON lines, then says the chunk's events were all handed on.
    private func endBatch(_ delivery: inout Delivery) {
        if let onJSONLines = options.onJSONLines, !delivery.lines.isEmpty {
            delivery.lines.withUnsafeBytes { onJSONLines($0) }
            delivery.lines.removeAll(keepingCapacity: true)
        }
        options.onBatchEnd?()
    }

    func finish(_ end: StreamEnd) throws(ResponseStreamError) -> (body: [UInt8], summary: StreamedBody) {
        var delivery = Delivery.empty
        swap(&delivery, &self.delivery)
        defer { swap(&delivery, &self.delivery) }
        if end == .complete || end == .timeLimit || end == .stopped {
            // A last JSON line without its line feed still counts; a pending server-sent event is
            // discarded, as the standard says. Only the transport tells a broken stream (a connection
            // lost before the body's end) from one that ended: a clean end is complete.
            let asLines = options.onJSONLines != nil
            _ = decoder.finish { event in
                if asLines {
                    _ = delivery.writeLine(event)
                } else {
                    _ = delivery.keep(event)
                    options.onEvent?(evaluate(event))
                }
            }
        }
        endBatch(&delivery)
        // The kept events: a reconnection's earlier ones or those kept one by one, then those of the
        // kept chunks.
        var kept = delivery.keptInOrder
        if let keptChunks {
            kept = Array((kept + keptChunks.events(count: delivery.count)).suffix(options.keptEvents))
        }
        let record = EventStreamRecord(
            format: decoder.format, kept: kept, count: delivery.count, reconnects: reconnects,
            lastEventID: decoder.lastEventID, comments: earlierComments + decoder.comments,
            reconnectionTime: decoder.reconnectionTime ?? earlierReconnectionTime)
        return (
            raw,
            StreamedBody(
                byteCount: byteCount, end: end, isWhole: byteCount <= raw.count, events: record)
        )
    }
}

extension EventStreamReader {
    /// The events delivered so far: their count, those kept one by one, and the chunk's JSON lines.
    struct Delivery {
        static var empty: Delivery { Delivery(count: 0, kept: [], keptEvents: 0, maximumEvents: nil) }

        var count: Int
        /// A ring of the newest events kept one by one (or a reconnection's earlier ones).
        private var kept: [StreamEvent]
        private var keptStart = 0
        private let keptEvents: Int
        private let maximumEvents: Int?
        /// The chunk's JSON lines, for ``EventStreamOptions/onJSONLines``.
        var lines: [UInt8] = []
        private var scratch = JSONScratch()

        init(count: Int, kept: [StreamEvent], keptEvents: Int, maximumEvents: Int?) {
            self.count = count
            self.kept = kept
            self.keptEvents = keptEvents
            self.maximumEvents = maximumEvents
        }

        private var reachedMaximum: Bool {
            guard let maximumEvents else { return false }
            return count >= maximumEvents
        }

        /// Counts and keeps an event heard one by one; whether the stream has reached its most events.
        mutating func keep(_ event: StreamEvent) -> Bool {
            count += 1
            guard keptEvents > 0 else { return reachedMaximum }
            if kept.count < keptEvents {
                kept.append(event)
            } else {
                // A ring: the oldest kept event makes room for the newest.
                kept[keptStart] = event
                keptStart = (keptStart + 1) % kept.count
            }
            return reachedMaximum
        }

        /// Counts, keeps and writes the JSON line of a JSON text (JSON Lines, JSON sequences); whether
        /// the stream has reached its most events.
        mutating func writeLine(_ event: StreamEvent) -> Bool {
            let reached = keep(event)
            event.appendJSON(to: &lines)
            lines.append(0x0A)
            return reached
        }

        /// Counts and writes the JSON line of a server-sent event, kept by ``KeptChunks``; whether the
        /// stream has reached its most events.
        mutating func writeLine(_ draft: StreamEventDraft) -> Bool {
            count += 1
            if !draft.appendJSON(to: &lines, scratch: &scratch) { draft.makeEvent().appendJSON(to: &lines) }
            lines.append(0x0A)
            return reachedMaximum
        }

        /// The events kept one by one, oldest first.
        var keptInOrder: [StreamEvent] {
            Array(kept[keptStart...] + kept[..<keptStart])
        }
    }
}
