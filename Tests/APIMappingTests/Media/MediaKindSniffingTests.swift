import APIMapping
import Testing

@Suite("Sniffing a body's kind")
struct MediaKindSniffingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let expected: MediaKind

        init(_ name: String, _ bytes: [UInt8], _ expected: MediaKind) {
            (self.name, self.bytes, self.expected) = (name, bytes, expected)
        }

        init(_ name: String, text: String, _ expected: MediaKind) {
            self.init(name, Array(text.utf8), expected)
        }

        var testDescription: String { name }
    }

    static let signatures: [Case] = [
        Case("PNG", MediaFixtures.png(width: 1, height: 1), .png),
        Case("PNG signature alone", MediaFixtures.pngSignature, .png),
        Case("JPEG", MediaFixtures.jpeg(width: 640, height: 480), .jpeg),
        Case("GIF89a", MediaFixtures.gif(width: 3, height: 2), .gif),
        Case("GIF87a", MediaFixtures.gif(width: 3, height: 2, version: "GIF87a"), .gif),
        Case("WebP", MediaFixtures.webpLossless(width: 1, height: 1), .webp),
        Case("RIFF that is not WebP", Array("RIFF\u{24}\0\0\0WAVEfmt ".utf8), .binary),
        Case("BMP", MediaFixtures.bmp(width: 2, height: -2), .bmp),
        Case("BMP core header", MediaFixtures.bmpCore(width: 2, height: 2), .bmp),
        Case("BM without a plausible header size", text: "BMW owners club, since 1999", .text),
        Case("PDF", text: "%PDF-1.7\n%\u{E2}\u{E3}", .pdf),
        Case("ZIP", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], .zip),
        Case("empty ZIP", [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18), .zip),
        Case("gzip", [0x1F, 0x8B, 0x08, 0x00], .gzip),
        Case("nothing", [], .empty),
    ]

    static let text: [Case] = [
        Case("JSON object", text: "{\"id\": 1}", .json),
        Case("JSON empty object", text: "{}", .json),
        Case("JSON array", text: "[1, 2]", .json),
        Case("JSON array of objects", text: "[\n  {\"a\": true}\n]", .json),
        Case("JSON after BOM and whitespace", text: "\u{FEFF} \r\n\t{\"a\": 1}", .json),
        Case("JSON cut after the bracket", text: "[ ", .json),
        Case("log line in brackets", text: "[INFO] server started", .text),
        Case("brace prose", text: "{ this is not json }", .text),
        Case("JSON scalar", text: "42", .text),
        Case("HTML doctype", text: "<!DOCTYPE html>\n<html>", .html),
        Case("HTML doctype lower case", text: "<!doctype html><title>x</title>", .html),
        Case("html tag", text: "<HTML lang=\"en\">", .html),
        Case("body tag", text: "<body>\n<h1>502 Bad Gateway</h1>", .html),
        Case("paragraph tag", text: "<p>hello</p>", .html),
        Case("HTML after a comment", text: "<!-- generated -->\n<html>", .html),
        Case("XML after a comment", text: "<!-- generated --><feed/>", .xml),
        Case("unclosed comment", text: "<!-- forever", .xml),
        Case("XML declaration", text: "<?xml version=\"1.0\"?><html/>", .xml),
        Case("XML root", text: "<feed xmlns=\"http://www.w3.org/2005/Atom\">", .xml),
        Case("tag that starts like html", text: "<htmlish/>", .xml),
        Case("SVG", text: "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", .xml),
        Case("plain text", text: "Not Found", .text),
        Case("only whitespace", text: " \n\t ", .text),
        Case("only a BOM", [0xEF, 0xBB, 0xBF], .text),
        Case("UTF-8 text", text: "Grüße, 世界 🌍", .text),
        Case("ANSI-coloured text", text: "\u{1B}[31mred\u{1B}[0m\u{0C}", .text),
        Case("NUL byte", text: "abc\0def", .binary),
        Case("bell character", text: "ding\u{07}", .binary),
        Case("lone continuation byte", [0x61, 0x80, 0x61], .binary),
        Case("overlong slash", [0xC0, 0xAF], .binary),
        Case("encoded surrogate", [0xED, 0xA0, 0x80], .binary),
        Case("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80], .binary),
        Case("truncated sequence at the very end", Array("ab".utf8) + [0xE4, 0xB8], .binary),
        Case("UTF-16 JSON", [0xFF, 0xFE, 0x7B, 0x00], .binary),
    ]

    @Test(arguments: signatures + text)
    func sniffs(_ sample: Case) {
        #expect(MediaKind.sniff(sample.bytes) == sample.expected)
    }

    @Test("A multi-byte character cut by the 4 KiB window is still text; the same cut at the real end is not")
    func windowCut() {
        let body = [UInt8](repeating: UInt8(ascii: "a"), count: 4094) + Array("世界".utf8)
        #expect(MediaKind.sniff(body) == .text)
        #expect(MediaKind.sniff(body.prefix(4096)) == .binary)
    }

    @Test("Binary past the first 4 KiB does not count")
    func onlyTheWindowCounts() {
        let body = Array("{\"a\": 1}".utf8) + [UInt8](repeating: 0x20, count: 5000) + [0x00]
        #expect(MediaKind.sniff(body) == .json)
    }

    @Test("Sniffing reads none of a large body past its first 4096 bytes")
    func readsOnlyTheWindow() {
        let probe = ReadProbe()
        let body = ProbedBytes(count: 50_000_000, probe: probe)
        #expect(MediaKind.sniff(body) == .text)
        #expect(probe.highestRead == 4095)
    }

    @Test(arguments: MediaKind.allCases)
    func mimeTypesDeclareTheirOwnKind(_ kind: MediaKind) {
        switch kind {
        case .binary, .empty: #expect(MediaKind.declared(kind.mimeType) == nil)
        default: #expect(MediaKind.declared(kind.mimeType) == kind)
        }
    }

    @Test func imagesAreTheFiveRasterFormats() {
        #expect(MediaKind.allCases.filter(\.isImage) == [.png, .jpeg, .gif, .webp, .bmp])
    }
}

/// Remembers the furthest position read through a ``ProbedBytes``.
final class ReadProbe {
    var highestRead = -1
}

/// A body of `a`s that records how far into it anything reads, without holding its bytes.
struct ProbedBytes: Collection {
    let count: Int
    let probe: ReadProbe

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    func index(after index: Int) -> Int { index + 1 }

    subscript(position: Int) -> UInt8 {
        probe.highestRead = Swift.max(probe.highestRead, position)
        return UInt8(ascii: "a")
    }
}
