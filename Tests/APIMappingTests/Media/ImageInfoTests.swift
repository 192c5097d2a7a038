import APIMapping
import APITesting
import Testing

@Suite("Reading image sizes")
struct ImageInfoTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// `ImageInfo.description`, or `nil` when no size should be read.
        let expected: String?

        init(_ name: String, _ bytes: [UInt8], _ expected: String?) {
            (self.name, self.bytes, self.expected) = (name, bytes, expected)
        }

        var testDescription: String { name }
    }

    typealias F = MediaFixtures

    static let png: [Case] = [
        Case("PNG 1×1", F.png(width: 1, height: 1), "PNG 1×1"),
        Case(
            "PNG 640×480 header",
            F.pngSignature + F.pngChunk("IHDR", F.bigEndian(640) + F.bigEndian(480) + [8, 2, 0, 0, 0]),
            "PNG 640×480"),
        Case(
            "PNG largest side",
            F.pngSignature + F.pngChunk("IHDR", F.bigEndian(0x7FFF_FFFF) + F.bigEndian(1) + [8, 2, 0, 0, 0]),
            "PNG 2147483647×1"),
        Case("PNG signature only", F.pngSignature, nil),
        Case("PNG cut inside IHDR", Array(F.png(width: 1, height: 1).prefix(28)), nil),
        Case("PNG zero width", F.png(width: 0, height: 1), nil),
        Case(
            "PNG side past 2³¹ − 1",
            F.pngSignature + F.pngChunk("IHDR", F.bigEndian(0x8000_0000) + F.bigEndian(1) + [8, 2, 0, 0, 0]),
            nil),
        Case(
            "PNG whose first chunk is not IHDR", F.pngSignature + F.pngChunk("IDAT", [UInt8](repeating: 1, count: 13)),
            nil),
    ]

    static let gif: [Case] = [
        Case("GIF89a 3×2", F.gif(width: 3, height: 2), "GIF 3×2"),
        Case("GIF87a 65535×1", F.gif(width: 65_535, height: 1, version: "GIF87a"), "GIF 65535×1"),
        Case("GIF zero height", F.gif(width: 3, height: 0), nil),
        Case("GIF cut in the screen descriptor", Array(F.gif(width: 3, height: 2).prefix(12)), nil),
    ]

    static let jpeg: [Case] = [
        Case("JPEG APP0 + SOF0 640×480", F.jpeg(width: 640, height: 480), "JPEG 640×480"),
        Case("JPEG progressive (SOF2)", F.jpegStart + F.frameHeader(width: 10, height: 20, marker: 0xC2), "JPEG 10×20"),
        Case(
            "JPEG DHT before SOF is not a frame",
            F.jpegStart + F.jpegSegment(0xC4, [0x00, 0x01, 0x02, 0x03, 0x04, 0x05])
                + F.frameHeader(width: 7, height: 9),
            "JPEG 7×9"),
        Case(
            "JPEG DAC and JPG are not frames",
            F.jpegStart + F.jpegSegment(0xCC, [0, 0, 0, 0, 0, 0]) + F.jpegSegment(0xC8, [0, 0, 0, 0, 0, 0])
                + F.frameHeader(width: 3, height: 4),
            "JPEG 3×4"),
        Case(
            "JPEG fill bytes before a marker",
            F.jpegStart + [0xFF, 0xFF, 0xFF] + F.jfif + [0xFF, 0xFF] + F.frameHeader(width: 5, height: 6),
            "JPEG 5×6"),
        Case(
            "JPEG standalone markers", F.jpegStart + [0xFF, 0xD0, 0xFF, 0x01] + F.frameHeader(width: 8, height: 8),
            "JPEG 8×8"),
        Case(
            "JPEG large APP1",
            F.jpegStart + F.jpegSegment(0xE1, [UInt8](repeating: 0xFF, count: 65_533))
                + F.frameHeader(width: 2, height: 2),
            "JPEG 2×2"),
        Case(
            "JPEG segment length 0", F.jpegStart + [0xFF, 0xE0, 0x00, 0x00] + F.frameHeader(width: 1, height: 1), nil),
        Case(
            "JPEG segment length 1", F.jpegStart + [0xFF, 0xE0, 0x00, 0x01] + F.frameHeader(width: 1, height: 1), nil),
        Case("JPEG segment longer than the file", F.jpegStart + [0xFF, 0xE0, 0xFF, 0xFF, 0x00], nil),
        Case(
            "JPEG frame header shorter than its fields", F.jpegStart + [0xFF, 0xC0, 0x00, 0x05, 0x08, 0x00, 0x10], nil),
        Case("JPEG frame header cut short", Array(F.jpeg(width: 640, height: 480).prefix(30)), nil),
        Case("JPEG zero height (defined later by DNL)", F.jpeg(width: 640, height: 0), nil),
        Case(
            "JPEG scan before any frame",
            F.jpegStart + F.jpegSegment(0xDA, [0, 0, 0]) + F.frameHeader(width: 1, height: 1), nil),
        Case("JPEG ends before any frame", F.jpegStart + F.jfif + F.jpegEnd, nil),
        Case(
            "JPEG garbage where a marker should be", F.jpegStart + F.jfif + [0x00] + F.frameHeader(width: 1, height: 1),
            nil),
        Case("JPEG signature only", [0xFF, 0xD8, 0xFF], nil),
    ]

    static let webp: [Case] = [
        Case("WebP lossy 320×240", F.webpLossy(width: 320, height: 240), "WebP 320×240"),
        Case("WebP lossless 1×1", F.webpLossless(width: 1, height: 1), "WebP 1×1"),
        Case("WebP lossless 16384×16384", F.webpLossless(width: 16_384, height: 16_384), "WebP 16384×16384"),
        Case("WebP extended 1×1", F.webpExtended(width: 1, height: 1), "WebP 1×1"),
        Case("WebP extended 2²⁴ × 3", F.webpExtended(width: 16_777_216, height: 3), "WebP 16777216×3"),
        Case("WebP lossy zero width", F.webpLossy(width: 0, height: 240), nil),
        Case("WebP lossy without start code", F.webp(chunk: "VP8 ", [0, 0, 0, 0, 0, 0, 1, 0, 1, 0]), nil),
        Case("WebP lossless with a bad signature", F.webp(chunk: "VP8L", [0x2E, 0, 0, 0, 0]), nil),
        Case("WebP lossless of an unknown version", F.webp(chunk: "VP8L", [0x2F, 0, 0, 0, 0x20]), nil),
        Case("WebP extended cut short", Array(F.webpExtended(width: 9, height: 9).prefix(29)), nil),
        Case("WebP of an unknown chunk", F.webp(chunk: "ALPH", [0, 0, 0, 0]), nil),
    ]

    static let bmp: [Case] = [
        Case("BMP top-down 4×3", F.bmp(width: 4, height: -3), "BMP 4×3"),
        Case("BMP bottom-up 4×3", F.bmp(width: 4, height: 3), "BMP 4×3"),
        Case("BMP height Int32.min", F.bmp(width: 1, height: .min), "BMP 1×2147483648"),
        Case("BMP core header", F.bmpCore(width: 16, height: 9), "BMP 16×9"),
        Case("BMP negative width", F.bmp(width: -4, height: 3), nil),
        Case("BMP zero height", F.bmp(width: 4, height: 0), nil),
        Case("BMP cut inside the DIB header", Array(F.bmp(width: 4, height: 3).prefix(40)), nil),
    ]

    static let others: [Case] = [
        Case("empty", [], nil),
        Case("JSON", Array("{\"width\": 1}".utf8), nil),
        Case("PDF", Array("%PDF-1.7".utf8), nil),
    ]

    @Test(arguments: png + gif + jpeg + webp + bmp + others)
    func readsTheSize(_ sample: Case) {
        let info = ImageInfo(bytes: sample.bytes)
        #expect(info?.description == sample.expected)
        if let info {
            #expect(info.kind.isImage)
            #expect(MediaKind.sniff(sample.bytes) == info.kind)
        }
    }

    @Test func exposesKindAndSides() {
        let info = ImageInfo(bytes: F.jpeg(width: 640, height: 480))
        #expect(info?.kind == .jpeg)
        #expect(info?.width == 640)
        #expect(info?.height == 480)
    }

    @Test("Slices and other collections read the same as arrays")
    func readsAnyCollection() {
        let padded = [0x00] + F.gif(width: 3, height: 2)
        #expect(ImageInfo(bytes: padded.dropFirst())?.description == "GIF 3×2")
        #expect(ImageInfo(bytes: F.gif(width: 3, height: 2).reversed().reversed())?.description == "GIF 3×2")
    }

    static let fixtures: [[UInt8]] = [
        F.png(width: 2, height: 3), F.gif(width: 3, height: 2), F.jpeg(width: 640, height: 480),
        F.jpegStart + F.jfif + [0xFF, 0xD0] + F.jpegSegment(0xC4, [0, 1, 2]) + F.frameHeader(width: 1, height: 1),
        F.webpLossy(width: 320, height: 240), F.webpLossless(width: 5, height: 7), F.webpExtended(width: 9, height: 11),
        F.bmp(width: 4, height: -3), F.bmpCore(width: 16, height: 9),
    ]

    @Test("Every prefix of every fixture is read without a crash, and only the complete headers give a size")
    func everyPrefix() {
        for fixture in Self.fixtures {
            let full = ImageInfo(bytes: fixture)
            #expect(full != nil)
            var sawSize = false
            for length in 0...fixture.count {
                let info = ImageInfo(bytes: fixture.prefix(length))
                // Once the header is complete the size is read, and stays the same as the file grows.
                if sawSize {
                    #expect(info == full, "prefix of \(length) bytes")
                }
                sawSize = sawSize || info != nil
                _ = MediaKind.sniff(fixture.prefix(length))
            }
        }
    }

    @Test("2,000 seeded random mutations are read without a crash")
    func randomMutations() {
        var generator = SplitMix64(seed: 0x4D45_4449_41)
        for _ in 0..<2_000 {
            var bytes = Self.fixtures.randomElement(using: &generator)!
            for _ in 0...Int.random(in: 0...3, using: &generator) {
                mutate(&bytes, using: &generator)
            }
            if let info = ImageInfo(bytes: bytes) {
                #expect(info.width > 0 && info.height > 0 && info.kind.isImage)
            }
            let check = MediaCheck(bytes: bytes, contentType: "image/png")
            #expect(check.declared == .png)
            if !bytes.isEmpty {
                _ = HexDump.line(bytes, at: Int.random(in: 0..<bytes.count, using: &generator))
            }
        }
    }

    /// One of the edits that break parsers: a changed byte, a boundary value, a 16-bit field set to an
    /// extreme, an inserted or deleted run, a cut.
    private func mutate(_ bytes: inout [UInt8], using generator: inout SplitMix64) {
        guard !bytes.isEmpty else {
            bytes.append(UInt8.random(in: 0...255, using: &generator))
            return
        }
        let position = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            bytes[position] = UInt8.random(in: 0...255, using: &generator)
        case 1:
            bytes[position] = [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF].randomElement(using: &generator)!
        case 2:
            let value: UInt8 = Bool.random(using: &generator) ? 0x00 : 0xFF
            for index in position..<min(position + 2, bytes.count) {
                bytes[index] = value
            }
        case 3:
            let run = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            bytes.insert(contentsOf: run, at: position)
        case 4:
            bytes.removeSubrange(position..<min(position + Int.random(in: 1...8, using: &generator), bytes.count))
        default:
            bytes.removeSubrange(position...)
        }
    }
}
