import APIMapping
import Testing

@Suite("Hex dump lines")
struct HexDumpTests {
    static let pngStart: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x02, 0x80, 0x7E, 0x7F, 0x20,
    ]

    @Test(arguments: [
        (0, "00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|"),
        (16, "00000010  00 00 02 80 7e 7f 20                              |....~. |"),
        (4, "00000004  0d 0a 1a 0a 00 00 00 0d  49 48 44 52 00 00 02 80  |........IHDR....|"),
        (23, "00000017                                                    ||"),
        (99, "00000063                                                    ||"),
        (-5, "00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|"),
    ])
    func line(offset: Int, expected: String) {
        #expect(HexDump.line(Self.pngStart, at: offset) == expected)
    }

    @Test(arguments: [
        (Array("Hello, world!\n".utf8), "00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a        |Hello, world!.|"),
        (Array("12345678".utf8), "00000000  31 32 33 34 35 36 37 38                           |12345678|"),
        ([], "00000000                                                    ||"),
    ])
    func shortBodies(bytes: [UInt8], expected: String) {
        #expect(HexDump.line(bytes, at: 0) == expected)
    }

    @Test("Every line is as wide up to its ASCII column")
    func asciiColumnAligns() {
        for length in 0...16 {
            let line = HexDump.line([UInt8](repeating: 0x41, count: length), at: 0)
            #expect(line.firstIndex(of: "|").map { line.distance(from: line.startIndex, to: $0) } == 60)
        }
    }

    @Test(arguments: [
        (0, 0), (-1, 0), (1, 1), (15, 1), (16, 1), (17, 2), (52_428_800, 3_276_800), (Int.max, 576_460_752_303_423_488),
    ])
    func lineCount(byteCount: Int, expected: Int) {
        #expect(HexDump.lineCount(byteCount: byteCount) == expected)
    }

    @Test("The last line of a 50 MB body, with offsets past eight digits")
    func largeOffsets() {
        let body = [UInt8](repeating: 0x2E, count: 52_428_801)
        let last = (HexDump.lineCount(byteCount: body.count) - 1) * 16
        #expect(HexDump.line(body, at: last).hasPrefix("03200000  2e  "))
        #expect(HexDump.line([UInt8](repeating: 0, count: 1), at: 0x1_0000_0000).hasPrefix("100000000  "))
    }
}
