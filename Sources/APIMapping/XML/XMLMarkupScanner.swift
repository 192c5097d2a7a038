/// A byte-level pass over XML markup, for the two things `XMLParser` does not tell us: whether the
/// document declares entities, and the order of each element's attributes (it hands them over in a
/// dictionary).
///
/// It reads ASCII-compatible bytes (see ``XMLInputEncoding``) and only recognises markup; the parser
/// checks well-formedness. Both answers are safe when the scanner misreads a malformed document: an
/// entity declaration is reported whenever the bytes `<!ENTITY` appear outside comments and CDATA
/// sections, and attribute names it cannot match fall back to alphabetical order.
struct XMLMarkupScanner {
    let bytes: [UInt8]
    private var i = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The offset of the first `<!ENTITY` outside comments and CDATA sections.
    ///
    /// A comment or CDATA section ends at the first `-->` or `]]>` bytes, so the regions skipped here
    /// are never larger than those the parser skips: every declaration the parser would act on is
    /// found.
    static func firstEntityDeclaration(in bytes: [UInt8]) -> Int? {
        let entity = Array("<!ENTITY".utf8)
        var i = 0
        let end = bytes.count
        while i < end {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if matches("<!--", at: i, in: bytes) {
                i = skip(past: "-->", from: i + 4, in: bytes)
            } else if matches("<![CDATA[", at: i, in: bytes) {
                i = skip(past: "]]>", from: i + 9, in: bytes)
            } else if bytes[i...].starts(with: entity) {
                return i
            } else {
                i += 1
            }
        }
        return nil
    }

    /// Moves to the next start tag and returns its attribute names in document order, or `nil` when
    /// there is none. Names are read only when `names` is true; otherwise the result is empty.
    mutating func nextStartTag(names: Bool) -> [String]? {
        let end = bytes.count
        while i < end {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if matches("<!--", at: i, in: bytes) {
                i = Self.skip(past: "-->", from: i + 4, in: bytes)
            } else if matches("<![CDATA[", at: i, in: bytes) {
                i = Self.skip(past: "]]>", from: i + 9, in: bytes)
            } else if matches("<?", at: i, in: bytes) {
                i = Self.skip(past: "?>", from: i + 2, in: bytes)
            } else if matches("<!", at: i, in: bytes) {
                skipDeclaration()
            } else if matches("</", at: i, in: bytes) {
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
        while i < end, !isBlank(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
        var result: [String] = []
        while i < end {
            while i < end, isBlank(bytes[i]) { i += 1 }
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
            while i < end, !isBlank(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">") { i += 1 }
            if names { result.append(String(decoding: bytes[nameStart..<i], as: UTF8.self)) }
            while i < end, isBlank(bytes[i]) { i += 1 }
            guard i < end, bytes[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < end, isBlank(bytes[i]) { i += 1 }
            guard i < end, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { continue }
            let quote = bytes[i]
            i += 1
            while i < end, bytes[i] != quote { i += 1 }
            i += 1
        }
        return result
    }

    /// Skips `<!DOCTYPE …>` (with its internal subset) or another `<!…>` declaration.
    private mutating func skipDeclaration() {
        let end = bytes.count
        i += 2
        var depth = 0
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                i = Self.skip(past: byte == UInt8(ascii: "\"") ? "\"" : "'", from: i + 1, in: bytes)
            } else if matches("<!--", at: i, in: bytes) {
                i = Self.skip(past: "-->", from: i + 4, in: bytes)
            } else if matches("<?", at: i, in: bytes) {
                i = Self.skip(past: "?>", from: i + 2, in: bytes)
            } else if byte == UInt8(ascii: "[") {
                depth += 1
                i += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
                i += 1
            } else if byte == UInt8(ascii: ">") && depth <= 0 {
                i += 1
                return
            } else {
                i += 1
            }
        }
    }

    private func matches(_ literal: StaticString, at offset: Int, in bytes: [UInt8]) -> Bool {
        Self.matches(literal, at: offset, in: bytes)
    }

    private static func matches(_ literal: StaticString, at offset: Int, in bytes: [UInt8]) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for k in 0..<count where bytes[offset + k] != start[k] { return false }
        return true
    }

    /// The offset just after the first `terminator` at or after `from`, or the end of the input.
    private static func skip(past terminator: StaticString, from: Int, in bytes: [UInt8]) -> Int {
        let first = terminator.utf8Start[0]
        var k = from
        while k < bytes.count {
            if bytes[k] == first, matches(terminator, at: k, in: bytes) { return k + terminator.utf8CodeUnitCount }
            k += 1
        }
        return bytes.count
    }

    private func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
