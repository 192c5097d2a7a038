/// How an XML input is encoded, read from its byte order mark and encoding declaration before any
/// parsing (XML 1.0 appendix F), and the input as bytes in which ASCII characters are plain bytes.
///
/// libxml2 reads many encodings, some of which (UTF-7, EBCDIC, ISO-2022) could spell markup such as
/// `<!ENTITY` in bytes that are not ASCII. Our safety checks and workarounds scan bytes, so only
/// encodings in which every ASCII character is its own byte are accepted, plus UTF-16; every one of
/// them is transcoded to UTF-8 here, so libxml2 only ever reads UTF-8; any other is refused with
/// an ``XMLConversionError`` of kind `.unsupportedEncoding`, naming it.
struct XMLInputEncoding {
    /// The input starts with the UTF-8 byte order mark.
    let hasUTF8ByteOrderMark: Bool
    /// The name given by `encoding="…"`, as written.
    let declaredName: String?
    /// What the scanner and the parser read: the input as UTF-8, with a declaration then saying `UTF-8`.
    let bytes: [UInt8]

    /// Detects the encoding of `input` and checks it is one we accept.
    ///
    /// - Throws: ``XMLConversionError``: `unsupportedEncoding` for UTF-32, EBCDIC and declared
    ///   encodings whose ASCII characters are not plain bytes; `malformed` for invalid UTF-16.
    init(detecting input: [UInt8]) throws(XMLConversionError) {
        let head = Array(input.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - input.count))
        func refuse(_ message: String, column: Int = 1) -> XMLConversionError {
            XMLConversionError(.unsupportedEncoding.detail(message), line: 1, column: column)
        }
        var utf16BigEndian: Bool?
        switch Self.family(ofFirstFour: head) {
        case .utf32:
            throw refuse("unsupported encoding: the document is UTF-32; use UTF-8 or UTF-16")
        case .ebcdic:
            throw refuse("unsupported encoding: the document is EBCDIC; use UTF-8 or UTF-16")
        case .utf16(let bigEndian):
            utf16BigEndian = bigEndian
        case .asciiCompatible:
            utf16BigEndian = nil
        }
        hasUTF8ByteOrderMark = head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF
        var bytes = input
        if let bigEndian = utf16BigEndian { bytes = try Self.transcodingUTF16(input, bigEndian: bigEndian) }

