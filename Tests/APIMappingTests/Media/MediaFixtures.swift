/// Image files built in code, byte by byte, so each test shows exactly which header field it exercises.
///
/// The PNG is complete and valid (CRC-32 on every chunk, a stored zlib stream with its Adler-32); the others
/// carry a real header and the minimum that follows it, which is all a header reader looks at.
enum MediaFixtures {
    // MARK: - PNG

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A valid RGBA PNG of the given size, every pixel transparent black.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        var header = bigEndian(width) + bigEndian(height)
        header += [8, 6, 0, 0, 0]  // 8-bit depth, RGBA, deflate, adaptive filtering, no interlace
        let row = [UInt8](repeating: 0, count: 1 + 4 * Int(width))  // filter byte 0, then the pixels
        let raw = Array([[UInt8]](repeating: row, count: Int(height)).joined())
        return pngSignature + pngChunk("IHDR", header) + pngChunk("IDAT", zlibStored(raw)) + pngChunk("IEND", [])
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// One uncompressed deflate block in a zlib wrapper: no compression needed to make a valid stream.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        let length = UInt16(data.count)
        return [0x78, 0x01, 0x01] + littleEndian16(length) + littleEndian16(~length) + data + bigEndian(adler32(data))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var (low, high): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            low = (low + UInt32(byte)) % 65_521
            high = (high + low) % 65_521
        }
        return high << 16 | low
    }

    // MARK: - GIF

    /// A GIF89a with a two-colour global table, one image descriptor covering the screen, and the trailer.
    static func gif(width: UInt16, height: UInt16, version: String = "GIF89a") -> [UInt8] {
        var bytes = Array(version.utf8) + littleEndian16(width) + littleEndian16(height)
        bytes += [0x80, 0x00, 0x00]  // global colour table of 2 entries, background 0, no aspect ratio
        bytes += [0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF]
        bytes += [0x2C, 0x00, 0x00, 0x00, 0x00] + littleEndian16(width) + littleEndian16(height) + [0x00]
        bytes += [0x02, 0x02, 0x44, 0x01, 0x00]  // LZW minimum code size 2, one data sub-block
        return bytes + [0x3B]
    }

    // MARK: - JPEG

    static let jpegStart: [UInt8] = [0xFF, 0xD8]
    static let jpegEnd: [UInt8] = [0xFF, 0xD9]

    /// A marker segment: `FF`, the marker, a length counting itself, the payload.
    static func jpegSegment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian16(UInt16(payload.count + 2)) + payload
    }

    /// The JFIF APP0 segment: version 1.1, no density units, 1:1, no thumbnail.
    static let jfif = jpegSegment(0xE0, Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0])

    /// A frame header (SOF0 unless told) for a three-component 4:2:0 image.
    static func frameHeader(width: UInt16, height: UInt16, marker: UInt8 = 0xC0) -> [UInt8] {
        let components: [UInt8] = [0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        return jpegSegment(marker, [0x08] + bigEndian16(height) + bigEndian16(width) + [0x03] + components)
    }

    /// SOI, APP0, a frame header, EOI.
    static func jpeg(width: UInt16, height: UInt16) -> [UInt8] {
        jpegStart + jfif + frameHeader(width: width, height: height) + jpegEnd
    }

    // MARK: - WebP

    /// The RIFF container around one chunk, with the sizes filled in.
    static func webp(chunk fourCC: String, _ data: [UInt8]) -> [UInt8] {
        let chunk = Array(fourCC.utf8) + littleEndian32(UInt32(data.count)) + data
        return Array("RIFF".utf8) + littleEndian32(UInt32(4 + chunk.count)) + Array("WEBP".utf8) + chunk
    }

    /// Lossy: a key-frame tag, the start code, 14-bit sides (scale bits set, which must be masked off).
    static func webpLossy(width: UInt16, height: UInt16) -> [UInt8] {
        let frameTag: [UInt8] = [0x10, 0x02, 0x00]
        let sides = littleEndian16(width | 0x4000) + littleEndian16(height | 0xC000)
        return webp(chunk: "VP8 ", frameTag + [0x9D, 0x01, 0x2A] + sides)
    }

    /// Lossless: signature 0x2F, then width − 1 and height − 1 in 14 bits each, no alpha, version 0.
    static func webpLossless(width: UInt32, height: UInt32) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        return webp(chunk: "VP8L", [0x2F] + littleEndian32(bits))
    }

    /// Extended: flags, three reserved bytes, 24-bit canvas width − 1 and height − 1.
    static func webpExtended(width: UInt32, height: UInt32) -> [UInt8] {
        let data = [0x10, 0x00, 0x00, 0x00] + Array(littleEndian32(width - 1).prefix(3))
        return webp(chunk: "VP8X", data + Array(littleEndian32(height - 1).prefix(3)))
    }

    // MARK: - BMP

    /// A file header and a BITMAPINFOHEADER (40 bytes) for a 24-bit image, without the pixels.
    static func bmp(width: Int32, height: Int32) -> [UInt8] {
        var info = littleEndian32(40) + littleEndian32(UInt32(bitPattern: width))
        info += littleEndian32(UInt32(bitPattern: height)) + littleEndian16(1) + littleEndian16(24)
        info += [UInt8](repeating: 0, count: 24)  // compression, sizes, resolution, palette counts
        let fileHeader = Array("BM".utf8) + littleEndian32(UInt32(14 + info.count)) + [0, 0, 0, 0]
        return fileHeader + littleEndian32(UInt32(14 + info.count)) + info
    }

    /// A file header and a 12-byte BITMAPCOREHEADER, whose sides are unsigned 16-bit.
    static func bmpCore(width: UInt16, height: UInt16) -> [UInt8] {
        let info =
            littleEndian32(12) + littleEndian16(width) + littleEndian16(height) + littleEndian16(1)
            + littleEndian16(24)
        return Array("BM".utf8) + littleEndian32(26) + [0, 0, 0, 0] + littleEndian32(26) + info
    }

    // MARK: - Integers

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func bigEndian16(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    static func littleEndian16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    static func littleEndian32(_ value: UInt32) -> [UInt8] {
        bigEndian(value).reversed()
    }
}
