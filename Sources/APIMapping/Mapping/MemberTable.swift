import Foundation

/// The keys of one object, indexed for lookup by coding key; reused from object to object.
///
/// Describing an object records its value nodes by member position. When its keys are the same
/// bytes in the same order as those of the object described before (the usual case for the
/// elements of an array), that is all: the hash table and the comparable keys (converted from
/// snake_case, unescaped) still hold. Otherwise they are rebuilt.
///
/// Lookups first try the member after the last one found, since types usually decode their keys
/// in the order the JSON has them; the hash table answers the rest. The shortcut is off when the
/// object repeats a key, so the last member with a key always wins.
///
/// All storage is manually managed and owned by the ``DecodingContext``; a table lives at a stable
/// address, so containers hold a pointer to it without reference counting.
struct MemberTable {
    /// The object whose value nodes ``values`` holds; -1 for none.
    private(set) var owner = -1
    /// The member count of the described shape; -1 before the first description.
    private var count = -1
    private var hasDuplicates = false
    /// The member position the next lookup tries first.
    private var hint = 0
    private var rule: KeyDecodingStrategy.Rule = .useDefaultKeys

    /// Per member position, room for `capacity`.
    private var capacity = 0
    /// The key records of the object the shape was taken from.
    private var shape: UnsafeMutablePointer<JSONTape.Node>?
    /// Where each key's comparable bytes are: in the document, or in ``arena``.
    private var keys: UnsafeMutablePointer<KeyBytes>?
    /// The value node of each member of ``owner``.
    private var values: UnsafeMutablePointer<Int>?

    /// Hash slots: the upper 32 bits of the key's hash, then the member position + 1; 0 is empty.
    private var slots: UnsafeMutablePointer<UInt64>?
    private var slotCount = 0
    private var mask = 0

    /// Converted and unescaped keys.
    private var arena: UnsafeMutablePointer<UInt8>?
    private var arenaCapacity = 0
    private var arenaCount = 0

    private struct KeyBytes {
        var offset: Int
        var length: Int
        var inArena: Bool
    }

    func deallocate() {
        shape?.deallocate()
        keys?.deallocate()
        values?.deallocate()
        slots?.deallocate()
        arena?.deallocate()
    }

    /// Makes the table describe `object`.
    mutating func describe(object: Int, context: DecodingContext) {
        let memberCount = Int(context.nodes[object].length)
        reserve(memberCount)
        let shape = self.shape!
        let values = self.values!
        var sameShape = memberCount == count && rule == context.keyRule
        context.nodes.withUnsafeBufferPointer { nodes in
            context.bytes.withUnsafeBufferPointer { bytes in
                var keyNode = object + 1
                for position in 0..<memberCount {
                    let record = nodes[keyNode]
                    if sameShape { sameShape = Self.sameKey(shape[position], record, bytes) }
                    values[position] = keyNode + 1
                    keyNode = Int(nodes[keyNode + 1].next)
                }
            }
        }
        owner = object
        hint = 0
        if !sameShape { rebuild(count: memberCount, context: context) }
    }

