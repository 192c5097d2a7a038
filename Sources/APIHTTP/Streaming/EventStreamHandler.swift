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
    private var kept: [StreamEvent]
    private var keptStart = 0
    private var count: Int
    private let reconnects: Int
    private let earlierComments: Int
    private let earlierReconnectionTime: Int?
    private var raw: [UInt8] = []
    private var byteCount = 0
    /// Server-sent events kept as drafts when the events are heard as JSON lines: a ring after `kept`.
    private var keptDrafts: [StreamEventDraft] = []
    private var keptDraftsStart = 0
    /// The chunk's JSON lines, for ``EventStreamOptions/onJSONLines``.
    private var lines: [UInt8] = []
    private var scratch = JSONScratch()

    init(
        format: StreamFormat, options: EventStreamOptions, resume: EventStreamResume?, maximumEventSize: Int,
        evaluate: @escaping @Sendable (StreamEvent) -> EvaluatedStreamEvent
    ) {
        decoder = EventStreamDecoder(
            format: format, firstIndex: resume?.count ?? 0, lastEventID: resume?.lastEventID ?? "",
            maximumEventSize: maximumEventSize)
        self.options = options
        self.evaluate = evaluate
        kept = resume?.kept ?? []
        count = resume?.count ?? 0
        reconnects = resume?.reconnects ?? 0
        earlierComments = resume?.comments ?? 0
        earlierReconnectionTime = resume?.reconnectionTime
    }

    func read(_ bytes: UnsafeRawBufferPointer) throws(ResponseStreamError) -> StreamDecision {
        byteCount += bytes.count
        if raw.count < Self.keptRawBytes {
            raw.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes.prefix(Self.keptRawBytes - raw.count)))
        }
        var stop = false
        let asLines = options.onJSONLines != nil
        do {
            try decoder.feed(bytes) { draft in
                guard !stop else { return }
                stop = asLines ? deliver(draft) : deliver(draft.makeEvent())
            } events: { event in
                guard !stop else { return }
                stop = deliver(event)
            }
        } catch {
            throw ResponseStreamError(kind: .invalidContent, message: error.description)
        }
        endBatch()
        return stop ? .stop : .more
    }

    /// Hands an event on and keeps it; whether the stream has reached its most events.
    private func deliver(_ event: StreamEvent) -> Bool {
        count += 1
        if options.keptEvents > 0 {
            if kept.count < options.keptEvents {
                kept.append(event)
            } else {
                // A ring: the oldest kept event makes room for the newest.
                kept[keptStart] = event
                keptStart = (keptStart + 1) % kept.count
            }
        }
        if options.onJSONLines != nil {
            event.appendJSON(to: &lines)
            lines.append(0x0A)
        } else {
            options.onEvent?(evaluate(event))
        }
        return reachedMaximum
    }

    /// Writes a server-sent event's JSON line and keeps its draft, when the events are heard as
    /// JSON lines; whether the stream has reached its most events.
    private func deliver(_ draft: StreamEventDraft) -> Bool {
        count += 1
        if options.keptEvents > 0 {
            if keptDrafts.count < options.keptEvents {
                var slot = StreamEventDraft()
                slot.assign(draft)
                keptDrafts.append(slot)
            } else {
                keptDrafts[keptDraftsStart].assign(draft)
                keptDraftsStart = (keptDraftsStart + 1) % keptDrafts.count
            }
        }
        if !draft.appendJSON(to: &lines, scratch: &scratch) { draft.makeEvent().appendJSON(to: &lines) }
        lines.append(0x0A)
        return reachedMaximum
    }

    private var reachedMaximum: Bool {
        guard let maximum = options.maximumEvents else { return false }
        return count >= maximum
    }

    /// Hands on the chunk's JSON lines, then says the chunk's events were all handed on.
    private func endBatch() {
        if let onJSONLines = options.onJSONLines, !lines.isEmpty {
            lines.withUnsafeBytes { onJSONLines($0) }
            lines.removeAll(keepingCapacity: true)
        }
        options.onBatchEnd?()
    }

    /// The newest kept events, oldest first: the kept events (a reconnection's earlier ones, or
    /// every kept one when events are heard one by one), then the kept drafts, made events.
    private var keptInOrder: [StreamEvent] {
        let events = kept[keptStart...] + kept[..<keptStart]
        guard !keptDrafts.isEmpty else { return Array(events) }
        let drafts = (keptDrafts[keptDraftsStart...] + keptDrafts[..<keptDraftsStart]).map { $0.makeEvent() }
        return Array((events + drafts).suffix(options.keptEvents))
    }

    func finish(_ end: StreamEnd) throws(ResponseStreamError) -> (body: [UInt8], summary: StreamedBody) {
        if end == .complete || end == .timeLimit || end == .stopped {
            // A last JSON line without its line feed still counts; a pending server-sent event is
            // discarded, as the standard says. Only the transport tells a broken stream (a connection
            // lost before the body's end) from one that ended: a clean end is complete.
            _ = decoder.finish { event in _ = deliver(event) }
        }
        endBatch()
        let record = EventStreamRecord(
            format: decoder.format, kept: keptInOrder, count: count, reconnects: reconnects,
            lastEventID: decoder.lastEventID, comments: earlierComments + decoder.comments,
            reconnectionTime: decoder.reconnectionTime ?? earlierReconnectionTime)
        return (
            raw,
            StreamedBody(
                byteCount: byteCount, end: end, isWhole: byteCount <= raw.count, events: record)
        )
    }
}