        guard let declared = Self.declaredEncoding(in: bytes) else {
            declaredName = nil
            self.bytes = bytes
            return
        }
        declaredName = declared.name
        let name = Self.normalized(declared.name)
        let column = declared.range.lowerBound + 1 - (hasUTF8ByteOrderMark ? 3 : 0)
        if utf16BigEndian != nil {
            guard Self.utf16Names.contains(name) else {
                throw refuse("the document is UTF-16 but declares encoding '\(declared.name)'", column: column)
            }
        } else if !hasUTF8ByteOrderMark {
            if Self.utf16Names.contains(name) || name.hasPrefix("utf32") || name.hasPrefix("ucs4") {
                throw refuse("the document declares encoding '\(declared.name)' but its bytes are not", column: column)
            }
            guard Self.asciiCompatibleNames.contains(name) else {
                throw refuse(
                    "unsupported encoding '\(declared.name)': accepted are UTF-8, UTF-16, ISO-8859-x, windows-125x "
                        + "and the ASCII-compatible CJK encodings (GB2312, GBK, GB18030, Big5, Shift_JIS, EUC-JP, "
                        + "EUC-KR)",
                    column: column)
            }
        }
        // Every other accepted encoding is converted to UTF-8 here: libxml2 is never asked to convert.
        if utf16BigEndian == nil && !hasUTF8ByteOrderMark && name != "utf8" {
            bytes = try Self.transcodingToUTF8(bytes, from: declared.name, column: column)
        }
        // Transcoded input, and UTF-8 after a byte order mark (which wins over the declaration, as
        // in the HTML standard and newer libxml2 versions), must be declared UTF-8 for the parser.
        if name != "utf8" {
            bytes = Self.declaringUTF8(bytes, nameRange: declared.range)
        }
        self.bytes = bytes
    }

    /// What the first four bytes of an input (padded when shorter) say of its encoding (XML 1.0 appendix F).
    private enum Family {
        case utf32, ebcdic
        case utf16(bigEndian: Bool)
        /// UTF-8 or an encoding its declaration names.
        case asciiCompatible
    }

    private static func family(ofFirstFour head: [UInt8]) -> Family {
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF), (0xFF, 0xFE, 0x00, 0x00), (0x00, 0x00, 0x00, 0x3C), (0x3C, 0x00, 0x00, 0x00),
            (0x00, 0x00, 0x3C, 0x00), (0x00, 0x3C, 0x00, 0x00):
            .utf32
        case (0x4C, 0x6F, 0xA7, 0x94): .ebcdic
        case (0xFE, 0xFF, _, _), (0x00, 0x3C, 0x00, 0x3F): .utf16(bigEndian: true)
        case (0xFF, 0xFE, _, _), (0x3C, 0x00, 0x3F, 0x00): .utf16(bigEndian: false)
        default: .asciiCompatible
        }
    }

    /// The encoding of an input that starts with `head`, when the input is UTF-8 that
    /// ``init(detecting:)`` would accept and leave as it is: its bytes can then go to the parser as
    /// they are read. `nil` when the input must be detected, and maybe transcoded, whole (UTF-16,
    /// another declared encoding, or one refused).
    ///
    /// - Parameter head: The input's first 1,024 bytes, or all of it when shorter: enough to hold
    ///   any encoding declaration ``declaredEncoding(in:)`` finds.
    static func unchangedUTF8(head: [UInt8]) -> (declaredName: String?, hasUTF8ByteOrderMark: Bool)? {
        let first = Array(head.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - head.count))
        guard case .asciiCompatible = family(ofFirstFour: first) else { return nil }
        let hasByteOrderMark = first[0] == 0xEF && first[1] == 0xBB && first[2] == 0xBF
        guard let declared = declaredEncoding(in: head) else { return (nil, hasByteOrderMark) }
        guard normalized(declared.name) == "utf8" else { return nil }
        return (declared.name, hasByteOrderMark)
    }

    /// UTF-16 as UTF-8, without the byte order mark.
    ///
    /// - Throws: `malformed` at the first unpaired surrogate or odd trailing byte.
    private static func transcodingUTF16(_ input: [UInt8], bigEndian: Bool) throws(XMLConversionError) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(input.count / 2)
        var i = 0
        while i + 1 < input.count {
            let (high, low) = bigEndian ? (input[i], input[i + 1]) : (input[i + 1], input[i])
            units.append(UInt16(high) << 8 | UInt16(low))
            i += 2
        }
        if units.first == 0xFEFF { units.removeFirst() }
        var output: [UInt8] = []
        output.reserveCapacity(units.count + units.count / 2)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) {
            output.append($0)
        }
        if failed || input.count % 2 == 1 {
            let position = output.withUnsafeBufferPointer { TextPosition(of: $0.count, in: $0) }
            throw XMLConversionError(
                .malformed.detail("invalid UTF-16 (an unpaired surrogate or a missing byte)"), line: position.line,
                column: position.column)
        }
        return output
    }

    /// `bytes` with the encoding name at `nameRange` replaced by `UTF-8`, padded with spaces after the
    /// closing quote so that columns stay put.
    private static func declaringUTF8(_ bytes: [UInt8], nameRange: Range<Int>) -> [UInt8] {
        var rewritten = Array(bytes[..<nameRange.lowerBound])
        rewritten += Array("UTF-8".utf8)
        rewritten.append(bytes[nameRange.upperBound])  // the closing quote
        rewritten += [UInt8](repeating: 0x20, count: max(0, nameRange.count - 5))
        rewritten += bytes[(nameRange.upperBound + 1)...]
        return rewritten
    }

    /// The value of `encoding` in an XML declaration at the start of `bytes` (after a UTF-8 byte
    /// order mark), with its byte range.
    static func declaredEncoding(in bytes: [UInt8]) -> (name: String, range: Range<Int>)? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard bytes[start...].starts(with: Array("<?xml".utf8)), bytes.count > start + 5,
            isXMLWhitespace(bytes[start + 5])
        else { return nil }
        // The declaration ends at the first "?>"; it is short, so a bounded search is enough.
        let limit = min(bytes.count, start + 512)
        var end = start + 5
        while end + 1 < limit, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) { end += 1 }
        let keyword = Array("encoding".utf8)
        var i = start + 5
        while i + keyword.count <= end {
            guard bytes[i..<i + keyword.count].elementsEqual(keyword) else {
                i += 1
                continue
            }
            var j = i + keyword.count
            while j < end, isXMLWhitespace(bytes[j]) { j += 1 }
            guard j < end, bytes[j] == UInt8(ascii: "=") else { return nil }
            j += 1
            while j < end, isXMLWhitespace(bytes[j]) { j += 1 }
            guard j < end, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[j]
            let nameStart = j + 1
            var nameEnd = nameStart
            while nameEnd < end, bytes[nameEnd] != quote { nameEnd += 1 }
            guard nameEnd < end else { return nil }
            return (String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self), nameStart..<nameEnd)
        }
        return nil
    }

    /// Lowercased, without `-`, `_`, `.` and spaces: `ISO-8859-1` → `iso88591`.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !"-_. ".unicodeScalars.contains($0) })
    }

    static let utf16Names: Set<String> = ["utf16", "utf16le", "utf16be", "ucs2", "iso10646ucs2", "unicode"]

    /// Encodings in which a byte below 0x80 is always that ASCII character, so that scanning bytes
    /// for markup finds exactly what the parser will see. Multi-byte CJK encodings qualify: their
    /// second bytes never fall on `<`, `!`, `?`, `-`, `>` or quotes.
    static let asciiCompatibleNames: Set<String> = {
        var names: Set<String> = [
            "utf8", "usascii", "ascii", "gb2312", "gbk", "gb18030", "cp936", "euccn", "big5", "big5hkscs", "cp950",
            "shiftjis", "sjis", "xsjis", "windows31j", "cp932", "mskanji", "eucjp", "euckr", "cp949", "ksc56011987",
            "koi8r", "koi8u", "tis620", "windows874", "cp874", "macintosh", "macroman", "xmacroman", "cp437",
            "cp850", "cp866", "ibm437", "ibm850", "ibm866",
        ]
        for part in 1...16 where part != 12 { names.insert("iso8859\(part)") }
        for part in 1...10 { names.insert("latin\(part)") }
        for page in 1250...1258 {
            names.insert("windows\(page)")
            names.insert("cp\(page)")
        }
        return names
    }()
}
