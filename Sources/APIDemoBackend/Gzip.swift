/// A minimal gzip encoder (RFC 1952) using deflate's stored blocks (RFC 1951 §3.2.4).
///
/// The demo needs a *valid* gzip body, not a small one, and Hummingbird brings no compressor; stored blocks
/// keep this dependency-free and every decoder accepts them.
enum Gzip {
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]
        let blockSize = 65_535
        var offset = 0
        repeat {
            let end = min(offset + blockSize, bytes.count)
            let length = end - offset
            out.append(end == bytes.count ? 1 : 0)  // BFINAL, BTYPE 00 (stored)
            out.append(contentsOf: littleEndian16(UInt16(length)))
            out.append(contentsOf: littleEndian16(~UInt16(length)))
            out.append(contentsOf: bytes[offset..<end])
            offset = end
        } while offset < bytes.count
        out.append(contentsOf: littleEndian32(crc32(bytes)))
        out.append(contentsOf: littleEndian32(UInt32(truncatingIfNeeded: bytes.count)))
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~crc32(bytes, continuing: 0xffff_ffff)
    }

    /// Feeds `bytes` to a running CRC-32 register (before the final inversion).
    static func crc32(_ bytes: [UInt8], continuing crc: UInt32) -> UInt32 {
        var crc = crc
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xff)] ^ (crc >> 8)
        }
        return crc
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 {
            c = c & 1 == 1 ? 0xedb8_8320 ^ (c >> 1) : c >> 1
        }
        return c
    }

    private static func littleEndian16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xff), UInt8(value >> 8)]
    }

    private static func littleEndian32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xff) }
    }
}
