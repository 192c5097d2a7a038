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
        appendLiteral(#"{"index":"#, to: &out)
        appendDecimal(index, to: &out)
        if let type {
            appendLiteral(#","event":"#, to: &out)
            appendQuoted(type, to: &out)
        }
        if let id {
            appendLiteral(#","id":"#, to: &out)
            appendQuoted(id, to: &out)
        }
        appendLiteral(#","data":"#, to: &out)
    }

    private static func appendLiteral(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// The digits of `value`, as `String(value)` spells them.
    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        guard value >= 0 else {
            out.append(contentsOf: String(value).utf8)
            return
        }
        // Written backwards into a scratch buffer of the most digits an Int has, then copied in order.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            var rest = value
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
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
