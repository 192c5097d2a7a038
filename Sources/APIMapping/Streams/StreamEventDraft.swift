/// A server-sent event as ``ServerSentEventParser`` holds it when it is dispatched: its fields and
/// the bytes of its data, not yet a ``StreamEvent``.
///
/// A stream of many small events costs strings, a parsed document and their copies per event
/// when each becomes a ``StreamEvent``. A reader that only writes events out works on drafts
/// instead: ``appendJSON(to:scratch:)`` writes an event's JSON line with no allocation of its own,
/// and ``makeEvent()`` makes the full event of those that are kept. The parser reuses one draft's
/// storage from event to event: its ID is bytes, made a string only when asked.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// var scratch = JSONScratch()
/// var out: [UInt8] = []
/// try parser.feedDrafts(bytes) { draft in
///     if !draft.appendJSON(to: &out, scratch: &scratch) { draft.makeEvent().appendJSON(to: &out) }
/// }
/// ```
package struct StreamEventDraft: Sendable {
    /// Where a `data` line's value sits in the stream and in the joined data: a JSON error in the
    /// data is located on its line of the stream.
    struct DataLine: Sendable {
        var line: Int
        var offset: Int
        var column: Int
        var joinedStart: Int
    }

    /// The event's position in its stream.
    package var index = 0
    /// The event type, `nil` for the default `message`.
    package var type: String?
    /// The last event ID when it was dispatched; `nil` when none was set.
    package var id: String? { hasID ? String(decoding: idBytes, as: UTF8.self) : nil }
    /// The bytes of ``id``; empty when none was set.
    var idBytes: [UInt8] = []
    /// Whether an ID was set: the parser keeps ``idBytes``' storage between events.
    var hasID = false
    /// The data lines joined by line feeds.
    package var data: [UInt8] = []
    /// Where the first data line sits: most events have one.
    var firstDataLine = DataLine(line: 1, offset: 0, column: 0, joinedStart: 0)
    /// Where the data lines after the first sit.
    var dataLines: [DataLine] = []
    /// The 1-based line the event starts on.
    package var line = 1
    /// The 0-based byte offset the event starts at.
    package var offset = 0

    /// An empty draft, for a slot that ``assign(_:)`` fills.
    package init() {}

    /// The event: its data as text, parsed as JSON when it looks like JSON, with the located reason
    /// when it starts like an object or an array and does not parse.
    package func makeEvent() -> StreamEvent {
        var event = StreamEvent(
            index: index, type: type, id: id, data: String(decoding: data, as: UTF8.self), line: line,
            offset: offset)
        (event.document, event.error) = parseData()
        return event
    }

    /// Appends the event's JSON line, byte for byte what ``makeEvent()``'s
    /// ``StreamEvent/appendJSON(to:)`` appends, parsing the data into `scratch` instead of a document.
    ///
    /// - Parameters:
    ///   - out: The buffer.
    ///   - scratch: The tape the data is parsed into; its capacity is reused from event to event.
    /// - Returns: Whether it was written; `false` (and nothing written) for data that looks like JSON
    ///   and does not parse, whose line ``makeEvent()`` writes with the error located.
    package func appendJSON(to out: inout [UInt8], scratch: inout JSONScratch) -> Bool {
        let start = out.count
        if hasID {
            idBytes.withUnsafeBufferPointer {
                StreamEvent.appendJSONHead(index: index, type: type, idUTF8: $0, to: &out)
            }
        } else {
            StreamEvent.appendJSONHead(index: index, type: type, idUTF8: nil, to: &out)
        }
        if looksLikeJSON {
            let parsed = data.withUnsafeBufferPointer { bytes in
                do {
                    try JSONParser.parse(bytes, into: &scratch.tape, options: JSONParseOptions())
                } catch {
                    return false
                }
                scratch.tape.withUnsafeBufferPointer { nodes in
                    if JSONWriter.isCompactAsItIs(nodes, bytes) {
                        out.append(contentsOf: bytes)
                    } else {
                        JSONWriter.appendCompact(at: 0, nodes, bytes, to: &out)
                    }
                }
                return true
            }
            guard parsed else {
                out.removeSubrange(start...)
                return false
            }
        } else {
            StreamEvent.appendQuoted(String(decoding: data, as: UTF8.self), to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return true
    }

    /// Whether the data starts like a JSON text, and so is parsed.
    private var looksLikeJSON: Bool {
        guard let first = data.first(where: { !isJSONWhitespace($0) }) else { return false }
        return JSONLinesParser.mayStartJSON(first, data)
    }

    /// The data as JSON when it looks like JSON; an error located in the stream when it starts like
    /// an object or an array and does not parse.
    private func parseData() -> (JSONDocument?, StreamEventError?) {
        guard looksLikeJSON, let first = data.first(where: { !isJSONWhitespace($0) }) else { return (nil, nil) }
        do {
            return (try JSONDocument(parsing: data), nil)
        } catch {
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return (nil, nil) }
            // The error's line within the data is the data line it fell on.
            let dataLine = min(max(error.line - 1, 0), dataLines.count)
            let part = dataLine == 0 ? firstDataLine : dataLines[dataLine - 1]
            return (
                nil,
                StreamEventError(
                    line: part.line, column: part.column + error.column,
                    offset: part.offset + (error.offset - part.joinedStart), message: error.message)
            )
        }
    }
}

/// A JSON tape reused from one small text to the next: a reader of a stream's events parses each
/// event's data into it, allocating nothing per event.
package struct JSONScratch: Sendable {
    var tape: [JSONTape.Node] = []

    /// An empty scratch tape.
    package init() {}
}
