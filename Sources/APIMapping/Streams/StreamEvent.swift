/// One event of a stream: a server-sent event, or one JSON text of JSON Lines or a JSON sequence.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// parser.feed(Array("id: 7\nevent: token\ndata: {\"text\":\"Hi\"}\n\n".utf8)) { event in
///     event.type                       // "token"
///     event.id                         // "7"
///     event.document?.root["text"]     // "Hi"
///     event.jsonObject.jsonText()      // {"index":0,"event":"token","id":"7","data":{"text":"Hi"}}
/// }
/// ```
public struct StreamEvent: Sendable {
    /// The event's position in its stream, from 0, counted across reconnections.
    public var index: Int
    /// The server-sent event's type (`event:`); `nil` for the default `message` and for JSON texts.
    public var type: String?
    /// The server-sent event's last event ID when it was dispatched (`id:`); `nil` when none was set.
    public var id: String?
    /// The event's data as text: `data:` lines joined by line feeds, or the JSON text of a line.
    public var data: String
    /// The data parsed as JSON, when it is JSON.
    public var document: JSONDocument?
    /// Why data that should be JSON (every JSON Lines line; server-sent data starting with `{` or `[`)
    /// is not, located in the stream.
    public var error: StreamEventError?
    /// The 1-based line of the stream the event starts on.
    public var line: Int
    /// The 0-based byte offset in the stream where the event starts.
    public var offset: Int

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - index: Its position in the stream.
    ///   - type: The server-sent event type, if not `message`.
    ///   - id: The last event ID.
    ///   - data: The data as text.
    ///   - document: The data parsed as JSON.
    ///   - error: Why the data did not parse.
    ///   - line: The line it starts on.
    ///   - offset: The byte offset it starts at.
    public init(
        index: Int, type: String? = nil, id: String? = nil, data: String, document: JSONDocument? = nil,
        error: StreamEventError? = nil, line: Int, offset: Int
    ) {
        self.index = index
        self.type = type
        self.id = id
        self.data = data
        self.document = document
        self.error = error
        self.line = line
        self.offset = offset
    }

    /// The event as one JSON object, the form `request` prints and history keeps:
    /// `index`, `event` (server-sent events only), `id` (when set), `data` (the JSON value when the
    /// data is JSON, else its text), and `error` (the located reason, when data that should be
    /// JSON is not).
    public var jsonObject: JSONObject {
        var object = JSONObject()
        object.append(key: "index", value: .number(JSONNumber(index)))
        if let type { object.append(key: "event", value: .string(type)) }
        if let id { object.append(key: "id", value: .string(id)) }
        object.append(key: "data", value: document?.root.value ?? .string(data))
        if let error { object.append(key: "error", value: .string(error.description)) }
        return object
    }
}

extension StreamEvent {
    /// Appends ``jsonObject`` as compact JSON, byte for byte what `JSONValue.object(jsonObject).jsonText()`
    /// writes, without building the object or the data's tree: a stream prints one line per event.
    ///
    /// - Parameter out: The buffer.
    package func appendJSON(to out: inout [UInt8]) {
        Self.appendJSONHead(index: index, type: type, id: id, to: &out)
        if let document {
            JSONWriter.appendCompact(document.root, to: &out)
        } else {
            Self.appendQuoted(data, to: &out)
        }
        if let error {
            Self.appendLiteral(#","error":"#, to: &out)
            Self.appendQuoted(error.description, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// The line's start, up to the data's value: `{"index":…,"event":…,"id":…,"data":`.
    static func appendJSONHead(index: Int, type: String?, id: String?, to out: inout [UInt8]) {
        guard var id else {
            appendJSONHead(index: index, type: type, idUTF8: nil, to: &out)
            return
        }
        id.withUTF8 { appendJSONHead(index: index, type: type, idUTF8: $0, to: &out) }
    }

    /// ``appendJSONHead(index:type:id:to:)`` for an ID given as its UTF-8 bytes (invalid sequences
    /// are written replaced, as `String(decoding:as:)` reads them).
    ///
    /// The common head, with no type and a short ID of printable ASCII, is composed in a buffer on
    /// the stack and appended in one piece: a stream of small events writes one per event, and
    /// appending its seven parts one by one cost a twentieth of the stream's time.
    static func appendJSONHead(
        index: Int, type: String?, idUTF8 id: UnsafeBufferPointer<UInt8>?, to out: inout [UInt8]
    ) {
        let longestID = 64
        if index >= 0, type == nil, id.map({ $0.count <= longestID && JSONWriter.isVerbatim($0) }) ?? true {
            // `{"index":` 9, the digits at most 20, `,"id":"` 7, the ID, `"` 1, `,"data":` 8.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48 + longestID) { buffer in
                var end = 0
                func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                    UnsafeMutableBufferPointer(rebasing: buffer[end..<(end + bytes.count)]).initialize(
                        fromContentsOf: bytes)
                    end += bytes.count
                }
                (#"{"index":"# as StaticString).withUTF8Buffer(put)
                end += writeDecimal(index, into: UnsafeMutableBufferPointer(rebasing: buffer[end...]))
                if let id {
                    (#","id":""# as StaticString).withUTF8Buffer(put)
                    put(id)
                    (#"","data":"# as StaticString).withUTF8Buffer(put)
                } else {
                    (#","data":"# as StaticString).withUTF8Buffer(put)
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<end]))
            }
            return
        }
        appendLiteral(#"{"index":"#, to: &out)
        if index >= 0 {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                let count = writeDecimal(index, into: digits)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
            }
        } else {
            out.append(contentsOf: String(index).utf8)
        }
        if let type {
            appendLiteral(#","event":"#, to: &out)
            appendQuoted(type, to: &out)
        }
        if let id {
            appendLiteral(#","id":""#, to: &out)
            JSONWriter.appendEscaped(utf8: id, to: &out)
            out.append(UInt8(ascii: "\""))
        }
        appendLiteral(#","data":"#, to: &out)
    }

    static func appendLiteral(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// Writes the digits of a non-negative `value`, as `String(value)` spells them, at the start of
    /// `buffer` (room for 20); how many.
    private static func writeDecimal(_ value: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        var rest = value
        repeat {
            count += 1
            rest /= 10
        } while rest > 0
        rest = value
        for position in stride(from: count - 1, through: 0, by: -1) {
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return count
    }

    static func appendQuoted(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        JSONWriter.appendEscaped(string, to: &out)
        out.append(UInt8(ascii: "\""))
    }
}

/// Where and why an event's data is not the JSON it should be: the stream's line and byte offset,
/// then the JSON parser's own message.
///
/// ```swift
/// error.description   // "line 3, column 9 (byte 41): expected ',' or '}' after an object member"
/// ```
public struct StreamEventError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line in the stream.
    public let line: Int
    /// The 1-based column on that line, in Unicode scalars.
    public let column: Int
    /// The 0-based byte offset in the stream.
    public let offset: Int
    /// What the JSON parser said, without its position.
    public let message: String

    /// Creates an error at a position of the stream.
    ///
    /// - Parameters:
    ///   - line: The 1-based line.
    ///   - column: The 1-based column, in Unicode scalars.
    ///   - offset: The 0-based byte offset.
    ///   - message: What is wrong.
    public init(line: Int, column: Int, offset: Int, message: String) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
    }

    /// `line L, column C (byte B): message`.
    public var description: String { "line \(line), column \(column) (byte \(offset)): \(message)" }
}
