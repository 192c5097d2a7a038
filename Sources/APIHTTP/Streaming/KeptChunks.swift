import APIMapping

/// The newest events of a server-sent event stream heard as JSON lines, kept as the chunks they came
/// in rather than one by one.
///
/// Copying each event into a ring as it passes cost a tenth of a fast stream's time, for the few
/// that survive to the end. Instead each chunk is kept with a copy of the decoder as it was before
/// it, and at the end the kept chunks are decoded again. Decoding is deterministic, so the events
/// made are the ones the stream had, with the same indexes, lines and offsets.
///
/// What is kept stays bounded:
/// - A chunk that completed no event is let go (comments, keep-alives), unless a later chunk is
///   decoded on from it.
/// - The oldest chunks are let go once the chunks after them hold `limit` events.
/// - The decoder is copied only while the event it is inside of holds at most
///   ``largestCopiedPending`` bytes; a chunk inside a larger event is decoded on from the chunk
///   before it instead, so a large event arriving in many chunks is kept once (as those chunks), not
///   copied again with each.
struct KeptChunks {
    private struct Chunk {
        /// The decoder before the chunk; `nil` when the chunk is decoded on from the one before it.
        var decoder: EventStreamDecoder?
        var bytes: [UInt8]
        /// The events delivered before the chunk.
        var countBefore: Int
    }

    /// The most bytes of a pending event the decoder is copied with.
    static let largestCopiedPending = 64 * 1024

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
        let copy = decoder.pendingBytes <= Self.largestCopiedPending ? decoder.detachedCopy : nil
        if copy != nil {
            // The chunks since the last event completed none, and this one does not go on from them.
            while chunks.count > start, chunks[chunks.count - 1].countBefore == count { chunks.removeLast() }
        }
        chunks.append(Chunk(decoder: copy, bytes: Array(bytes), countBefore: count))
        // The oldest chunks up to the next one decoded on its own hold no kept event once the
        // chunks from that one on hold the limit.
        while let next = chunks[(start + 1)...].firstIndex(where: { $0.decoder != nil }),
            count - chunks[next].countBefore >= limit
        {
            for index in start..<next { chunks[index] = Chunk(decoder: nil, bytes: [], countBefore: 0) }
            start = next
        }
        if start > 64, start * 2 > chunks.count {
            chunks.removeFirst(start)
            start = 0
        }
    }

    /// The bytes the kept chunks hold: their own and their decoders' buffers.
    var retainedBytes: Int {
        chunks[start...].reduce(0) { $0 + $1.bytes.capacity + ($1.decoder?.bufferCapacity ?? 0) }
    }

    /// The newest `limit` of the first `count` events, oldest first, made by decoding the kept
    /// chunks again.
    func events(count: Int) -> [StreamEvent] {
        let first = count - limit
        var events: [StreamEvent] = []
        var running: EventStreamDecoder?
        for chunk in chunks[start...] {
            if let copy = chunk.decoder { running = copy }
            // The oldest kept chunk always has its decoder.
            guard var decoder = running else { continue }
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
            running = decoder
        }
        return events
    }
}
