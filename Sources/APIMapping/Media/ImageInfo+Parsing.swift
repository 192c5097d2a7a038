extension ImageInfo {
    static func parse(_ bytes: ImageBytes) -> ImageInfo? {
        switch MediaKind.sniff(bytes.bytes) {
        case .png: parsePNG(bytes)
        case .gif: parseGIF(bytes)
        case .jpeg: parseJPEG(bytes)
        case .webp: parseWebP(bytes)
        case .bmp: parseBMP(bytes)
        default: nil
        }
    }

    // MARK: - PNG

    private static let pngHeaderChunk = Array("IHDR".utf8)

    /// The `IHDR` chunk must come first and hold 13 bytes; PNG caps each side at 2³¹ − 1.
    private static func parsePNG(_ bytes: ImageBytes) -> ImageInfo? {
        guard bytes.bigEndian32(at: 8) == 13, bytes.matches(pngHeaderChunk, at: 12), bytes.contains(13, at: 16),
            let width = bytes.bigEndian32(at: 16), let height = bytes.bigEndian32(at: 20),
            width <= UInt32(Int32.max), height <= UInt32(Int32.max)
        else { return nil }
        return ImageInfo(kind: .png, width: Int(width), height: Int(height))
    }

    // MARK: - GIF

    /// The logical screen descriptor follows the six-byte signature: width, height, flags, background,
    /// aspect ratio.
    private static func parseGIF(_ bytes: ImageBytes) -> ImageInfo? {
        guard bytes.contains(7, at: 6), let width = bytes.littleEndian16(at: 6),
            let height = bytes.littleEndian16(at: 8)
        else { return nil }
        return ImageInfo(kind: .gif, width: width, height: height)
    }

    // MARK: - JPEG

    /// Walks the marker segments after SOI to the first frame header (SOF0–SOF15, which share a layout).
    ///
    /// Every pass moves forward by at least one byte and every read is checked, so the walk ends at the end
    /// of the data whatever the segment lengths say. A scan, the end of the image, a byte where a marker
    /// should be, or a length below 2 (which counts only itself) ends it with `nil`.
    private static func parseJPEG(_ bytes: ImageBytes) -> ImageInfo? {
        var offset = 2
        while true {
            guard bytes.byte(at: offset) == 0xFF else { return nil }
            var markerOffset = offset + 1
            while bytes.byte(at: markerOffset) == 0xFF {
                markerOffset += 1
            }
            guard let marker = bytes.byte(at: markerOffset) else { return nil }
            let segment = markerOffset + 1
            switch marker {
            case 0x01, 0xD0...0xD8:
                offset = segment
                continue
            case 0x00, 0xD9, 0xDA:
                return nil
            default:
                break
            }
            guard let length = bytes.bigEndian16(at: segment), length >= 2 else { return nil }
            if isFrameHeader(marker) {
                // Length, sample precision, height, width, component count, then three bytes a component.
                guard length >= 8, bytes.contains(length, at: segment), let height = bytes.bigEndian16(at: segment + 3),
                    let width = bytes.bigEndian16(at: segment + 5)
                else { return nil }
                return ImageInfo(kind: .jpeg, width: width, height: height)
            }
            offset = segment + length
        }
    }

    /// SOF0–SOF15, less the three markers in that range that are something else: DHT (`C4`), the reserved
    /// JPG (`C8`) and DAC (`CC`).
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    // MARK: - WebP

    private static let lossyChunk = Array("VP8 ".utf8)
    private static let losslessChunk = Array("VP8L".utf8)
    private static let extendedChunk = Array("VP8X".utf8)
    private static let lossyStartCode: [UInt8] = [0x9D, 0x01, 0x2A]

    /// The first chunk after the twelve-byte RIFF header decides the layout; its data starts at offset 20.
    private static func parseWebP(_ bytes: ImageBytes) -> ImageInfo? {
        if bytes.matches(lossyChunk, at: 12) {
            // Frame tag (3 bytes), start code, then 14-bit width and height with a 2-bit scale above each.
            guard bytes.matches(lossyStartCode, at: 23), let width = bytes.littleEndian16(at: 26),
                let height = bytes.littleEndian16(at: 28)
            else { return nil }
            return ImageInfo(kind: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        }
        if bytes.matches(losslessChunk, at: 12) {
            // Signature 0x2F, then 14 bits of width − 1, 14 of height − 1, an alpha bit and a 3-bit version 0.
            guard bytes.byte(at: 20) == 0x2F, let bits = bytes.littleEndian32(at: 21), bits >> 29 == 0 else {
                return nil
            }
            return ImageInfo(kind: .webp, width: Int(bits & 0x3FFF) + 1, height: Int((bits >> 14) & 0x3FFF) + 1)
        }
        if bytes.matches(extendedChunk, at: 12) {
            // Flags and three reserved bytes, then 24-bit canvas width − 1 and height − 1.
            guard let width = bytes.littleEndian24(at: 24), let height = bytes.littleEndian24(at: 27) else {
                return nil
            }
            return ImageInfo(kind: .webp, width: width + 1, height: height + 1)
        }
        return nil
    }

    // MARK: - BMP

    /// The DIB header after the 14-byte file header: the 12-byte core header holds unsigned 16-bit sides, all
    /// later ones signed 32-bit sides, where a negative height marks a top-down bitmap.
    private static func parseBMP(_ bytes: ImageBytes) -> ImageInfo? {
        guard let headerSize = bytes.littleEndian32(at: 14).flatMap({ Int(exactly: $0) }),
            bytes.contains(headerSize, at: 14)
        else {
            return nil
        }
        if headerSize == 12 {
            guard let width = bytes.littleEndian16(at: 18), let height = bytes.littleEndian16(at: 20) else {
                return nil
            }
            return ImageInfo(kind: .bmp, width: width, height: height)
        }
        guard let width = bytes.littleEndian32(at: 18), let height = bytes.littleEndian32(at: 22) else {
            return nil
        }
        // Widened before `abs`, which traps on Int32.min in 32 bits and is exact in 64.
        return ImageInfo(kind: .bmp, width: Int(Int32(bitPattern: width)), height: abs(Int(Int32(bitPattern: height))))
    }
}
