public import APIMapping

/// What a streamed response body was, once it ended: its size and end, and what its reader made
/// of it (a saved file and its digest, or the events of a stream).
///
/// ```swift
/// let record = try await transport.send(request)   // request.bodyHandler set
/// record.stream?.byteCount        // 314572800
/// record.stream?.sha256           // "9f86d0…"
/// record.stream?.events?.count    // for an event stream: every event seen
/// ```
public struct StreamedBody: Sendable {
    /// The body bytes read (decoded).
    public var byteCount: Int
    /// How the body ended.
    public var end: StreamEnd
    /// Whether the record's body holds every byte (a small saved body is also kept whole, and parsed).
    public var isWhole: Bool
    /// Where the body was saved, for a download.
    public var savedTo: String?
    /// The SHA-256 of the saved bytes, in lower-case hex.
    public var sha256: String?
    /// The events of an event stream.
    public var events: EventStreamRecord?

    /// Creates a summary.
    ///
    /// - Parameters:
    ///   - byteCount: The body bytes read.
    ///   - end: How the body ended.
    ///   - isWhole: Whether the record holds every byte.
    ///   - savedTo: Where the body was saved.
    ///   - sha256: The digest of the saved bytes.
    ///   - events: The events of an event stream.
    public init(
        byteCount: Int, end: StreamEnd, isWhole: Bool, savedTo: String? = nil, sha256: String? = nil,
        events: EventStreamRecord? = nil
    ) {
        self.byteCount = byteCount
        self.end = end
        self.isWhole = isWhole
        self.savedTo = savedTo
        self.sha256 = sha256
        self.events = events
    }
}

/// The events an event stream delivered: the newest ones kept (a bounded window), and how many
/// there were in all.
///
/// ```swift
/// record.kept.count     // 1000
/// record.count          // 25000
/// record.dropped        // 24000: the oldest, not kept
/// ```
public struct EventStreamRecord: Sendable {
    /// The stream's format.
    public var format: StreamFormat
    /// The newest events, oldest first, at most the reader's window.
    public var kept: [StreamEvent]
    /// Every event delivered, kept or not.
    public var count: Int
    /// Times the stream was reopened after it broke (server-sent events).
    public var reconnects: Int
    /// The last event ID when the stream ended (server-sent events).
    public var lastEventID: String?
    /// Comment lines seen (server-sent events).
    public var comments: Int
    /// The reconnection time the stream set with `retry:`, in milliseconds (server-sent events).
    public var reconnectionTime: Int?

    /// Events delivered and not kept.
    public var dropped: Int { count - kept.count }

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - format: The stream's format.
    ///   - kept: The events kept.
    ///   - count: The events delivered.
    ///   - reconnects: The reconnections.
    ///   - lastEventID: The last event ID.
    ///   - comments: The comment lines.
    ///   - reconnectionTime: The reconnection time the stream set.
    public init(
        format: StreamFormat, kept: [StreamEvent], count: Int, reconnects: Int = 0, lastEventID: String? = nil,
        comments: Int = 0, reconnectionTime: Int? = nil
    ) {
        self.reconnectionTime = reconnectionTime
        self.format = format
        self.kept = kept
        self.count = count
        self.reconnects = reconnects
        self.lastEventID = lastEventID
        self.comments = comments
    }
}
