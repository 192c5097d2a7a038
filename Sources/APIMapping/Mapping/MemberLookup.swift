import Foundation

/// Finds the members of one object by coding key, without building strings or dictionaries.
///
/// Small objects are scanned (comparing lengths, then bytes); objects with more than
/// ``tableThreshold`` members get an open-addressing table of member positions, built once per
/// container from the key bytes in the document. Either way the last member with a key wins.
/// Under ``KeyDecodingStrategy/convertFromSnakeCase`` the JSON keys are converted on the fly into
/// a stack buffer; keys without `_` need no conversion at all.
struct MemberLookup {
    /// Objects with more members than this get a hash table.
    static let tableThreshold = 12

    let object: Int
    /// Slots: the upper 32 bits of the key's hash, then the value node's index; 0 is empty.
    private let table: [UInt64]?

    init(object: Int, context: DecodingContext) {
        self.object = object
        let count = Int(context.nodes[object].length)
        table = count > Self.tableThreshold ? Self.buildTable(object: object, count: count, context: context) : nil
    }

    /// A lookup that always scans; for one-off lookups.
    init(linearIn object: Int) {
        self.object = object
        table = nil
    }

    /// The value node of the last member whose key matches `key`, or `nil`.
    func find(_ key: String, context: DecodingContext) -> Int? {
        var key = key
        return key.withUTF8 { key in
            context.nodes.withUnsafeBufferPointer { nodes in
                context.bytes.withUnsafeBufferPointer { bytes in
                    if let table {
                        return Self.probe(table, key, nodes, bytes, context.keyRule)
                    }
                    return Self.scan(object, key, nodes, bytes, context.keyRule)
                }
            }
        }
    }

    private static func scan(
        _ object: Int, _ key: UnsafeBufferPointer<UInt8>, _ nodes: UnsafeBufferPointer<JSONTape.Node>,
        _ bytes: UnsafeBufferPointer<UInt8>, _ rule: KeyDecodingStrategy.Rule
    ) -> Int? {
        var found: Int?
        var keyNode = object + 1
        for _ in 0..<Int(nodes[object].length) {
            if matches(nodes[keyNode], key, bytes, rule) { found = keyNode + 1 }
            keyNode = Int(nodes[keyNode + 1].next)
        }
        return found
    }

    private static func probe(
        _ table: [UInt64], _ key: UnsafeBufferPointer<UInt8>, _ nodes: UnsafeBufferPointer<JSONTape.Node>,
        _ bytes: UnsafeBufferPointer<UInt8>, _ rule: KeyDecodingStrategy.Rule
    ) -> Int? {
        let hash = hash(key)
        let tag = hash >> 32
        let mask = table.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = table[slot]
            if entry == 0 { return nil }
            let value = Int(entry & 0xFFFF_FFFF)
            if entry >> 32 == tag && matches(nodes[value - 1], key, bytes, rule) { return value }
            slot = (slot + 1) & mask
        }
    }

    private static func buildTable(object: Int, count: Int, context: DecodingContext) -> [UInt64] {
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        var table = [UInt64](repeating: 0, count: capacity)
        let mask = capacity - 1
        let rule = context.keyRule
        table.withUnsafeMutableBufferPointer { table in
            context.nodes.withUnsafeBufferPointer { nodes in
                context.bytes.withUnsafeBufferPointer { bytes in
                    var keyNode = object + 1
                    for _ in 0..<count {
                        let value = keyNode + 1
                        withComparableKey(nodes[keyNode], bytes, rule) { key in
                            let hash = hash(key)
                            let entry = (hash >> 32) << 32 | UInt64(value)
                            var slot = Int(truncatingIfNeeded: hash) & mask
                            while table[slot] != 0 {
                                let existing = table[slot]
                                if existing >> 32 == hash >> 32,
                                    matches(nodes[Int(existing & 0xFFFF_FFFF) - 1], key, bytes, rule)
                                {
                                    break  // a repeated key: the later member replaces it
                                }
                                slot = (slot + 1) & mask
                            }
                            table[slot] = entry
                        }
                        keyNode = Int(nodes[value].next)
                    }
                }
            }
        }
        return table
    }

    /// Whether the JSON key `record` matches the coding key `key` under `rule`.
    @inline(__always)
    private static func matches(
        _ record: JSONTape.Node, _ key: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ rule: KeyDecodingStrategy.Rule
    ) -> Bool {
        if record.header & JSONTape.notVerbatim == 0 {
            let start = bytes.baseAddress! + Int(record.offset)
            let length = Int(record.length)
            if rule == .useDefaultKeys || memchr(start, 0x5F, length) == nil {
                return length == key.count && (length == 0 || memcmp(start, key.baseAddress!, length) == 0)
            }
        }
        return withComparableKey(record, bytes, rule) { equal($0, key) }
    }

    /// Calls `body` with the bytes a JSON key compares as: itself, or converted from snake_case.
    private static func withComparableKey<R>(
        _ record: JSONTape.Node, _ bytes: UnsafeBufferPointer<UInt8>, _ rule: KeyDecodingStrategy.Rule,
        _ body: (UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        let content = UnsafeBufferPointer(rebasing: bytes[Int(record.offset)..<Int(record.offset + record.length)])
        if record.header & JSONTape.notVerbatim != 0 {
            let unescaped = JSONStringDecoding.unescape(content)
            var key = rule == .useDefaultKeys ? unescaped : SnakeCase.convert(unescaped)
            return key.withUTF8(body)
        }
        if rule == .useDefaultKeys || memchr(content.baseAddress!, 0x5F, content.count) == nil {
            return body(content)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.count) { buffer in
            if let length = SnakeCase.convertASCII(content, into: buffer.baseAddress!) {
                return body(UnsafeBufferPointer(rebasing: buffer[..<length]))
            }
            var key = SnakeCase.convert(String(decoding: content, as: UTF8.self))
            return key.withUTF8(body)
        }
    }

    @inline(__always)
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// A fast hash of a short byte string: eight bytes at a time, then the tail.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: key.count) &* 0x9E37_79B9_7F4A_7C15
        guard let base = key.baseAddress else { return hash ^ (hash >> 29) }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= key.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < key.count {
            tail |= UInt64(key[i]) << shift
            shift += 8
            i += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}
