extension MediaKind {
    /// How many leading bytes ``sniff(_:)`` reads at most, whatever the size of the body.
    static let sniffWindow = 4096

    /// The kind the body's own bytes show, from magic numbers first and then from how the text starts.
    ///
    /// Images, PDF, ZIP and gzip are recognised by their signatures. Anything else must be valid UTF-8
    /// (a leading byte-order mark is skipped) without control characters other than tab, line feed, form
    /// feed, carriage return and escape; a multi-byte character cut off by the 4 KiB window still counts.
    /// Such text is JSON when it opens with `{` or `[` followed by what JSON allows there (so `[INFO] …`
    /// stays text), HTML when it opens with a doctype or one of the tags browsers sniff for (`<html`,
    /// `<head`, `<body`, `<div`, `<p`, …), XML for any other `<`, and plain text otherwise. Leading
    /// comments are skipped before deciding between HTML and XML.
    ///
    /// Only the first 4096 bytes are read, so sniffing a 50 MB body costs what sniffing 4 KiB does.
    /// A JSON scalar such as `42` or `"ok"` is valid JSON but sniffs as text.
    ///
    /// ```swift
    /// MediaKind.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])  // .png
    /// MediaKind.sniff(Array("\u{FEFF}  [1, 2]".utf8))                      // .json
    /// MediaKind.sniff(Array("<!DOCTYPE html><p>hi".utf8))                  // .html
    /// MediaKind.sniff(Array("<feed xmlns=\"…\">".utf8))                     // .xml
    /// MediaKind.sniff([0x00, 0x01, 0x02])                                  // .binary
    /// MediaKind.sniff([])                                                  // .empty
    /// ```
    ///
    /// - Parameter bytes: The body, or any prefix of it at least 4096 bytes long.
    /// - Returns: The detected kind; `.empty` for no bytes, `.binary` when nothing else fits.
    public static func sniff(_ bytes: some Collection<UInt8>) -> MediaKind {
        let window = Array(bytes.prefix(sniffWindow))
        guard !window.isEmpty else { return .empty }
        if let kind = signatureKind(window) {
            return kind
        }
        let isCut = window.count == sniffWindow && !bytes.dropFirst(sniffWindow).isEmpty
        guard isPlausibleText(window, isCut: isCut) else { return .binary }
        return textKind(window)
    }

    // MARK: - Signatures

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let jpegSignature: [UInt8] = [0xFF, 0xD8, 0xFF]
    private static let gif87Signature = Array("GIF87a".utf8)
    private static let gif89Signature = Array("GIF89a".utf8)
    private static let riffSignature = Array("RIFF".utf8)
    private static let webpFormType = Array("WEBP".utf8)
    private static let pdfSignature = Array("%PDF-".utf8)
    private static let zipSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    /// The end-of-central-directory record an empty archive consists of.
    private static let emptyZipSignature: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    private static let gzipSignature: [UInt8] = [0x1F, 0x8B]
    /// The DIB header sizes that exist: core, OS/2 2.x short and long, info, v2, v3, v4, v5. Two letters `BM`
    /// alone would claim every text that starts with them.
    private static let bitmapHeaderSizes: Set<UInt32> = [12, 16, 40, 52, 56, 64, 108, 124]

    private static func signatureKind(_ bytes: [UInt8]) -> MediaKind? {
        if bytes.starts(with: pngSignature) { return .png }
        if bytes.starts(with: jpegSignature) { return .jpeg }
        if bytes.starts(with: gif87Signature) || bytes.starts(with: gif89Signature) { return .gif }
        if bytes.starts(with: riffSignature), bytes.count >= 12, bytes[8..<12].elementsEqual(webpFormType) {
            return .webp
        }
        if bytes.starts(with: pdfSignature) { return .pdf }
        if bytes.starts(with: zipSignature) || bytes.starts(with: emptyZipSignature) { return .zip }
        if bytes.starts(with: gzipSignature) { return .gzip }
        if isBitmapHeader(bytes) { return .bmp }
        return nil
    }

    private static func isBitmapHeader(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 18, bytes[0] == UInt8(ascii: "B"), bytes[1] == UInt8(ascii: "M") else { return false }
        let headerSize = UInt32(bytes[14]) | UInt32(bytes[15]) << 8 | UInt32(bytes[16]) << 16 | UInt32(bytes[17]) << 24
        return bitmapHeaderSizes.contains(headerSize)
    }

