/// UTF-8 text escaped as the inside of a JSON string, the way the XML converter writes it: quotes,
/// backslashes and controls escaped (`\n`, `\t`, `\r`, else `\u00XX`), everything else as it is.
///
/// It also tells whether ``JSONParser`` would mark the string ``JSONTape/notVerbatim``, so the
/// converter writes the tape the parser would have made of its text.
enum JSONTextEscaping {
    /// Escapes `source` into `output`, which has room for `capacity` bytes, at least twice
    /// `source.count`; returns the bytes written and whether the string is verbatim, or `nil` when a
    /// six-byte escape would not fit (call again with six times the room).
    ///
    /// A string is not verbatim when it holds an escape, DEL, or a character the JSON writer escapes
    /// (C1 and bidirectional controls): what ``JSONParser`` marks.
    static func escape(
        _ source: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, capacity: Int
    ) -> (count: Int, isVerbatim: Bool)? {
        guard let input = source.baseAddress else { return (0, true) }
        let count = source.count
        var written = 0
        var isVerbatim = true
        var run = 0
        var i = 0
        while i < count {
            // Eight bytes at a time while they are plain printable ASCII.
            while i + 8 <= count, !JSONParser.needsAttention(UnsafeRawPointer(input + i).loadUnaligned(as: UInt64.self))
            {
                i += 8
            }
            guard i < count else { break }
            let byte = input[i]
            if byte >= 0x80 {
                if isVerbatim, isEscapedOnOutput(source, at: i, lead: byte) { isVerbatim = false }
                i += 1
                continue
            }
            if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                if byte == 0x7F { isVerbatim = false }
                i += 1
                continue
            }
            (output + written).update(from: input + run, count: i - run)
            written += i - run
            isVerbatim = false
            let escaped: (UInt8, UInt8)?
            switch byte {
            case 0x22: escaped = (0x5C, 0x22)
            case 0x5C: escaped = (0x5C, 0x5C)
            case 0x0A: escaped = (0x5C, UInt8(ascii: "n"))
            case 0x09: escaped = (0x5C, UInt8(ascii: "t"))
            case 0x0D: escaped = (0x5C, UInt8(ascii: "r"))
            default: escaped = nil
            }
            if let (first, second) = escaped {
                output[written] = first
                output[written + 1] = second
                written += 2
            } else {
                // Room for this escape and, at two bytes each, everything after it.
                guard written + 6 + 2 * (count - i - 1) <= capacity else { return nil }
                let digits: StaticString = "0123456789abcdef"
                output[written] = 0x5C
                output[written + 1] = UInt8(ascii: "u")
                output[written + 2] = 0x30
                output[written + 3] = 0x30
                output[written + 4] = digits.utf8Start[Int(byte >> 4)]
                output[written + 5] = digits.utf8Start[Int(byte & 0xF)]
                written += 6
            }
            i += 1
            run = i
        }
        (output + written).update(from: input + run, count: count - run)
        written += count - run
        return (written, isVerbatim)
    }

    /// ``JSONParser/isEscapedOnOutput(_:at:lead:)`` for a sequence that may be cut short.
    @inline(__always)
    private static func isEscapedOnOutput(_ source: UnsafeBufferPointer<UInt8>, at i: Int, lead: UInt8) -> Bool {
        switch lead {
        case 0xC2, 0xD8: i + 2 <= source.count && JSONParser.isEscapedOnOutput(source, at: i, lead: lead)
        case 0xE2: i + 3 <= source.count && JSONParser.isEscapedOnOutput(source, at: i, lead: lead)
        default: false
        }
    }
}
