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
        line(bytes, at: offset, bytesPerLine: bytesPerLine)
    }

    /// The line for the (up to) `bytesPerLine` bytes starting at `offset`, in the same layout: the hex
    /// bytes in groups of eight, then the ASCII column. A viewer picks the count that fills its width
    /// (``bytesPerLine(fittingWidth:)``).
    ///
    /// ```swift
    /// HexDump.line(Array("Hello, world!\n".utf8), at: 8, bytesPerLine: 8)
    /// // "00000008  6f 72 6c 64 21 0a        |orld!.|"
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: The whole body; only the bytes of the line are read.
    ///   - offset: The first byte of the line (line number × `bytesPerLine`).
    ///   - bytesPerLine: How many bytes a line shows, at least 1.
    /// - Returns: The line, without a trailing newline.
    public static func line(_ bytes: [UInt8], at offset: Int, bytesPerLine: Int) -> String {
        let bytesPerLine = max(bytesPerLine, 1)
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
            if column % 8 == 7, column != bytesPerLine - 1 {
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
        lineCount(byteCount: byteCount, bytesPerLine: bytesPerLine)
    }

    /// How many lines of `bytesPerLine` bytes show `byteCount` bytes.
    ///
    /// - Parameters:
    ///   - byteCount: The body's size; a negative size counts as empty.
    ///   - bytesPerLine: The bytes a line shows, at least 1.
    /// - Returns: The number of lines, rounded up.
    public static func lineCount(byteCount: Int, bytesPerLine: Int) -> Int {
        let bytesPerLine = max(bytesPerLine, 1)
        guard byteCount > 0 else { return 0 }
        return byteCount / bytesPerLine + (byteCount % bytesPerLine == 0 ? 0 : 1)
    }

    /// The display width of a line of `bytesPerLine` bytes (offsets below 2³² long): the offset, three
    /// columns a byte plus a space between groups of eight, and the ASCII column between bars.
    ///
    /// ```swift
    /// HexDump.width(bytesPerLine: 16)  // 78, as `hexdump -C`
    /// ```
    public static func width(bytesPerLine: Int) -> Int {
        let count = max(bytesPerLine, 1)
        return 13 + 4 * count + (count - 1) / 8
    }

    /// The most bytes a line can show within `width` columns, ASCII column included: a multiple of four
    /// from 4 to 64 (4 when even that does not fit).
    ///
    /// ```swift
    /// HexDump.bytesPerLine(fittingWidth: 80)   // 16
    /// HexDump.bytesPerLine(fittingWidth: 120)  // 24
    /// HexDump.bytesPerLine(fittingWidth: 50)   // 8
    /// ```
    public static func bytesPerLine(fittingWidth width: Int) -> Int {
        stride(from: 64, through: 4, by: -4).first { Self.width(bytesPerLine: $0) <= width } ?? 4
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
