import APIMapping
import Synchronization
import Testing

@testable import APIHTTP

/// The event-stream reader heard as JSON lines (`onJSONLines`, what `request` prints from) and heard
/// event by event (`onEvent`) print the same lines and keep the same newest events, when the ring of
/// kept events wraps, after a reconnection's earlier events, and for JSON Lines.
struct EventStreamReaderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var mediaType = "text/event-stream"
        var keptEvents: Int
        /// Events kept from a connection before this one, as a reconnection carries them.
        var earlier = 0
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "every event kept", keptEvents: 1000),
        Case(name: "the ring wraps", keptEvents: 3),
        Case(name: "none kept", keptEvents: 0),
        Case(name: "after a reconnection, fewer new events than kept", keptEvents: 40, earlier: 5),
        Case(name: "after a reconnection, the ring wraps", keptEvents: 4, earlier: 3),
        Case(name: "JSON Lines", mediaType: "application/x-ndjson", keptEvents: 3),
    ]

    /// Twelve events, one of which does not parse, in the case's format, cut into uneven chunks.
    static func chunks(_ testCase: Case) -> [[UInt8]] {
        var text = ""
        for index in 0..<12 {
            let data = index == 5 ? #"{"broken":"# : #"{"n":\#(index),"s":"é\u0001"}"#
            text += testCase.mediaType == "text/event-stream" ? "id: \(index)\ndata: \(data)\n\n" : "\(data)\n"
        }
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: 37).map { Array(bytes[$0..<min($0 + 37, bytes.count)]) }
    }

    /// What a reader prints and keeps, heard as JSON lines or one by one.
    static func read(_ testCase: Case, asLines: Bool) throws -> (printed: String, kept: [String], count: Int) {
        let printed = Mutex([UInt8]())
        var options = EventStreamOptions()
        options.keptEvents = testCase.keptEvents
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
            _ = try chunk.withUnsafeBytes { try reader.read($0) }
        }
        let record = try #require(try reader.finish(.complete).summary.events)
        let kept = record.kept.map { "\(JSONValue.object($0.jsonObject).jsonText()) \($0.line):\($0.offset)" }
        return (printed.withLock { String(decoding: $0, as: UTF8.self) }, kept, record.count)
    }

    @Test(arguments: cases)
    func linesAndKeptEventsAgreeWithEventsHeardOneByOne(_ testCase: Case) throws {
        let lines = try Self.read(testCase, asLines: true)
        let events = try Self.read(testCase, asLines: false)
        #expect(lines.printed == events.printed)
        #expect(lines.printed.split(separator: "\n").count == 12)
        #expect(lines.printed.contains(#""error":"#))
        #expect(lines.kept == events.kept)
        #expect(lines.kept.count == min(testCase.keptEvents, 12 + testCase.earlier))
        #expect(lines.count == events.count)
        #expect(lines.count == 12 + testCase.earlier)
    }
}
