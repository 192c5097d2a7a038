import APIMapping
import Synchronization
import Testing

@testable import APIHTTP

/// The event-stream reader heard as JSON lines (`onJSONLines`, what `request` prints from) and heard
/// event by event (`onEvent`) print the same lines and keep the same newest events, when the ring of
/// kept events wraps, after a reconnection's earlier events, for JSON Lines, for chunks from a byte
/// to the whole stream (heard as lines, server-sent events are kept as chunks and decoded again at
/// the end), and when the most events stop the stream inside a chunk.
struct EventStreamReaderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var mediaType = "text/event-stream"
        var keptEvents: Int
        /// Events kept from a connection before this one, as a reconnection carries them.
        var earlier = 0
        /// The size of the chunks the body arrives in.
        var chunkSize = 37
        /// The most events read (counted with a reconnection's earlier ones).
        var maximumEvents: Int?
        var testDescription: String { name }

        /// The events the stream delivers.
        var delivered: Int { min(12 + earlier, maximumEvents ?? .max) }
    }

    static let cases: [Case] = [
        Case(name: "every event kept", keptEvents: 1000),
        Case(name: "the ring wraps", keptEvents: 3),
        Case(name: "none kept", keptEvents: 0),
        Case(name: "after a reconnection, fewer new events than kept", keptEvents: 40, earlier: 5),
        Case(name: "after a reconnection, the ring wraps", keptEvents: 4, earlier: 3),
        Case(name: "JSON Lines", mediaType: "application/x-ndjson", keptEvents: 3),
        Case(name: "one byte at a time, the ring wraps", keptEvents: 3, chunkSize: 1),
        Case(name: "one chunk, the ring wraps", keptEvents: 5, chunkSize: 4096),
        Case(name: "chunks of about two events", keptEvents: 2, chunkSize: 70),
        Case(name: "the most events stop inside a chunk", keptEvents: 4, chunkSize: 4096, maximumEvents: 7),
        Case(name: "the most events stop, fewer than kept", keptEvents: 40, chunkSize: 50, maximumEvents: 9),
        Case(
            name: "the most events stop after a reconnection", keptEvents: 6, earlier: 3, chunkSize: 90,
            maximumEvents: 10),
        Case(
            name: "JSON Lines stop inside a chunk", mediaType: "application/x-ndjson", keptEvents: 2, chunkSize: 4096,
            maximumEvents: 5),
    ]

    /// Twelve events, one of which does not parse, in the case's format (server-sent events then
    /// comments), cut into uneven chunks.
    static func chunks(_ testCase: Case) -> [[UInt8]] {
        var text = ""
        for index in 0..<12 {
            let data = index == 5 ? #"{"broken":"# : #"{"n":\#(index),"s":"é\u0001"}"#
            text += testCase.mediaType == "text/event-stream" ? "id: \(index)\ndata: \(data)\n\n" : "\(data)\n"
        }
        // Chunks after the last event that hold none.
        if testCase.mediaType == "text/event-stream" { text += ": the end\n\n: really\n\n" }
        let bytes = Array(text.utf8)
        let size = testCase.chunkSize
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    /// What a reader prints and keeps, heard as JSON lines or one by one.
    static func read(_ testCase: Case, asLines: Bool) throws -> (printed: String, kept: [String], count: Int) {
        let printed = Mutex([UInt8]())
        var options = EventStreamOptions()
        options.keptEvents = testCase.keptEvents
        options.maximumEvents = testCase.maximumEvents
        if asLines {
            options.onJSONLines = { lines in printed.withLock { $0.append(contentsOf: lines) } }
        } else {
            options.onEvent = { event in
                printed.withLock {
                    event.event.appendJSON(to: &$0)
                    $0.append(0x0A)
                }
            }
        }
        var resume: EventStreamResume?
        if testCase.earlier > 0 {
            let earlier = (0..<testCase.earlier).map {
                StreamEvent(index: $0, data: "earlier \($0)", line: 1, offset: 0)
            }
            resume = EventStreamResume(
                EventStreamRecord(
                    format: .serverSentEvents, kept: earlier, count: testCase.earlier, reconnects: 1,
                    lastEventID: "e", comments: 0, reconnectionTime: nil))
        }
        let handler = EventStreamHandler(options: options, resume: resume, maximumEventSize: 1 << 20) {
            EvaluatedStreamEvent(event: $0, evaluation: nil)
        }
        let head = ResponseHead(status: 200, headers: [("Content-Type", testCase.mediaType)], announcedLength: nil)
        let reader = try #require(try handler.reader(for: head))
        for chunk in chunks(testCase) {
            // As the transport does: no chunk is read after the reader says stop.
            guard try chunk.withUnsafeBytes({ try reader.read($0) }) == .more else { break }
        }
        let record = try #require(
            try reader.finish(testCase.maximumEvents == nil ? .complete : .stopped).summary.events)
        let kept = record.kept.map { "\(JSONValue.object($0.jsonObject).jsonText()) \($0.line):\($0.offset)" }
        return (printed.withLock { String(decoding: $0, as: UTF8.self) }, kept, record.count)
    }

    @Test(arguments: cases)
    func linesAndKeptEventsAgreeWithEventsHeardOneByOne(_ testCase: Case) throws {
        let lines = try Self.read(testCase, asLines: true)
        let events = try Self.read(testCase, asLines: false)
        #expect(lines.printed == events.printed)
        #expect(lines.printed.split(separator: "\n").count == testCase.delivered - testCase.earlier)
        #expect(lines.printed.contains(#""error":"#) == (testCase.delivered - testCase.earlier > 5))
        #expect(lines.kept == events.kept)
        #expect(lines.kept.count == min(testCase.keptEvents, testCase.delivered))
        // The newest are kept: the last one is the last delivered.
        if testCase.keptEvents > 0 {
            #expect(lines.kept.last?.hasPrefix(#"{"index":\#(testCase.delivered - 1),"#) == true, "\(lines.kept)")
        }
        #expect(lines.count == events.count)
        #expect(lines.count == testCase.delivered)
    }

    /// Every way of cutting the stream into chunks keeps the same newest events as hearing them one
    /// by one: chunks are let go of exactly when the ones after them hold enough events.
    @Test(arguments: [1, 2, 3, 5])
    func keptChunksKeepTheNewestForEveryChunkSize(_ keptEvents: Int) throws {
        for size in 1...120 {
            let testCase = Case(name: "\(size)-byte chunks", keptEvents: keptEvents, chunkSize: size)
            let lines = try Self.read(testCase, asLines: true)
            let events = try Self.read(testCase, asLines: false)
            #expect(lines.kept == events.kept, "chunks of \(size) bytes")
            #expect(lines.kept.count == keptEvents, "chunks of \(size) bytes")
        }
    }

    /// After one large event, the kept chunks hold no copy of its buffer: each keeps its decoder's
    /// buffers at their contents' size, not the large event's capacity a hundred times over.
    @Test func keptChunksHoldNoSpareCapacityAfterALargeEvent() throws {
        var decoder = EventStreamDecoder(format: .serverSentEvents)
        var kept = KeptChunks(limit: 100)
        var count = 0
        func feed(_ text: String) throws {
            try Array(text.utf8).withUnsafeBytes { bytes in
                kept.keep(bytes, before: decoder, count: count)
                try decoder.feed(bytes) { _ in
                    count += 1
                } events: { _ in
                    count += 1
                }
            }
        }
        try feed("data: " + String(repeating: "x", count: 1 << 20) + "\n\n")
        for index in 0..<500 { try feed("id: \(index)\ndata: {\"n\":\(index)}\n\n") }
        #expect(kept.retainedBytes < 256 * 1024, "\(kept.retainedBytes) bytes kept")
        let events = kept.events(count: count)
        #expect(events.count == 100)
        #expect(events.first?.id == "400")
        #expect(events.last?.id == "499")
    }

    /// The events and kept bytes of `text` cut into `size`-byte chunks, kept `limit` at a time, against
    /// the decoder's own events.
    static func keep(_ text: String, size: Int, limit: Int) throws -> (kept: [String], expected: [String], bytes: Int) {
        var decoder = EventStreamDecoder(format: .serverSentEvents)
        var kept = KeptChunks(limit: limit)
        var all: [String] = []
        let bytes = Array(text.utf8)
        for offset in stride(from: 0, to: bytes.count, by: size) {
            try Array(bytes[offset..<min(offset + size, bytes.count)]).withUnsafeBytes { chunk in
                kept.keep(chunk, before: decoder, count: all.count)
                try decoder.feed(chunk) { all.append(Self.describe($0)) }
            }
        }
        let events = kept.events(count: all.count).map(Self.describe)
        return (events, Array(all.suffix(limit)), kept.retainedBytes)
    }

    static func describe(_ event: StreamEvent) -> String {
        "\(JSONValue.object(event.jsonObject).jsonText()) \(event.line):\(event.offset)"
    }

    /// Chunks that complete no event (keep-alive comments) are let go: an endless run of them holds
    /// no more than the last one.
    @Test func chunksOfCommentsAreLetGo() throws {
        let text = "id: 1\ndata: a\n\ndata: b\n\n" + String(repeating: ": keep-alive\n\n", count: 20_000)
        let result = try Self.keep(text, size: 100, limit: 1000)
        #expect(result.kept == result.expected)
        #expect(result.kept.count == 2)
        #expect(result.bytes < 4096, "\(result.bytes) bytes kept")
    }

    /// A large event arriving in many chunks is kept as those chunks, decoded on from the one before
    /// it began, and made again whole, whether it is among the kept events or not.
    @Test(arguments: [5, 40])
    func aLargeEventInManyChunksIsMadeAgain(limit: Int) throws {
        var text = "data: first\n\nid: big\ndata: {\"x\":\"" + String(repeating: "y", count: 300_000) + "\"}\n\n"
        for index in 0..<30 { text += "data: {\"n\":\(index)}\n\n" }
        let result = try Self.keep(text, size: 1000, limit: limit)
        #expect(result.kept == result.expected)
        #expect(result.kept.count == min(limit, 32))
        // The large event's chunks once, not a copy of its data per chunk.
        #expect(result.bytes < 2_000_000, "\(result.bytes) bytes kept")
    }
}
