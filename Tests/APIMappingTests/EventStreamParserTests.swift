import APIMapping
import Testing

/// The event-stream parsers on their own: WHATWG HTML §9.2.6 for server-sent events, the NDJSON
/// spec, RFC 7464 for JSON sequences; every input also fed in pieces split at every byte.
struct EventStreamParserTests {
    /// Events from `text`, fed whole and then split in two at every position: the results must agree.
    static func events(_ text: String, format: StreamFormat) throws -> (events: [StreamEvent], pending: Bool) {
        let bytes = Array(text.utf8)
        let whole = try decode([bytes], format: format)
        for split in 0...bytes.count {
            let parts = try decode([Array(bytes[..<split]), Array(bytes[split...])], format: format)
            #expect(parts.events.map(\.data) == whole.events.map(\.data), "split at \(split)")
            #expect(parts.events.map(\.id) == whole.events.map(\.id), "split at \(split)")
            #expect(parts.events.map(\.type) == whole.events.map(\.type), "split at \(split)")
            #expect(parts.events.map(\.line) == whole.events.map(\.line), "split at \(split)")
            #expect(parts.events.map(\.offset) == whole.events.map(\.offset), "split at \(split)")
            #expect(parts.pending == whole.pending, "split at \(split)")
        }
        return whole
    }

    static func decode(_ chunks: [[UInt8]], format: StreamFormat) throws -> (events: [StreamEvent], pending: Bool) {
        var decoder = EventStreamDecoder(format: format)
        var events: [StreamEvent] = []
        for chunk in chunks {
            try chunk.withUnsafeBytes { try decoder.feed($0) { events.append($0) } }
        }
        let pending = decoder.finish { events.append($0) }
        return (events, pending)
    }

    struct SSECase: CustomStringConvertible, Sendable {
        var name: String
        var text: String
        var data: [String]
        var ids: [String?] = []
        var types: [String?] = []
        var pending = false
        /// The last event ID at the end: what a reconnection would send.
        var lastEventID = ""
        var description: String { name }
    }

    static let sseCases: [SSECase] = [
        SSECase(name: "multi-line data", text: "data: YHOO\ndata: +2\ndata: 10\n\n", data: ["YHOO\n+2\n10"]),
        SSECase(
            name: "ids set and reset", text: ": c\n\ndata: first\nid: 1\n\ndata:second\nid\n\ndata:  third\n\n",
            data: ["first", "second", " third"], ids: ["1", nil, nil]),
        SSECase(
            name: "an id without data sets the last event ID", text: "id: 3\n\ndata: x\n\ndata: y\n\n",
            data: ["x", "y"], ids: ["3", "3"], lastEventID: "3"),
        SSECase(
            name: "ids change, stay and change again",
            text: "id: a\ndata: 1\n\ndata: 2\n\nid: b\nid: c\ndata: 3\n\ndata: 4\n\n",
            data: ["1", "2", "3", "4"], ids: ["a", "a", "c", "c"], lastEventID: "c"),
        SSECase(
            name: "empty data and an unterminated last block", text: "data\n\ndata\ndata\n\ndata:",
            data: ["", "\n"], pending: true),
        SSECase(
            name: "CRLF and CR", text: "event: a\r\ndata: 1\r\n\revent: b\rdata: 2\r\r", data: ["1", "2"],
            types: ["a", "b"]),
        SSECase(name: "a byte order mark", text: "\u{FEFF}data: x\n\n", data: ["x"]),
        SSECase(
            name: "an id with NULL is ignored", text: "id: 5\ndata: a\n\nid: 6\u{0}\ndata: b\n\n", data: ["a", "b"],
            ids: ["5", "5"], lastEventID: "5"),
        SSECase(
            name: "unknown fields and no data", text: "foo: bar\nevent: x\n\ndata: y\n\n", data: ["y"], types: [nil]),
        SSECase(
            name: "a broken event's id is not the last event ID", text: "id: 1\ndata: ok\n\nid: 2\ndata: {\"half",
            data: ["ok"], ids: ["1"], pending: true, lastEventID: "1"),
    ]

