/// Bounds-checked reads at offsets from the start of an image, each `nil` past the end, so header parsers
/// never index out of range or trap on hostile offsets.
struct ImageBytes {
    /// The whole image, for sniffing (which reads only its first 4096 bytes).
    let bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    /// Whether `length` bytes starting at `offset` are all present.
    func contains(_ length: Int, at offset: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && bytes.count - offset >= length
    }

    func byte(at offset: Int) -> UInt8? {
        guard contains(1, at: offset) else { return nil }
        return bytes[bytes.startIndex + offset]
    }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard contains(expected.count, at: offset) else { return false }
        let start = bytes.startIndex + offset
        return bytes[start..<(start + expected.count)].elementsEqual(expected)
    }

    func bigEndian16(at offset: Int) -> Int? {
        unsigned(at: offset, length: 2, bigEndian: true).map(Int.init)
    }

    func bigEndian32(at offset: Int) -> UInt32? {
        unsigned(at: offset, length: 4, bigEndian: true)
    }

    func littleEndian16(at offset: Int) -> Int? {
        unsigned(at: offset, length: 2, bigEndian: false).map(Int.init)
    }

    func littleEndian24(at offset: Int) -> Int? {
        unsigned(at: offset, length: 3, bigEndian: false).map(Int.init)
    }

    func littleEndian32(at offset: Int) -> UInt32? {
        unsigned(at: offset, length: 4, bigEndian: false)
    }

    private func unsigned(at offset: Int, length: Int, bigEndian: Bool) -> UInt32? {
        guard contains(length, at: offset) else { return nil }
        var value: UInt32 = 0
        for position in 0..<length {
            let byte = UInt32(bytes[bytes.startIndex + offset + (bigEndian ? position : length - 1 - position)])
            value = value << 8 | byte
        }
        return value
    }
}
