import Testing

@testable import APIMapping

/// Server-sent events read as drafts (`feedDrafts`, what `request` prints from) say byte for byte what
/// the events of `feed` say: the JSON line a draft writes, with its scratch tape, and the event it makes.
/// Every stream is also fed split in two at every byte.
struct StreamEventDraftTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }

        init(name: String, text: String) {
            self.init(name: name, bytes: Array(text.utf8))
        }

        init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    static let cases: [Case] = [
        Case(name: "ids and small objects", text: "id: 1\ndata: {\"n\":1}\n\nid: 2\ndata: {\"n\":2}\n\n"),
        Case(name: "a type, and an id that stays", text: "event: token\nid: 7\ndata: [1, 2]\n\ndata: 3\n\n"),
        Case(
            name: "nested JSON across data lines",
            text: "data: {\"a\": {\"b\": [true,\ndata:  null]}, \"c\": \"d\"}\n\n"),
        Case(name: "text that is no JSON", text: "data: hello\ndata: world\n\ndata: \n\n"),
        Case(name: "escapes and non-ASCII", text: "data: {\"t\":\"我\\n\\u0001\\\"\"}\n\ndata: 终于 \"到了\"\n\n"),
        Case(name: "an object that does not parse", text: "data: {\"a\":\n\ndata: [1,,2]\n\ndata: {\"ok\":1}\n\n"),
        Case(name: "a scalar start that does not parse", text: "data: 12abc\n\ndata: -\n\ndata: nul\n\n"),
        Case(name: "literals and strings", text: "data: true\n\ndata: null\n\ndata: \"s\"\n\ndata:  -1.5e3 \n\n"),
        Case(name: "invalid UTF-8 in text", bytes: Array("data: ".utf8) + [0xC3, 0x28, 0xFF] + Array("x\n\n".utf8)),
        Case(
            name: "invalid UTF-8 in a JSON string",
            bytes: Array("data: [\"".utf8) + [0xC3, 0x28] + Array("\"]\n\n".utf8)),
        Case(name: "a long string", text: "data: \"" + String(repeating: "a", count: 300) + "\"\n\n"),
        Case(
            name: "compact JSON, copied as it is", text: "data: {\"a\":[1,true,null,{}],\"b\":\"x\",\"c\":-0.5e3}\n\n"),
        Case(
            name: "a character the writer escapes", text: "data: {\"t\":\"\u{202E}x\u{7F}\"}\n\ndata: [\"\u{85}\"]\n\n"),
        Case(name: "a byte order mark before JSON", text: "data: \u{FEFF}{\"a\":1}\n\n"),
        Case(name: "whitespace inside a string only", text: "data: {\"a b\":\"c\\td\"}\n\n"),
    ]

    /// The JSON lines and events of the event path and of the draft path for `chunks`.
    static func read(_ chunks: [[UInt8]]) throws -> (events: String, drafts: String, made: [String]) {
        var events = EventStreamDecoder(format: .serverSentEvents)
        var drafts = EventStreamDecoder(format: .serverSentEvents)
        var fromEvents: [UInt8] = []
        var fromDrafts: [UInt8] = []
        var made: [String] = []
        var scratch = JSONScratch()
        for chunk in chunks {
            try chunk.withUnsafeBytes { bytes in
                try events.feed(bytes) { event in
                    event.appendJSON(to: &fromEvents)
                    fromEvents.append(0x0A)
                }
                try drafts.feed(bytes) { draft in
                    if !draft.appendJSON(to: &fromDrafts, scratch: &scratch) {
                        draft.makeEvent().appendJSON(to: &fromDrafts)
                    }
                    fromDrafts.append(0x0A)
                    let event = draft.makeEvent()
                    made.append("\(JSONValue.object(event.jsonObject).jsonText()) \(event.line):\(event.offset)")
                } events: { _ in
                    Issue.record("a server-sent event came as an event")
                }
            }
        }
        return (String(decoding: fromEvents, as: UTF8.self), String(decoding: fromDrafts, as: UTF8.self), made)
    }

    @Test(arguments: cases)
    func draftsSayWhatEventsSay(_ testCase: Case) throws {
        let bytes = testCase.bytes
        let whole = try Self.read([bytes])
        #expect(whole.drafts == whole.events)
        // The events the drafts make, against the parser's own events.
        let expected = try EventStreamParserTests.decode([bytes], format: .serverSentEvents).events.map {
            "\(JSONValue.object($0.jsonObject).jsonText()) \($0.line):\($0.offset)"
        }
        #expect(whole.made == expected)
        #expect(!whole.made.isEmpty)
        for split in 0...bytes.count {
            let parts = try Self.read([Array(bytes[..<split]), Array(bytes[split...])])
            #expect(parts.drafts == whole.events, "split at \(split)")
            #expect(parts.made == expected, "split at \(split)")
        }
    }

    @Test func aDataErrorIsLocatedInTheStreamByTheEventMade() throws {
        let text = "id: 1\ndata: {\"a\":\ndata:  }\n\n"
        let made = try Self.read([Array(text.utf8)]).made
        #expect(made.count == 1)
        #expect(made.first?.contains(#""error":"line 3, column"#) == true, "\(made)")
    }
}
