public import APIHTTP
public import APIMapping
import Foundation

/// A response body read as what it is: JSON, XML (as its JSON tree), or neither.
///
/// The kind comes from `Content-Type` (`application/json`, `…+json`, `application/xml`,
/// `text/xml`, `…+xml`); any other declared type (`text/html`) is text. Only without a type, or
/// with a generic one (`application/octet-stream`, `text/plain`), is the first non-blank byte
/// consulted (`{`/`[` for JSON, `<` for XML). A body that does not parse is kept as raw bytes with
/// the located error, never dropped.
///
/// ```swift
/// let body = ResponseBody(bytes: record.body, contentType: record.header("Content-Type"), xmlArrays: [])
/// body.document?.root["data"]   // the parsed tree, if it parsed
/// body.jsonError?.line          // where JSON broke, for a viewer to jump to
/// body.problem                  // "not valid JSON: line 1, column 12 (byte 11): expected ':' after object key…"
/// ```
public struct ResponseBody: Sendable {
    /// What the body was read as.
    public enum Kind: String, Sendable, Hashable {
        /// Parsed as JSON.
        case json
        /// Parsed as XML and converted to its JSON tree.
        case xml
        /// Text that is neither (HTML, plain text), or JSON/XML that did not parse.
        case text
        /// Bytes that are not UTF-8 text.
        case binary
        /// No bytes at all.
        case empty
        /// An event stream read event by event (server-sent events, JSON Lines, JSON sequence):
        /// ``document`` is the list of its kept events.
        case events
    }

    /// What the body was read as.
    public let kind: Kind
    /// The parsed tree for JSON and XML bodies.
    public private(set) var document: JSONDocument?
    /// Why a body read as JSON did not parse, with its position.
    public let jsonError: JSONParseError?
    /// Why a body read as XML did not parse, with its position.
    public let xmlError: XMLConversionError?
    /// The feed an RSS, RDF or Atom body holds, when it was read with `feeds`; ``document`` is
    /// then its normalised model, not the XML tree.
    public let feed: FeedModel?
    /// The events an event stream kept, oldest first, each with the envelope's evaluation when the
    /// endpoint applies it per event; empty for any other body.
    public private(set) var events: [EvaluatedStreamEvent] = []
    /// The whole stream's record (counts, drops, reconnections); `nil` for any other body.
    public private(set) var eventStream: EventStreamRecord?
    /// How a streamed body ended (an event stream, a saved body); `nil` for a body read whole.
    public private(set) var streamEnd: StreamEnd?
    /// Why a body that was saved as it arrived was not parsed (it is larger than what is kept in memory).
    public private(set) var unparsedReason: String?

    /// Why a JSON or XML body is kept as raw bytes although it parses: its tree would cost more
    /// memory than the budget allows (``valueBudget(forBodyOf:)``).
    public let treeProblem: String?
    /// Why the body did not parse, for display.
    public var problem: String? {
        if let treeProblem { return treeProblem }
        if let jsonError { return "not valid JSON: \(jsonError.description)" }
        if let xmlError { return "not well-formed XML: \(xmlError.description)" }
        return unparsedReason
    }

    /// Reads `bytes` according to `contentType`.
    ///
    /// - Parameters:
    ///   - bytes: The body as received.
    ///   - contentType: The `Content-Type` header, if any.
    ///   - xmlArrays: Paths that stay arrays when XML is converted.
    ///   - feeds: Whether a feed is read as its normalised model (`FeedModel`) instead of its XML tree.
    public init(bytes: [UInt8], contentType: String?, xmlArrays: [ProfilePath], feeds: Bool = false) {
        var feed: FeedModel?
        (kind, document, jsonError, xmlError, treeProblem) = Self.read(
            bytes, contentType: contentType, xmlArrays: xmlArrays)
        if feeds, kind == .xml, let root = document?.root, let found = FeedModel(document: root) {
            feed = found
            document = JSONDocument(found.jsonValue)
        }
        self.feed = feed
    }

    /// The most values (keys included) a body's tree may hold: one per ``bytesPerValue`` bytes of
    /// the body, and never fewer than ``minimumValueBudget``.
    ///
    /// Most of what a tree costs is per value (the parsed tape, then the values a view, an output or
    /// history builds from it), so bounding the values bounds the memory relative to the body for
    /// every shape. Ordinary JSON has a value every 10 to 20 bytes; a body of tiny nested arrays or
    /// objects (`[[],[],…]`, `[{"a":0},…]`) one every 2 or 3, which is what made a body under the size
    /// cap exhaust memory. Such a body, past the floor, is kept as raw bytes with ``treeProblem``.
    ///
    /// - Parameter count: The body's size in bytes.
    public static func valueBudget(forBodyOf count: Int) -> Int {
        max(minimumValueBudget, count / bytesPerValue)
    }

