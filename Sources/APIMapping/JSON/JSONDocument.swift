/// A parsed JSON document: the input bytes plus one flat array of node records pointing into them.
///
/// This is apiexplore's JSON model. Parsing records where each value starts and how far its
/// subtree reaches; strings and numbers are decoded only when read. That keeps parsing fast, keeps
/// every number's exact text and every object's key order for free, and lets a viewer walk a
/// 50 MB body without materialising it.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"code": 0, "data": {"items": [{"id": 12345678901234567890}]}}"#)
/// let id = document.root["data"]?["items"]?[0]?["id"]
/// id?.numberValue?.text   // "12345678901234567890"
/// id?.numberValue?.int    // nil: too big for Int
/// ```
///
/// A document is an immutable value; copies share storage.
public struct JSONDocument: Sendable {
    let storage: Storage

    /// The document's top-level value.
    public var root: JSONNode { JSONNode(storage: storage, index: 0) }

    /// The number of values in the document, keys included.
    public var nodeCount: Int { storage.nodes.count }

    /// The input bytes the document indexes.
    public var bytes: [UInt8] { storage.bytes }

    /// Parses UTF-8 JSON text.
    ///
    /// - Parameters:
    ///   - bytes: The whole input.
    ///   - options: Limits and the policy for lone surrogates.
    /// - Throws: ``JSONParseError`` with the byte offset, line, column and an excerpt.
    public init(parsing bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) throws(JSONParseError) {
        let nodes = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> [JSONTape.Node] in
            var parser = JSONParser(input: buffer, options: options)
            return try parser.parse()
        }
        storage = Storage(bytes: bytes, nodes: nodes)
    }

    /// Parses JSON text held in a `String`.
    ///
    /// - Throws: ``JSONParseError``.
    public init(parsing text: String, options: JSONParseOptions = JSONParseOptions()) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8), options: options)
    }

    /// Parses any collection of UTF-8 bytes, such as Foundation `Data` or a `ByteBuffer` view.
    ///
    /// - Throws: ``JSONParseError``.
    public init(parsing bytes: some Collection<UInt8>, options: JSONParseOptions = JSONParseOptions())
        throws(JSONParseError)
    {
        try self.init(parsing: Array(bytes), options: options)
    }

    /// Builds a document holding `value`.
    public init(_ value: JSONValue) {
        var bytes: [UInt8] = []
        JSONWriter.appendCompact(value, to: &bytes)
        do {
            try self.init(parsing: bytes, options: JSONParseOptions(maximumDepth: .max))
        } catch {
            // The writer only emits RFC 8259 text, so this parse cannot fail.
            preconditionFailure("JSONWriter produced text the parser rejects: \(error)")
        }
    }

    /// Shared, immutable storage: the bytes and the node records.
    final class Storage: Sendable {
        let bytes: [UInt8]
        let nodes: [JSONTape.Node]

        init(bytes: [UInt8], nodes: [JSONTape.Node]) {
            self.bytes = bytes
            self.nodes = nodes
        }
    }
}

/// The node record layout shared by the parser, the node cursor and the writer.
enum JSONTape {
    /// One value: 12 bytes.
    ///
    /// - `header`: kind in the low 3 bits; bit 3 set when a string cannot be copied verbatim
    ///   (it has escapes, or characters the writer always escapes such as DEL and C1 controls).
    /// - `offset`: byte offset of the value's first byte (for strings, the byte after the quote).
    /// - `length`: byte length of a string's content or a number's text; child count of an array
    ///   or object (members, not keys plus values).
    /// - `next`: index of the first node after this value's subtree.
    ///
    /// `header` and `next` share one word (`next` in the high 28 bits), so a node is 12 bytes, not 16:
    /// a dense body such as an array of small records has about one node per 8 bytes of text, and the
    /// tape is the largest thing a parsed body holds besides its bytes. The parser refuses a document of
    /// more than ``maximumNodes`` values, so `next` always fits.
    struct Node: Sendable {
        var offset: UInt32
        var length: UInt32
        /// `next << 4 | header`.
        private var packed: UInt32

        @inline(__always)
        init(header: UInt32, offset: UInt32, length: UInt32, next: UInt32) {
            self.offset = offset
            self.length = length
            packed = next << 4 | header
        }

        @inline(__always) var header: UInt32 { packed & 0xF }

        @inline(__always) var next: UInt32 {
            get { packed >> 4 }
            set { packed = newValue << 4 | packed & 0xF }
        }
    }

    /// The most values (keys included) a document may hold: the largest `next` that fits in 28 bits.
    ///
    /// Every value but a lone top-level scalar takes at least two bytes of text (`0,`, `[]`, `"":`),
    /// so only a document of more than 512 MiB can reach it.
    static let maximumNodes = (1 << 28) - 1

    static let null: UInt32 = 0
    static let `false`: UInt32 = 1
    static let `true`: UInt32 = 2
    static let number: UInt32 = 3
    static let string: UInt32 = 4
    static let array: UInt32 = 5
    static let object: UInt32 = 6
    static let kindMask: UInt32 = 0b111
    static let notVerbatim: UInt32 = 0b1000
}
