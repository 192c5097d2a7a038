/// Decoding the content of a validated JSON string literal.
enum JSONStringDecoding {
    /// Decodes escapes in `content` (the bytes between the quotes, already validated by the parser).
    /// Lone surrogates, which only the `.replace` policy lets through, become U+FFFD.
    static func unescape(_ content: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var i = 0
        while i < content.count {
            let byte = content[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            let escape = content[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let unit = hexUnit(content, i)
                i += 4
                var scalar: UInt32 = 0xFFFD
                if unit >= 0xD800 && unit <= 0xDBFF, i + 5 < content.count, content[i] == UInt8(ascii: "\\"),
                    content[i + 1] == UInt8(ascii: "u")
                {
                    let low = hexUnit(content, i + 2)
                    if low >= 0xDC00 && low <= 0xDFFF {
                        scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        i += 6
                    }
                } else if unit < 0xD800 || unit > 0xDFFF {
                    scalar = UInt32(unit)
                }
                appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &out)
            default:
                out.append(escape)  // \" \\ \/
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexUnit(_ content: UnsafeBufferPointer<UInt8>, _ k: Int) -> UInt16 {
        var value: UInt16 = 0
        for offset in k..<k + 4 { value = value << 4 | UInt16(hexValue(content[offset]) ?? 0) }
        return value
    }

    static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }
}