    /// Bytes of body per value the budget allows: see ``valueBudget(forBodyOf:)``.
    public static let bytesPerValue = 4
    /// Values any body may have, whatever its size: a small body of tiny values costs little.
    public static let minimumValueBudget = 1_000_000

    /// An event stream's body: its kept events as a JSON list, each event as
    /// `EvaluatedStreamEvent.jsonObject` shows it.
    ///
    /// - Parameters:
    ///   - events: The kept events, evaluated.
    ///   - record: The stream's record.
    ///   - end: How the stream ended.
    public init(events: [EvaluatedStreamEvent], record: EventStreamRecord, end: StreamEnd) {
        kind = .events
        document = JSONDocument(.array(events.map { .object($0.jsonObject) }))
        jsonError = nil
        xmlError = nil
        feed = nil
        treeProblem = nil
        self.events = events
        eventStream = record
        streamEnd = end
    }

    /// A body saved as it arrived and too large to keep: its first bytes, not parsed.
    ///
    /// - Parameters:
    ///   - head: The first bytes kept.
    ///   - stream: The saved body's summary.
    public init(savedHead head: [UInt8], stream: StreamedBody) {
        kind = head.isEmpty ? .empty : String(validating: head.prefix(4096), as: UTF8.self) != nil ? .text : .binary
        document = nil
        jsonError = nil
        xmlError = nil
        feed = nil
        treeProblem = nil
        streamEnd = stream.end
        unparsedReason =
            "not parsed: \(ByteCountDisplay.text(stream.byteCount)) saved to \(stream.savedTo ?? "a file") as it arrived, "
            + "more than the \(ByteCountDisplay.text(head.count)) kept in memory"
    }

    private static func read(_ bytes: [UInt8], contentType: String?, xmlArrays: [ProfilePath])
        -> (Kind, JSONDocument?, JSONParseError?, XMLConversionError?, String?)
    {
        guard !bytes.isEmpty else { return (.empty, nil, nil, nil, nil) }
        // Decided only when the body is not parsed: building a String of every JSON answer costs time.
        var isText: Bool { String(validating: bytes, as: UTF8.self) != nil }
        let budget = valueBudget(forBodyOf: bytes.count)
        // Only written when it applies: this runs for every response.
        func refusal() -> String {
            "the body has more than \(budget) values in \(ByteCountDisplay.text(bytes.count)), one every "
                + "\(bytesPerValue) bytes or less: its tree would take too much memory, so it is kept as raw text "
                + "(the raw view, --output raw, -o FILE)"
        }
        switch Self.declaredKind(contentType) ?? Self.sniffedKind(bytes) {
        case .json:
            var options = JSONParseOptions()
            options.maximumValues = budget
            do throws(JSONParseError) {
                return (.json, try JSONDocument(parsing: bytes, options: options), nil, nil, nil)
            } catch {
                if error.kind == .tooLarge { return (isText ? .text : .binary, nil, nil, nil, refusal()) }
                return (isText ? .text : .binary, nil, error, nil, nil)
            }
        case .xml:
            do {
                let document = try JSONDocument(xml: bytes, options: XMLConversionOptions(alwaysArray: xmlArrays))
                guard document.nodeCount <= budget else { return (.text, nil, nil, nil, refusal()) }
                return (.xml, document, nil, nil, nil)
            } catch {
                return (.text, nil, nil, error, nil)
            }
        default:
            return (isText ? .text : .binary, nil, nil, nil, nil)
        }
    }

    private static func declaredKind(_ contentType: String?) -> Kind? {
        guard let contentType else { return nil }
        // The media type before any parameters, trimmed by hand: this runs for every response, and Foundation's
        // `split` + `trimmingCharacters(in:)` cost more than parsing a small JSON answer.
        var type = contentType[..<(contentType.firstIndex(of: ";") ?? contentType.endIndex)]
        while let first = type.first, first == " " || first == "\t" { type = type.dropFirst() }
        while let last = type.last, last == " " || last == "\t" { type = type.dropLast() }
        // Media types are nearly always lower case already: match the slice itself, and lower-case a copy only
        // when it has upper-case letters.
        let lowered =
            type.utf8.contains { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
            ? Substring(type.lowercased()) : type
        switch lowered {
        case "application/json", "text/json": return .json
        case let type where type.hasSuffix("+json"): return .json
        case "application/xml", "text/xml": return .xml
        case let type where type.hasSuffix("+xml"): return .xml
        // Generic types say nothing about the content: look at it.
        case "", "application/octet-stream", "text/plain": return nil
        default: return .text
        }
    }

    private static func sniffedKind(_ bytes: [UInt8]) -> Kind {
        let first = bytes.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }.first
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        case UInt8(ascii: "<"): return .xml
        default: return .text
        }
    }
}
