/// A byte-level pass over XML markup, for what Foundation's `XMLParser` does not do for us: refuse
/// entity declarations, avoid its crashes, and give each element's attributes in document order (it
/// hands them over in a dictionary).
///
/// It reads ASCII-compatible bytes (see ``XMLInputEncoding``) and only recognises markup; the parser
/// checks well-formedness. Every answer is safe when the scanner misreads a malformed document: an
/// entity declaration is reported whenever the bytes `<!ENTITY` appear outside comments and CDATA
/// sections, the parser stops at the first error before it could reach anything the scanner missed,
/// and attribute names it cannot match fall back to alphabetical order.
struct XMLMarkupScanner {
    private(set) var bytes: [UInt8]
    private var i = 0
    /// Whether to rewrite what `XMLParser` would crash on, rather than only read.
    private let rewrites: Bool

    init(bytes: [UInt8]) {
        self.bytes = bytes
        rewrites = false
    }

    private init(rewriting bytes: [UInt8]) {
        self.bytes = bytes
        rewrites = true
    }

    /// The offset of the first `<!ENTITY` outside comments and CDATA sections.
    ///
    /// A comment or CDATA section ends at the first `-->` or `]]>` bytes, so the regions skipped here
    /// are never larger than those the parser skips: every declaration the parser would act on is
    /// found.
    static func firstEntityDeclaration(in bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if matches("<!--", at: i, in: bytes) {
                i = skip(past: "-->", from: i + 4, in: bytes)
            } else if matches("<![CDATA[", at: i, in: bytes) {
                i = skip(past: "]]>", from: i + 9, in: bytes)
            } else if matches("<!ENTITY", at: i, in: bytes) {
                return i
            } else {
                i += 1
            }
        }
        return nil
    }

    /// `bytes` without what makes Foundation's `XMLParser` on Linux crash: it reads libxml2's null
    /// pointers as strings (a segmentation fault) for a processing instruction without data
    /// (`<?pi?>`), and for DTD declarations such as `<!ATTLIST a b CDATA #IMPLIED>` or
    /// `<!NOTATION n SYSTEM "x">`.
    ///
    /// - The internal DTD subset (`<!DOCTYPE r [ … ]>`) is blanked with spaces, line ends kept: it is
    ///   never used for the conversion.
    /// - `<?target?>` becomes `<?ppp ?>`, of the same length (one byte longer for a one-letter
    ///   target); processing instructions are dropped from the result anyway.
    static func neutralized(_ bytes: [UInt8]) -> [UInt8] {
        var scanner = XMLMarkupScanner(rewriting: bytes)
        while scanner.nextStartTag(names: false) != nil {}
        return scanner.bytes
    }

    /// Moves to the next start tag and returns its attribute names in document order, or `nil` when
    /// there is none. Names are read only when `names` is true; otherwise the result is empty.
    mutating func nextStartTag(names: Bool) -> [String]? {
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if matches("<!--", at: i) {
                i = Self.skip(past: "-->", from: i + 4, in: bytes)
            } else if matches("<![CDATA[", at: i) {
                i = Self.skip(past: "]]>", from: i + 9, in: bytes)
            } else if matches("<?", at: i) {
                skipProcessingInstruction()
            } else if matches("<!", at: i) {
                skipDeclaration()
            } else if matches("</", at: i) {
                i = Self.skip(past: ">", from: i + 2, in: bytes)
            } else {
                return readStartTag(names: names)
            }
        }
        return nil
    }

    /// Reads `<name attr="v" …>` or `… />` from `i`, leaving `i` after it.
    private mutating func readStartTag(names: Bool) -> [String] {
        let end = bytes.count
        i += 1
        while i < end, !isXMLWhitespace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") {
            i += 1
        }
        var result: [String] = []
        while i < end {
            while i < end, isXMLWhitespace(bytes[i]) { i += 1 }
            guard i < end else { break }
            let byte = bytes[i]
            if byte == UInt8(ascii: ">") {
                i += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                i += 1
                continue
            }
            let nameStart = i
            while i < end, !isXMLWhitespace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">") {
                i += 1
            }
            if names { result.append(String(decoding: bytes[nameStart..<i], as: UTF8.self)) }
            while i < end, isXMLWhitespace(bytes[i]) { i += 1 }
            guard i < end, bytes[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < end, isXMLWhitespace(bytes[i]) { i += 1 }
            guard i < end, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { continue }
            let quote = bytes[i]
            i += 1
            while i < end, bytes[i] != quote { i += 1 }
            i += 1
        }
        return result
    }

    /// Skips `<?target data?>` from `i`, giving a data-less one an empty data part when rewriting.
    private mutating func skipProcessingInstruction() {
        let targetStart = i + 2
        var targetEnd = targetStart
        while targetEnd < bytes.count, !isXMLWhitespace(bytes[targetEnd]), !matches("?>", at: targetEnd) {
            targetEnd += 1
        }
        let target = bytes[targetStart..<targetEnd]
        // `<?xml?>` is a (malformed) XML declaration, which the parser reports as an error, not a PI.
        let isDeclaration = target.count == 3 && String(decoding: target, as: UTF8.self).lowercased() == "xml"
        if rewrites, !target.isEmpty, !isDeclaration, matches("?>", at: targetEnd) {
            if target.count >= 2 {
                let replacement = [UInt8](repeating: UInt8(ascii: "p"), count: target.count - 1) + [0x20]
                bytes.replaceSubrange(targetStart..<targetEnd, with: replacement)
            } else {
                bytes.insert(0x20, at: targetEnd)
                targetEnd += 1
            }
        }
        i = Self.skip(past: "?>", from: targetEnd, in: bytes)
    }

    /// Skips `<!DOCTYPE …>` (with its internal subset, blanked when rewriting) or another `<!…>`.
    private mutating func skipDeclaration() {
        i += 2
        var depth = 0
        var subsetStart = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                i = Self.skip(past: byte == UInt8(ascii: "\"") ? "\"" : "'", from: i + 1, in: bytes)
            } else if matches("<!--", at: i) {
                i = Self.skip(past: "-->", from: i + 4, in: bytes)
            } else if matches("<?", at: i) {
                i = Self.skip(past: "?>", from: i + 2, in: bytes)
            } else if byte == UInt8(ascii: "[") {
                if depth == 0 { subsetStart = i + 1 }
                depth += 1
                i += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 && rewrites { blank(subsetStart..<i) }
                i += 1
            } else if byte == UInt8(ascii: ">") && depth <= 0 {
                i += 1
                return
            } else {
                i += 1
            }
        }
    }

    /// Spaces over `range`, keeping line ends so that line numbers stay right.
    private mutating func blank(_ range: Range<Int>) {
        for k in range where bytes[k] != 0x0A && bytes[k] != 0x0D { bytes[k] = 0x20 }
    }

    private func matches(_ literal: StaticString, at offset: Int) -> Bool {
        Self.matches(literal, at: offset, in: bytes)
    }

    static func matches(_ literal: StaticString, at offset: Int, in bytes: [UInt8]) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset >= 0, offset + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for k in 0..<count where bytes[offset + k] != start[k] { return false }
        return true
    }

    /// The offset just after the first `terminator` at or after `from`, or the end of the input.
    static func skip(past terminator: StaticString, from: Int, in bytes: [UInt8]) -> Int {
        let first = terminator.utf8Start[0]
        var k = from
        while k < bytes.count {
            if bytes[k] == first, matches(terminator, at: k, in: bytes) { return k + terminator.utf8CodeUnitCount }
            k += 1
        }
        return bytes.count
    }
}
