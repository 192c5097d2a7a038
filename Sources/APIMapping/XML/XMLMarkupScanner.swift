/// A byte-level pass over XML markup before libxml2 sees it: entity declarations are refused
/// outright, whatever they point at.
///
/// It reads ASCII-compatible bytes (see ``XMLInputEncoding``) and only recognises markup; the parser
/// checks well-formedness. The answer is safe when the scanner misreads a malformed document: an
/// entity declaration is reported whenever the bytes `<!ENTITY` appear outside comments and CDATA
/// sections.
enum XMLMarkupScanner {
    /// The offset of the first `<!ENTITY` outside comments and CDATA sections.
    ///
    /// A comment or CDATA section ends at the first `-->` or `]]>` bytes, so the regions skipped here
    /// are never larger than those the parser skips: every declaration the parser would act on is
    /// found.
    static func firstEntityDeclaration(in bytes: [UInt8]) -> Int? {
        // Over the raw buffer: `firstIndex(of:)` finds each `<` without a bounds check per byte.
        bytes.withUnsafeBufferPointer { bytes in
            var i = 0
            while let open = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
                i = open
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
    }

    static func matches(_ literal: StaticString, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset >= 0, offset + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for k in 0..<count where bytes[offset + k] != start[k] { return false }
        return true
    }

    /// The offset just after the first `terminator` at or after `from`, or the end of the input.
    static func skip(past terminator: StaticString, from: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let first = terminator.utf8Start[0]
        var k = min(from, bytes.count)
        while let candidate = bytes[k...].firstIndex(of: first) {
            if matches(terminator, at: candidate, in: bytes) { return candidate + terminator.utf8CodeUnitCount }
            k = candidate + 1
        }
        return bytes.count
    }
}
