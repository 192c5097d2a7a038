/// How a response body is cut into events: server-sent events, JSON Lines or a JSON text sequence.
///
/// The format comes from the media type:
///
/// | media type | format |
/// |---|---|
/// | `text/event-stream` | ``serverSentEvents`` (the WHATWG HTML standard's event stream) |
/// | `application/x-ndjson`, `application/ndjson`, `application/jsonl`, `application/x-jsonlines`, `application/jsonlines` | ``jsonLines`` |
/// | `application/json-seq` | ``jsonSequence`` (RFC 7464) |
///
/// ```swift
/// StreamFormat(mediaType: "text/event-stream")        // .serverSentEvents
/// StreamFormat(mediaType: "application/json")         // nil: one document, not a stream
/// ```
public enum StreamFormat: String, Sendable, Hashable, CaseIterable {
    /// `text/event-stream`: blocks of `field: value` lines ended by a blank line.
    case serverSentEvents = "sse"
    /// One JSON text per line (NDJSON, JSON Lines).
    case jsonLines = "ndjson"
    /// RFC 7464: each JSON text after a record separator (U+001E) and before a line feed.
    case jsonSequence = "json-seq"

    /// The format a media type names, without its parameters and in any case; `nil` for any other.
    ///
    /// - Parameter mediaType: `text/event-stream`, `application/x-ndjson; charset=utf-8`…
    public init?(mediaType: String) {
        var type = Substring(mediaType)
        if let semicolon = type.firstIndex(of: ";") { type = type[..<semicolon] }
        while let first = type.first, first == " " || first == "\t" { type = type.dropFirst() }
        while let last = type.last, last == " " || last == "\t" { type = type.dropLast() }
        // Asked of every response: most types (application/json) are told apart by length alone.
        guard [17, 18, 20, 22, 23].contains(type.utf8.count) else { return nil }
        switch type.lowercased() {
        case "text/event-stream": self = .serverSentEvents
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
            "application/jsonlines":
            self = .jsonLines
        case "application/json-seq": self = .jsonSequence
        default: return nil
        }
    }
}
