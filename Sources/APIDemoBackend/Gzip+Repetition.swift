extension Gzip {
    /// A gzip body of `prefix`, `count` copies of `byte`, then `suffix`, compressed for real: one fixed-Huffman
    /// deflate block (RFC 1951 §3.2.6) where the run is a chain of 258-byte back-references.
    ///
    /// Each reference costs 13 bits, so the body expands about 150 times: a decompression bomb in miniature.
    static func encodeRepetition(prefix: [UInt8], byte: UInt8, count: Int, suffix: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.bytes = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]
        writer.write(1, bits: 1)  // BFINAL
        writer.write(1, bits: 2)  // BTYPE 01: fixed Huffman codes
        for literal in prefix { writer.writeLiteral(literal) }
        var remaining = count
        if remaining > 0 {
            writer.writeLiteral(byte)
            remaining -= 1
        }
        while remaining >= 258 {
            writer.writeHuffman(0xc5, length: 8)  // length code 285: 258 bytes, no extra bits
            writer.writeHuffman(0, length: 5)  // distance code 0: distance 1
            remaining -= 258
        }
        for _ in 0..<remaining { writer.writeLiteral(byte) }
        for literal in suffix { writer.writeLiteral(literal) }
        writer.writeHuffman(0, length: 7)  // end of block
        writer.flush()

        var crc: UInt32 = 0xffff_ffff
        crc = crc32(prefix, continuing: crc)
        crc = crc32(repeating: byte, count: count, continuing: crc)
        crc = crc32(suffix, continuing: crc)
        let total = prefix.count + count + suffix.count
        for shift in stride(from: 0, to: 32, by: 8) { writer.bytes.append(UInt8((~crc >> UInt32(shift)) & 0xff)) }
        for shift in stride(from: 0, to: 32, by: 8) {
            writer.bytes.append(UInt8((UInt32(truncatingIfNeeded: total) >> UInt32(shift)) & 0xff))
        }
        return writer.bytes
    }

    private static func crc32(repeating byte: UInt8, count: Int, continuing crc: UInt32) -> UInt32 {
        var crc = crc
        for _ in 0..<count { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8) }
        return crc
    }

    /// Deflate packs values from the least significant bit, but Huffman codes from their most significant bit.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var buffer: UInt32 = 0
        private var count = 0

        mutating func write(_ value: UInt32, bits: Int) {
            buffer |= value << UInt32(count)
            count += bits
            while count >= 8 {
                bytes.append(UInt8(buffer & 0xff))
                buffer >>= 8
                count -= 8
            }
        }

        mutating func writeHuffman(_ code: UInt32, length: Int) {
            var reversed: UInt32 = 0
            for bit in 0..<length where code & (1 << UInt32(bit)) != 0 {
                reversed |= 1 << UInt32(length - 1 - bit)
            }
            write(reversed, bits: length)
        }

        mutating func writeLiteral(_ literal: UInt8) {
            if literal < 144 {
                writeHuffman(0x30 + UInt32(literal), length: 8)
            } else {
                writeHuffman(0x190 + UInt32(literal) - 144, length: 9)
            }
        }

        mutating func flush() {
            if count > 0 { bytes.append(UInt8(buffer & 0xff)) }
            buffer = 0
            count = 0
        }
    }
}
