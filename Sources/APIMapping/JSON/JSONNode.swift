import Foundation

/// One value inside a ``JSONDocument``: a cheap cursor (the document's storage and an index).
///
/// Reading a node decodes only that node. Containers hand out their children lazily through
/// ``elements`` and ``members``; ``subscript(_:)-(String)`` finds a key (the last one when keys
/// repeat) and ``subscript(_:)-(Int)`` an array element.
///
/// ```swift
/// let document = try JSONDocument(parsing: #"{"ok": false, "error": "invalid_auth"}"#)
/// document.root["ok"]?.boolValue          // false
/// document.root["error"]?.stringValue     // "invalid_auth"
/// document.root.members.map(\.key)        // ["ok", "error"]
/// ```
///
/// Two nodes are equal when they are the same position in the same document. Compare
/// ``value`` for structural equality.
public struct JSONNode: Hashable, Sendable {
    let storage: JSONDocument.Storage
    /// The node's position in its document, in document order (the root is 0).
    public let index: Int

    init(storage: JSONDocument.Storage, index: Int) {
        self.storage = storage
        self.index = index
    }

    public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        lhs.storage === rhs.storage && lhs.index == rhs.index
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(storage))
        hasher.combine(index)
    }

    @inline(__always) var record: JSONTape.Node { storage.nodes[index] }
    @inline(__always) var tag: UInt32 { record.header & JSONTape.kindMask }

    /// The document this node belongs to.
    public var document: JSONDocument { JSONDocument(storage: storage) }

    /// The kind of value.
    public var kind: JSONKind {
        switch tag {
        case JSONTape.null: .null
        case JSONTape.false, JSONTape.true: .bool
        case JSONTape.number: .number
        case JSONTape.string: .string
        case JSONTape.array: .array
        default: .object
        }
    }

    /// Whether the value is `null`.
    public var isNull: Bool { tag == JSONTape.null }

    /// The boolean, if the value is `true` or `false`.
    public var boolValue: Bool? {
        switch tag {
        case JSONTape.true: true
        case JSONTape.false: false
        default: nil
        }
    }

    /// The decoded string, if the value is a string.
    public var stringValue: String? {
        tag == JSONTape.string ? decodeString(record) : nil
    }

    /// The number with its exact source text, if the value is a number.
    public var numberValue: JSONNumber? {
        guard tag == JSONTape.number else { return nil }
        let node = record
        let text = storage.bytes.withUnsafeBufferPointer {
            String(
                decoding: UnsafeBufferPointer(rebasing: $0[Int(node.offset)..<Int(node.offset + node.length)]),
                as: UTF8.self)
        }
        return JSONNumber(validatedText: text)
    }

    /// The number of elements of an array or members of an object (duplicates included); 0 otherwise.
    public var count: Int {
        let node = record
        let t = node.header & JSONTape.kindMask
        return t == JSONTape.array || t == JSONTape.object ? Int(node.length) : 0
    }

    /// The byte range of this value in the document's input (for strings, the content between the quotes).
    ///
    /// Containers report their opening byte only; use it to point a user at the source.
    public var byteOffset: Int { Int(record.offset) }

    /// The array's elements in order; empty for any other kind.
    public var elements: Elements {
        Elements(storage: storage, first: index + 1, count: tag == JSONTape.array ? Int(record.length) : 0)
    }

    /// The object's members in order, duplicate keys included; empty for any other kind.
    public var members: Members {
        Members(storage: storage, first: index + 1, count: tag == JSONTape.object ? Int(record.length) : 0)
    }

    /// The element at `position` of an array, or `nil` when this is not an array or the position is
    /// out of range. Negative positions are out of range.
    ///
    /// Walking to element *n* skips *n* subtrees, each in one step.
    public subscript(position: Int) -> JSONNode? {
        guard tag == JSONTape.array, position >= 0, position < Int(record.length) else { return nil }
        return storage.nodes.withUnsafeBufferPointer { nodes in
            var i = index + 1
            for _ in 0..<position { i = Int(nodes[i].next) }
            return JSONNode(storage: storage, index: i)
        }
    }

    /// The value of the last member named `key`, or `nil` when this is not an object or has no such key.
    public subscript(key: String) -> JSONNode? {
        guard tag == JSONTape.object else { return nil }
        var key = key
        return key.withUTF8 { lastMember(named: $0) }
    }

    /// The value of the last member whose key is `key` (UTF-8).
    func lastMember(named key: UnsafeBufferPointer<UInt8>) -> JSONNode? {
        let count = Int(record.length)
        return storage.nodes.withUnsafeBufferPointer { nodes in
            storage.bytes.withUnsafeBufferPointer { bytes in
                var found: Int?
                var i = index + 1
                for _ in 0..<count {
                    let keyNode = nodes[i]
                    if keyMatches(keyNode, key, bytes) { found = i + 1 }
                    i = Int(nodes[i + 1].next)
                }
                return found.map { JSONNode(storage: storage, index: $0) }
            }
        }
    }

    @inline(__always)
    private func keyMatches(
        _ keyNode: JSONTape.Node, _ key: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        if keyNode.header & JSONTape.notVerbatim == 0 {
            guard Int(keyNode.length) == key.count else { return false }
            if key.isEmpty { return true }
            return memcmp(bytes.baseAddress! + Int(keyNode.offset), key.baseAddress!, key.count) == 0
        }
        let decoded = decodeString(keyNode)
        return decoded.utf8.elementsEqual(key)
    }

    /// The value as an owned ``JSONValue`` tree.
    public var value: JSONValue {
        switch tag {
        case JSONTape.null: return .null
        case JSONTape.false: return .bool(false)
        case JSONTape.true: return .bool(true)
        case JSONTape.number: return .number(numberValue!)
        case JSONTape.string: return .string(decodeString(record))
        case JSONTape.array: return .array(elements.map(\.value))
        default: return .object(JSONObject(members.map { (key: $0.key, value: $0.value.value) }))
        }
    }

    func decodeString(_ node: JSONTape.Node) -> String {
        storage.bytes.withUnsafeBufferPointer { bytes in
            let content = UnsafeBufferPointer(rebasing: bytes[Int(node.offset)..<Int(node.offset + node.length)])
            if node.header & JSONTape.notVerbatim == 0 {
                return String(decoding: content, as: UTF8.self)
            }
            return JSONStringDecoding.unescape(content)
        }
    }

    /// The elements of an array node, in order.
    public struct Elements: Sequence, Sendable {
        let storage: JSONDocument.Storage
        let first: Int
        /// The number of elements.
        public let count: Int

        public var underestimatedCount: Int { count }

        public func makeIterator() -> Iterator { Iterator(storage: storage, position: first, remaining: count) }

        /// Iterates the elements of an array node.
        public struct Iterator: IteratorProtocol {
            let storage: JSONDocument.Storage
            var position: Int
            var remaining: Int

            public mutating func next() -> JSONNode? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let node = JSONNode(storage: storage, index: position)
                position = Int(storage.nodes[position].next)
                return node
            }
        }
    }

    /// The members of an object node, in order, duplicates included.
    public struct Members: Sequence, Sendable {
        let storage: JSONDocument.Storage
        let first: Int
        /// The number of members.
        public let count: Int

        public var underestimatedCount: Int { count }

        public func makeIterator() -> Iterator { Iterator(storage: storage, position: first, remaining: count) }

        /// Iterates the members of an object node.
        public struct Iterator: IteratorProtocol {
            let storage: JSONDocument.Storage
            var position: Int
            var remaining: Int

            public mutating func next() -> (key: String, value: JSONNode)? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let keyNode = JSONNode(storage: storage, index: position)
                let value = JSONNode(storage: storage, index: position + 1)
                position = Int(storage.nodes[position + 1].next)
                return (key: keyNode.decodeString(keyNode.record), value: value)
            }
        }
    }
}

extension JSONDocument {
    init(storage: Storage) { self.storage = storage }
}
