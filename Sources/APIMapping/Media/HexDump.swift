/// Classic `hexdump -C` lines, one at a time, for a viewer that scrolls through a large body.
///
/// Each line shows the offset in eight hex digits, sixteen bytes in two groups of eight, and the same
/// bytes as ASCII with anything outside `0x20`–`0x7E` shown as `.`. A line reads only its own sixteen
/// bytes, so drawing one screen of a 50 MB body costs the same as drawing one of a 50-byte body.
///
/// ```swift
/// let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
/// HexDump.line(png, at: 0)
/// // "00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|"
/// HexDump.lineCount(byteCount: png.count)  // 1
/// ```
public enum HexDump {
    /// How many bytes one line shows.
    static let bytesPerLine = 16

    /// The line for the (up to) sixteen bytes starting at `offset`.
    ///
    /// A last, short line is padded so its ASCII column starts where the full lines' do. An offset past the
    /// end gives a line with that offset and no bytes; a negative offset is read as 0. Offsets past
    /// `0xFFFFFFFF` print with as many digits as they need.
    ///
    /// ```swift
    /// HexDump.line(Array("Hello, world!\n".utf8), at: 0)
    /// // "00000000  48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a        |Hello, world!.|"
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The whole body; only the sixteen bytes at `offset` are read.
    ///   - offset: The first byte of the line, usually a multiple of 16 (line number × 16).
    /// - Returns: The line, without a trailing newline.
    public static func line(_ bytes: [UInt8], at offset: Int) -> String {
        let requested = max(offset, 0)
        let start = min(requested, bytes.count)
        let end = start + min(bytesPerLine, bytes.count - start)
        let shown = bytes[start..<end]

        var text: [UInt8] = []
        text.reserveCapacity(80)
        let digits = Array(String(requested, radix: 16).utf8)
        text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 8 - digits.count)))
        text.append(contentsOf: digits)
        text.append(contentsOf: [0x20, 0x20])
        for column in 0..<bytesPerLine {
            if column < shown.count {
                let byte = shown[shown.startIndex + column]
                text.append(hexDigits[Int(byte >> 4)])
                text.append(hexDigits[Int(byte & 0x0F)])
                text.append(0x20)
            } else {
                text.append(contentsOf: [0x20, 0x20, 0x20])
            }
            if column == 7 {
                text.append(0x20)
            }
        }
        text.append(contentsOf: [0x20, UInt8(ascii: "|")])
        for byte in shown {
            text.append((0x20...0x7E).contains(byte) ? byte : UInt8(ascii: "."))
        }
        text.append(UInt8(ascii: "|"))
        return String(decoding: text, as: UTF8.self)
    }

    /// How many lines ``line(_:at:)`` takes to show `byteCount` bytes: line `n` starts at offset `n × 16`.
    ///
    /// ```swift
    /// HexDump.lineCount(byteCount: 0)   // 0
    /// HexDump.lineCount(byteCount: 16)  // 1
    /// HexDump.lineCount(byteCount: 17)  // 2
    /// ```
    ///
    /// - Parameter byteCount: The body's size; a negative size counts as empty.
    /// - Returns: The number of lines, rounded up.
    public static func lineCount(byteCount: Int) -> Int {
        guard byteCount > 0 else { return 0 }
        return byteCount / bytesPerLine + (byteCount % bytesPerLine == 0 ? 0 : 1)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