    @Test(arguments: sseCases)
    func serverSentEventsFollowTheStandard(_ sseCase: SSECase) throws {
        let (events, pending) = try Self.events(sseCase.text, format: .serverSentEvents)
        #expect(events.map(\.data) == sseCase.data)
        if !sseCase.ids.isEmpty { #expect(events.map(\.id) == sseCase.ids) }
        if !sseCase.types.isEmpty { #expect(events.map(\.type) == sseCase.types) }
        #expect(events.map(\.index) == Array(0..<events.count))
        #expect(pending == sseCase.pending)
        var decoder = EventStreamDecoder(format: .serverSentEvents)
        try Array(sseCase.text.utf8).withUnsafeBytes { try decoder.feed($0) { _ in } }
        #expect(decoder.lastEventID == sseCase.lastEventID)
    }

    @Test func retryAndCommentsAreKept() throws {
        var parser = ServerSentEventParser()
        let text = ": hi\nretry: 2500\n\nretry: soon\n: again\ndata: x\n\nretry: 99999999999999999999\n\n"
        var count = 0
        try Array(text.utf8).withUnsafeBytes { try parser.feed($0) { _ in count += 1 } }
        #expect(count == 1)
        #expect(parser.comments == 2)
        #expect(parser.reconnectionTime == ServerSentEventParser.longestReconnectionTime, "clamped, never a trap")
    }

    @Test func jsonDataIsParsedAndBrokenJSONIsLocated() throws {
        let text = "data: {\"a\": 1}\n\nid: 9\ndata: [1,\ndata:  2,]\n\ndata: plain words\n\n"
        let (events, _) = try Self.events(text, format: .serverSentEvents)
        #expect(events[0].document?.root["a"]?.numberValue?.int == 1)
        #expect(events[1].document == nil)
        // The error falls on the second data line (line 5), at the comma of "data:  2,]".
        let error = try #require(events[1].error)
        #expect((error.line, error.column) == (5, 9), "\(error)")
        #expect(events[2].error == nil, "text data is not an error")
    }

    @Test func anOverlongLineIsRefusedWithItsPlace() throws {
        var parser = ServerSentEventParser(maximumEventSize: 16)
        let text = Array("data: ok\n\ndata: 0123456789abcdef\n".utf8)
        #expect(throws: StreamEventError.self) {
            try text.withUnsafeBytes { try parser.feed($0) { _ in } }
        }
    }

    @Test func jsonLinesLocateAMalformedLineAndKeepTheRest() throws {
        let text = "{\"n\": 1}\n{\"n\": 2, \"ok\": tru}\n\n{\"n\": 3}\r\n{\"n\": 4}"
        let (events, pending) = try Self.events(text, format: .jsonLines)
        #expect(!pending)
        #expect(events.count == 4)
        #expect(events.compactMap { $0.document?.root["n"]?.numberValue?.int } == [1, 3, 4])
        let error = try #require(events[1].error)
        // Where the parser gave up: the end of `tru`, on the stream's second line.
        #expect(error.description == "line 2, column 19 (byte 27): invalid literal, expected 'true'")
        #expect(events[2].line == 4 && events[3].line == 5)
    }

    @Test func jsonSequencesSplitOnRecordSeparators() throws {
        let text = "ignored\u{1E}{\"a\":1}\n\u{1E}[2]\n\u{1E}{\"bad\"}\n\u{1E}3\n"
        let (events, _) = try Self.events(text, format: .jsonSequence)
        #expect(events.map(\.data) == [#"{"a":1}"#, "[2]", #"{"bad"}"#, "3"])
        #expect(events[2].error != nil)
        #expect(events[3].document?.root.numberValue?.int == 3)
    }

    @Test(arguments: [
        ("text/event-stream; charset=utf-8", StreamFormat.serverSentEvents),
        ("application/x-ndjson", .jsonLines), ("Application/JSONL", .jsonLines),
        ("application/json-seq", .jsonSequence),
    ])
    func mediaTypesNameTheirFormat(_ type: String, _ format: StreamFormat) {
        #expect(StreamFormat(mediaType: type) == format)
    }

    @Test func otherMediaTypesAreNoStream() {
        #expect(StreamFormat(mediaType: "application/json") == nil)
        #expect(StreamFormat(mediaType: "text/plain") == nil)
    }

    /// The line `request` prints per event is written straight from the tape; it must match the
    /// object it stands for, byte for byte, whatever the event holds.
    @Test func aJSONLineMatchesTheEventsObject() throws {
        let text =
            "data: {\"n\":1.50e3,\"s\":\"caf\\u00e9 \\\"q\\\" \\n\",\"a\":[true,null,{}]}\n\n"
            + "event: tick\nid: 7\u{202E}x\ndata: {\ndata:   \"spaced\" : [ 1 , 2 ]\ndata: }\n\n"
            + "data: plain \"text\"\u{1B}[31m\n\n"
            + "data: {\"broken\":\n\n"
            + "id: 9\ndata: [\"\u{4E2D}\u{6587}\", -0, 1e-7]\n\n"
        let events = try Self.events(text, format: .serverSentEvents).events
        #expect(events.count == 5)
        for event in events {
            var line: [UInt8] = []
            event.appendJSON(to: &line)
            #expect(String(decoding: line, as: UTF8.self) == JSONValue.object(event.jsonObject).jsonText())
        }
    }

    /// The index is written digit by digit; it must read as `String(index)` does, negative included,
    /// with the head composed in one piece (no type, a short printable ID) or part by part.
    @Test(
        arguments: [0, 7, 10, 99_999, 1_234_567_890, Int.max, -1, Int.min],
        [
            ("t", "i"), (nil, "i"), (nil, nil), ("t", nil), (nil, String(repeating: "7", count: 64)),
            (nil, String(repeating: "7", count: 65)), (nil, "a\"b"), (nil, "é"), (nil, ""),
        ] as [(String?, String?)])
    func aJSONLineSpellsTheIndexAsTheObjectDoes(_ index: Int, _ typeAndID: (String?, String?)) {
        let event = StreamEvent(index: index, type: typeAndID.0, id: typeAndID.1, data: "x", line: 1, offset: 0)
        var line: [UInt8] = []
        event.appendJSON(to: &line)
        #expect(String(decoding: line, as: UTF8.self) == JSONValue.object(event.jsonObject).jsonText())
    }
}
