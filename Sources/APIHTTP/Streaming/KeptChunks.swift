import APIMapping

/// The newest events of a server-sent event stream heard as JSON lines, kept as the chunks they came
/// in rather than one by one.
///
/// Copying each event into a ring as it passes cost a tenth of a fast stream's time, for the few
/// that survive to the end. Instead each chunk is kept with the decoder as it was before it, and the
/// oldest chunk is let go once the chunks after it hold at least `limit` events. At the end the kept
/// chunks are decoded again from the oldest one's decoder: decoding is deterministic, so the events
/// made are the ones the stream had, with the same indexes, lines and offsets.
///
/// Memory stays what the ring held: the newest `limit` events, plus the rest of the chunks they
/// share (and the decoder's own state per chunk).
struct KeptChunks {
    private struct Chunk {
        /// The decoder before the chunk.
        var decoder: EventStreamDecoder
        var bytes: [UInt8]
        /// The events delivered before the chunk.
        var countBefore: Int
    }

    /// The most events kept.
    let limit: Int
    private var chunks: [Chunk] = []
    /// The oldest chunk still kept; those before it are let go (compacted away now and then).
    private var start = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Keeps a chunk, before `decoder` reads it, and lets go of the chunks no longer needed.
    ///
    /// - Parameters:
    ///   - bytes: The chunk.
    ///   - decoder: The decoder about to read it.
    ///   - count: The events delivered before it.
    mutating func keep(_ bytes: UnsafeRawBufferPointer, before decoder: EventStreamDecoder, count: Int) {
        chunks.append(Chunk(decoder: decoder.detachedCopy, bytes: Array(bytes), countBefore: count))
        // The chunks from the second-oldest on hold `count - countBefore` events already, and more
        // once this one is read: when that reaches the limit, the oldest holds no kept event.
        while chunks.count - start >= 2, count - chunks[start + 1].countBefore >= limit {
            chunks[start] = Chunk(decoder: chunks[start].decoder, bytes: [], countBefore: 0)
            start += 1
        }
        if start > 64, start * 2 > chunks.count {
            chunks.removeFirst(start)
            start = 0
        }
    }

    /// The bytes the kept chunks hold: their own and their decoders' buffers.
    var retainedBytes: Int {
        chunks[start...].reduce(0) { $0 + $1.bytes.capacity + $1.decoder.bufferCapacity }
    }

    /// The newest `limit` of the first `count` events, oldest first, made by decoding the kept
    /// chunks again.
    func events(count: Int) -> [StreamEvent] {
        guard start < chunks.count else { return [] }
        var decoder = chunks[start].decoder
        let first = count - limit
        var events: [StreamEvent] = []
        for chunk in chunks[start...] {
            do {
                try chunk.bytes.withUnsafeBytes { bytes in
                    try decoder.feed(bytes) { draft in
                        if draft.index >= first, draft.index < count { events.append(draft.makeEvent()) }
                    } events: { event in
                        if event.index >= first, event.index < count { events.append(event) }
                    }
                }
            } catch {
                // The stream's own reading stopped at this same error, after the events before it:
                // those are all that were counted.
                break
            }
        }
        return events
    }
}
