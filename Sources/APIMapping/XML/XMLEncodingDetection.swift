/// How an XML input is encoded, read from its byte order mark and encoding declaration before any
/// parsing (XML 1.0 appendix F).
///
/// libxml2 reads many encodings, some of which (UTF-7, EBCDIC, ISO-2022) could spell markup such as
/// `<!ENTITY` in bytes that are not ASCII. Our safety checks scan bytes, so only encodings in which
/// every ASCII character is its own byte (or UTF-16, which we transcode for the scan) are accepted;
/// any other is refused with ``XMLConversionError/Kind/unsupportedEncoding``.
struct XMLInputEncoding {
    /// How the bytes relate to ASCII.
    enum Form: Equatable {
        /// ASCII characters are their own bytes: UTF-8, ISO-8859-x, windows-125x, GB2312, Shift_JIS…
        case asciiCompatible
        /// UTF-16, recognised by its byte order mark or by `<?` as two-byte units.
        case utf16(bigEndian: Bool)
    }

    let form: Form
    /// The input starts with the UTF-8 byte order mark.
    let hasUTF8ByteOrderMark: Bool
    /// The bytes the markup scanner reads: the input itself, or UTF-16 transcoded to UTF-8.
    let scanBytes: [UInt8]
    /// The name given by `encoding="…"` and the byte range of that name in ``scanBytes``.
    let declared: (name: String, range: Range<Int>)?

