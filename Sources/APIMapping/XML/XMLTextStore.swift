#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The text of an XML document being converted (element text and attribute values, already escaped
/// as the insides of JSON strings) in one range of memory mapped for it, given back to the system a
/// block at a time once the JSON text holds it.
///
/// The JSON text is written in about the order the text was read, so the blocks behind the writer
/// are released as it goes and the text and the JSON made of it are never both whole in memory: on a
/// 20 MB feed that is 17 MB less at the peak. The memory is mapped directly rather than allocated,
/// because an allocator may keep freed blocks resident for reuse.
///
/// The range is reserved, not committed: a page costs memory only once written. ``XMLTreeBuilder``
/// reserves twice its input (no character grows by more when escaped, see
/// ``XMLTreeBuilder/appendEscaped(_:)``) and moves to a larger store if it ever needs to.
final class XMLTextStore {
    /// The unit of release: a multiple of any page size.
    static let blockSize = 1 << 20

    /// The first byte; `capacity` bytes from it are mapped.
    let base: UnsafeMutablePointer<UInt8>
    /// The mapped size, a whole number of pages.
    let capacity: Int
    /// Which blocks were given back already.
    private var released: [Bool]

    /// Maps at least `minimumCapacity` bytes; `nil` when the system refuses.
    init?(minimumCapacity: Int) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let capacity = (max(minimumCapacity, 1) + page - 1) / page * page
        #if canImport(Darwin)
            let flags = MAP_PRIVATE | MAP_ANON
        #else
            let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #endif
        guard let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, flags, -1, 0),
            mapped != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        base = mapped.assumingMemoryBound(to: UInt8.self)
        self.capacity = capacity
        released = Array(repeating: false, count: (capacity + Self.blockSize - 1) / Self.blockSize)
    }

    /// The number of blocks the mapping spans; the last may be partial.
    var blockCount: Int { released.count }

    /// Gives block `block` back to the system; its bytes must never be read again.
    func release(block: Int) {
        guard !released[block] else { return }
        released[block] = true
        let start = block * Self.blockSize
        munmap(base + start, min(Self.blockSize, capacity - start))
    }

    deinit {
        for block in released.indices where !released[block] {
            let start = block * Self.blockSize
            munmap(base + start, min(Self.blockSize, capacity - start))
        }
    }
}
