import Foundation

/// Finds the members of one object by coding key, without building strings or dictionaries.
///
/// Objects with fewer than ``tableThreshold`` members are scanned (comparing lengths, then bytes).
/// Larger ones are looked up through a ``MemberTable``: the context keeps one per nesting depth,
/// so consecutive objects at one depth (the elements of an array) share it, and an object with
/// the same keys in the same order as the previous one reuses its hash table and converted keys.
/// Either way the last member with a key wins, and under
/// ``KeyDecodingStrategy/convertFromSnakeCase`` a JSON key is compared in its converted form.
struct MemberLookup {
    /// Objects with at least this many members are looked up through a ``MemberTable``.
    static let tableThreshold = 4

    let object: Int
    private let table: UnsafeMutablePointer<MemberTable>?

    init(object: Int, depth: Int, context: DecodingContext) {
        self.object = object
        if context.nodes[object].length >= Self.tableThreshold {
            let table = context.memberTable(depth: depth)
            table.pointee.describe(object: object, context: context)
            self.table = table
        } else {
            self.table = nil
        }
    }

    /// A lookup that always scans; for one-off lookups.
    init(linearIn object: Int) {
        self.object = object
        table = nil
    }

    /// The value node of the last member whose key matches `key`, or `nil`.
    func find(_ key: String, context: DecodingContext) -> Int? {
        if let table, table.pointee.owner != object {
            // Another container at this depth used the table since; describe this object again.
            table.pointee.describe(object: object, context: context)
        }
        var key = key
        return key.withUTF8 { key in
            context.bytes.withUnsafeBufferPointer { bytes in
                if let table {
                    return table.pointee.find(key, bytes)
                }
                return context.nodes.withUnsafeBufferPointer { nodes in
                    Self.scan(object, key, nodes, bytes, context.keyRule)
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

    /// Whether the JSON key `record` matches the coding key `key` under `rule`.
    @inline(__always)
    static func matches(
        _ record: JSONTape.Node, _ key: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>,
        _ rule: KeyDecodingStrategy.Rule
    ) -> Bool {
        if record.header & JSONTape.notVerbatim == 0 {
            let start = bytes.baseAddress! + Int(record.offset)
            let length = Int(record.length)
            if rule == .useDefaultKeys || memchr(start, 0x5F, length) == nil {
                return length == key.count && (length == 0 || bytesEqual(start, key.baseAddress!, length))
            }
        }
        return withComparableKey(record, bytes, rule) { equal($0, key) }
    }

    /// Calls `body` with the bytes a JSON key compares as: itself, or converted from snake_case.
    static func withComparableKey<R>(
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
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || bytesEqual(a.baseAddress!, b.baseAddress!, a.count))
    }

    /// `memcmp(a, b, count) == 0` for the short strings keys are, without the call.
    @inline(__always)
    static func bytesEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let rawA = UnsafeRawPointer(a)
        let rawB = UnsafeRawPointer(b)
        var i = 0
        while i + 8 <= count {
            if rawA.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != rawB.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
                return false
            }
            i += 8
        }
        while i < count {
            if a[i] != b[i] { return false }
            i += 1
        }
        return true
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