    /// Detects the encoding of `bytes` and checks it is one we accept.
    ///
    /// - Throws: ``XMLConversionError`` (`unsupportedEncoding`) for UTF-32, EBCDIC and declared
    ///   encodings whose ASCII characters are not plain bytes, naming the encoding.
    init(detecting bytes: [UInt8]) throws(XMLConversionError) {
        let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
        func refuse(_ message: String, column: Int = 1) -> XMLConversionError {
            XMLConversionError(.unsupportedEncoding.detail(message), line: 1, column: column)
        }
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF), (0xFF, 0xFE, 0x00, 0x00), (0x00, 0x00, 0x00, 0x3C), (0x3C, 0x00, 0x00, 0x00),
            (0x00, 0x00, 0x3C, 0x00), (0x00, 0x3C, 0x00, 0x00):
            throw refuse("unsupported encoding: the document is UTF-32; use UTF-8 or UTF-16")
        case (0x4C, 0x6F, 0xA7, 0x94):
            throw refuse("unsupported encoding: the document is EBCDIC; use UTF-8 or UTF-16")
        case (0xFE, 0xFF, _, _), (0x00, 0x3C, 0x00, 0x3F):
            form = .utf16(bigEndian: true)
        case (0xFF, 0xFE, _, _), (0x3C, 0x00, 0x3F, 0x00):
            form = .utf16(bigEndian: false)
        default:
            form = .asciiCompatible
        }
        hasUTF8ByteOrderMark = head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF
        scanBytes = Self.scanBytes(for: bytes, form: form)
        declared = Self.declaredEncoding(in: scanBytes)

        guard let declared else { return }
        let name = Self.normalized(declared.name)
        let column = declared.range.lowerBound + 1 - (hasUTF8ByteOrderMark ? 3 : 0)
        switch form {
        case .utf16:
            guard Self.utf16Names.contains(name) else {
                throw refuse("the document is UTF-16 but declares encoding '\(declared.name)'", column: column)
            }
        case .asciiCompatible:
            if !hasUTF8ByteOrderMark && (Self.utf16Names.contains(name) || name.hasPrefix("utf32")) {
                throw refuse("the document declares encoding '\(declared.name)' but its bytes are not", column: column)
            }
            // A UTF-8 byte order mark wins over the declaration; see `parserBytes(for:)`.
            guard hasUTF8ByteOrderMark || Self.asciiCompatibleNames.contains(name) else {
                throw refuse(
                    "unsupported encoding '\(declared.name)': accepted are UTF-8, UTF-16, ISO-8859-x, windows-125x "
                        + "and the ASCII-compatible CJK encodings (GB2312, GBK, GB18030, Big5, Shift_JIS, EUC-JP, "
                        + "EUC-KR)",
                    column: column)
            }
        }
    }

    /// The input itself, or UTF-16 transcoded to UTF-8 without its byte order mark.
    private static func scanBytes(for bytes: [UInt8], form: Form) -> [UInt8] {
        guard case .utf16(let bigEndian) = form else { return bytes }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = 0
        while i + 1 < bytes.count {
            let (high, low) = bigEndian ? (bytes[i], bytes[i + 1]) : (bytes[i + 1], bytes[i])
            units.append(UInt16(high) << 8 | UInt16(low))
            i += 2
        }
        if units.first == 0xFEFF { units.removeFirst() }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// The bytes for the parser: the input, except that after a UTF-8 byte order mark a declaration
    /// naming another encoding is rewritten to `UTF-8` (padded with spaces so columns stay put), as
    /// the HTML standard and newer libxml2 versions let the mark win.
    func parserBytes(for bytes: [UInt8]) -> [UInt8] {
        guard hasUTF8ByteOrderMark, let declared, Self.normalized(declared.name) != "utf8" else { return bytes }
        var rewritten = Array(bytes[..<declared.range.lowerBound])
        rewritten += Array("UTF-8".utf8)
        // The closing quote follows the name; the padding goes after it, where blanks are allowed.
        let quote = declared.range.upperBound
        rewritten.append(bytes[quote])
        rewritten += [UInt8](repeating: 0x20, count: max(0, declared.range.count - 5))
        rewritten += bytes[(quote + 1)...]
        return rewritten
    }

    /// The value of `encoding` in an XML declaration at the start of `scan` (after a UTF-8 byte
    /// order mark), with its byte range.
    static func declaredEncoding(in scan: [UInt8]) -> (name: String, range: Range<Int>)? {
        var start = 0
        if scan.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        guard scan[start...].starts(with: Array("<?xml".utf8)), scan.count > start + 5,
            isBlank(scan[start + 5])
        else { return nil }
        // The declaration ends at the first "?>"; it is short, so a bounded search is enough.
        let limit = min(scan.count, start + 512)
        var end = start + 5
        while end + 1 < limit, !(scan[end] == UInt8(ascii: "?") && scan[end + 1] == UInt8(ascii: ">")) { end += 1 }
        let keyword = Array("encoding".utf8)
        var i = start + 5
        while i + keyword.count <= end {
            guard scan[i..<i + keyword.count].elementsEqual(keyword) else {
                i += 1
                continue
            }
            var j = i + keyword.count
            while j < end, isBlank(scan[j]) { j += 1 }
            guard j < end, scan[j] == UInt8(ascii: "=") else { return nil }
            j += 1
            while j < end, isBlank(scan[j]) { j += 1 }
            guard j < end, scan[j] == UInt8(ascii: "\"") || scan[j] == UInt8(ascii: "'") else { return nil }
            let quote = scan[j]
            let nameStart = j + 1
            var nameEnd = nameStart
            while nameEnd < end, scan[nameEnd] != quote { nameEnd += 1 }
            guard nameEnd < end else { return nil }
            let name = String(decoding: scan[nameStart..<nameEnd], as: UTF8.self)
            return (name, nameStart..<nameEnd)
        }
        return nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Lowercased, without `-`, `_`, `.` and spaces: `ISO-8859-1` → `iso88591`.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !"-_. ".unicodeScalars.contains($0) })
    }

    static let utf16Names: Set<String> = ["utf16", "utf16le", "utf16be", "ucs2", "iso10646ucs2", "unicode"]

    /// Encodings in which a byte below 0x80 is always that ASCII character, so that scanning bytes
    /// for markup finds exactly what the parser will see. Multi-byte CJK encodings qualify: their
    /// second bytes never fall on `<`, `!`, `-`, `>` or quotes.
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