    // MARK: - Text

    /// Valid UTF-8 without control characters a text file would not hold. A sequence cut short by the end of
    /// the window counts only when the body goes on past the window.
    private static func isPlausibleText(_ bytes: [UInt8], isCut: Bool) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                guard lead >= 0x20 || allowedControls.contains(lead) else { return false }
                index += 1
                continue
            }
            // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
            let length: Int
            let second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return false
            }
            for position in 1..<length {
                guard index + position < bytes.count else { return isCut }
                let byte = bytes[index + position]
                guard (position == 1 ? second : 0x80...0xBF).contains(byte) else { return false }
            }
            index += length
        }
        return true
    }

    /// Tab, line feed, form feed, carriage return and escape (for text coloured with ANSI sequences).
    private static let allowedControls: Set<UInt8> = [0x09, 0x0A, 0x0C, 0x0D, 0x1B]
    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0C, 0x0D]
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private static func textKind(_ bytes: [UInt8]) -> MediaKind {
        let start = skipWhitespace(bytes, from: bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0)
        guard start < bytes.count else { return .text }
        switch bytes[start] {
        case UInt8(ascii: "{"):
            return opensJSON(bytes, after: start, allowing: objectContinuations) ? .json : .text
        case UInt8(ascii: "["):
            return opensJSON(bytes, after: start, allowing: arrayContinuations) ? .json : .text
        case UInt8(ascii: "<"):
            return markupKind(bytes, at: start)
        default:
            return .text
        }
    }

    private static let objectContinuations = Set("\"}".utf8)
    private static let arrayContinuations = Set("{[\"]-0123456789tfn".utf8)

    /// Whether what follows an opening bracket is something JSON allows there; the end of the window is.
    private static func opensJSON(_ bytes: [UInt8], after index: Int, allowing continuations: Set<UInt8>) -> Bool {
        let next = skipWhitespace(bytes, from: index + 1)
        return next >= bytes.count || continuations.contains(bytes[next])
    }

    private static func skipWhitespace(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count, whitespace.contains(bytes[index]) {
            index += 1
        }
        return index
    }

    // MARK: - Markup

    private static let commentOpen = Array("<!--".utf8)
    private static let commentClose = Array("-->".utf8)
    private static let htmlDoctype = Array("<!doctype html".utf8)
    /// The tags the WHATWG MIME Sniffing Standard takes for HTML, plus `meta` and `link`.
    private static let htmlTags = [
        "html", "head", "body", "title", "script", "style", "iframe", "h1", "div", "font", "table", "a", "b", "br",
        "p", "meta", "link",
    ].map { Array("<\($0)".utf8) }
    private static let tagTerminators = Set(" \t\n\u{0C}\r>/".utf8)

    private static func markupKind(_ bytes: [UInt8], at start: Int) -> MediaKind {
        var index = start
        // Each pass moves past a whole comment, so the loop ends within the window.
        while index < bytes.count, bytes[index] == UInt8(ascii: "<") {
            if bytes[index...].starts(with: commentOpen) {
                guard let close = end(of: commentClose, in: bytes, from: index + commentOpen.count) else {
                    return .xml
                }
                index = skipWhitespace(bytes, from: close)
                continue
            }
            if opens(bytes, at: index, withCaseInsensitive: htmlDoctype) { return .html }
            for tag in htmlTags where opens(bytes, at: index, withCaseInsensitive: tag) {
                return .html
            }
            return .xml
        }
        return .xml
    }

    /// Whether `word` (lowercase ASCII) starts at `index`, ignoring case, followed by a tag terminator or the
    /// end of the window.
    private static func opens(_ bytes: [UInt8], at index: Int, withCaseInsensitive word: [UInt8]) -> Bool {
        guard bytes.count - index >= word.count else { return false }
        for (offset, expected) in word.enumerated() {
            let byte = bytes[index + offset]
            let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            guard lowered == expected else { return false }
        }
        let after = index + word.count
        return after == bytes.count || tagTerminators.contains(bytes[after])
    }

    /// The index just past the first occurrence of `needle` at or after `index`.
    private static func end(of needle: [UInt8], in bytes: [UInt8], from index: Int) -> Int? {
        var candidate = index
        while candidate + needle.count <= bytes.count {
            if bytes[candidate..<(candidate + needle.count)].elementsEqual(needle) {
                return candidate + needle.count
            }
            candidate += 1
        }
        return nil
    }
}