    /// The value node of the last member whose comparable key is `key`, or `nil`.
    mutating func find(_ key: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let keys = self.keys!
        if !hasDuplicates, hint < count, MemberLookup.equal(comparable(keys[hint], bytes), key) {
            return found(hint)
        }
        let hash = MemberLookup.hash(key)
        let tag = hash >> 32
        var slot = Int(truncatingIfNeeded: hash) & mask
        let slots = self.slots!
        while true {
            let entry = slots[slot]
            if entry == 0 { return nil }
            let position = Int(entry & 0xFFFF_FFFF) - 1
            if entry >> 32 == tag && MemberLookup.equal(comparable(keys[position], bytes), key) {
                return found(position)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Moves the hint past a hit and returns its value node.
    @inline(__always)
    private mutating func found(_ position: Int) -> Int {
        hint = position + 1
        return values![position]
    }

    @inline(__always)
    private func comparable(_ key: KeyBytes, _ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let base = key.inArena ? UnsafePointer(arena!) : bytes.baseAddress!
        return UnsafeBufferPointer(start: base + key.offset, count: key.length)
    }

    private static func sameKey(
        _ a: JSONTape.Node, _ b: JSONTape.Node, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        a.length == b.length && a.header == b.header
            && MemberLookup.bytesEqual(
                bytes.baseAddress! + Int(a.offset), bytes.baseAddress! + Int(b.offset), Int(a.length))
    }

    private mutating func reserve(_ memberCount: Int) {
        guard memberCount > capacity else { return }
        shape?.deallocate()
        keys?.deallocate()
        values?.deallocate()
        capacity = max(memberCount, 2 * capacity)
        shape = .allocate(capacity: capacity)
        keys = .allocate(capacity: capacity)
        values = .allocate(capacity: capacity)
        count = -1  // the shape records are gone
    }

    /// Takes the shape of ``owner``: its key records, comparable keys and hash table.
    private mutating func rebuild(count memberCount: Int, context: DecodingContext) {
        count = memberCount
        rule = context.keyRule
        hasDuplicates = false
        arenaCount = 0
        var size = 8
        while size < memberCount * 2 { size <<= 1 }
        if size > slotCount {
            slots?.deallocate()
            slots = .allocate(capacity: size)
            slotCount = size
        }
        let slots = self.slots!
        slots.update(repeating: 0, count: size)
        mask = size - 1
        let shape = self.shape!
        let keys = self.keys!
        let values = self.values!
        context.nodes.withUnsafeBufferPointer { nodes in
            context.bytes.withUnsafeBufferPointer { bytes in
                for position in 0..<memberCount {
                    let record = nodes[values[position] - 1]
                    shape[position] = record
                    keys[position] = comparableKey(record, bytes)
                }
                for position in 0..<memberCount {
                    let key = comparable(keys[position], bytes)
                    let hash = MemberLookup.hash(key)
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while slots[slot] != 0 {
                        let existing = Int(slots[slot] & 0xFFFF_FFFF) - 1
                        if slots[slot] >> 32 == hash >> 32,
                            MemberLookup.equal(comparable(keys[existing], bytes), key)
                        {
                            hasDuplicates = true  // the later member replaces the earlier
                            break
                        }
                        slot = (slot + 1) & mask
                    }
                    slots[slot] = (hash >> 32) << 32 | UInt64(position + 1)
                }
            }
        }
    }

    /// Where the bytes a key compares as are: the document's bytes when the key is verbatim and
    /// needs no conversion, else a converted copy in the arena.
    private mutating func comparableKey(_ record: JSONTape.Node, _ bytes: UnsafeBufferPointer<UInt8>) -> KeyBytes {
        let content = UnsafeBufferPointer(rebasing: bytes[Int(record.offset)..<Int(record.offset + record.length)])
        if record.header & JSONTape.notVerbatim == 0
            && (rule == .useDefaultKeys || memchr(content.baseAddress!, 0x5F, content.count) == nil)
        {
            return KeyBytes(offset: Int(record.offset), length: Int(record.length), inArena: false)
        }
        return MemberLookup.withComparableKey(record, bytes, rule) { converted in
            appendToArena(converted)
        }
    }

    private mutating func appendToArena(_ key: UnsafeBufferPointer<UInt8>) -> KeyBytes {
        if arenaCount + key.count > arenaCapacity {
            let newCapacity = max(256, 2 * (arenaCount + key.count))
            let newArena = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            if let arena {
                newArena.update(from: arena, count: arenaCount)
                arena.deallocate()
            }
            arena = newArena
            arenaCapacity = newCapacity
        }
        if let base = key.baseAddress { (arena! + arenaCount).update(from: base, count: key.count) }
        defer { arenaCount += key.count }
        return KeyBytes(offset: arenaCount, length: key.count, inArena: true)
    }
}
